import { type PageQuery, Permission } from '@iot/contracts';
import type { IndicatorEnum, IndicatorType, PointValue } from '@iot/contracts/indicators';
import {
  type ControlBody,
  InstructionMessages,
  InstructionStatus,
  OPEN_INSTRUCTION_STATUSES,
} from '@iot/contracts/remote-control';
import type { FastifyBaseLogger } from 'fastify';
import type { AccessService, AuthContext } from '../../platform/auth/access.service.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import {
  type DeviceChannel,
  type DeviceIdentity,
  nativeAckTopic,
  nativeCommandsTopic,
  normaliseValue,
  TB_RPC_REQUEST_TOPIC,
  tbRpcRequestTopic,
  tbRpcResponseId,
} from '../telemetry/index.js';
import type { InstructionRow, RemoteControlRepository } from './remote-control.repository.js';

export const REMOTE_CONTROL_MENU = 'router-equipmentRemoteControl';
const MAX_MESSAGE = 1024;
const S = InstructionStatus;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Remote control (docs/decisions/0010-remote-control.md): checks and records a command, sends it
 * to the device's own session (native commands topic or ThingsBoard RPC), queues it while the
 * device is offline, and closes the record on the device's acknowledgement or a timeout.
 */
export class RemoteControlService {
  /** One delivery at a time per gateway, so a command issued as the device reconnects goes out once. */
  private readonly locks = new Map<number, Promise<unknown>>();

  constructor(
    private readonly repository: RemoteControlRepository,
    private readonly devices: DeviceChannel,
    private readonly access: AccessService,
    private readonly log: FastifyBaseLogger,
    private readonly timeoutMs: number,
  ) {}

  private async gatewayFor(auth: AuthContext, gatewayId: number, bit: number) {
    const gateway = await this.repository.gateway(gatewayId);
    if (!gateway || gateway.project_id === null) {
      throw auth.isSystemAdmin ? notFound('网关不存在') : forbidden();
    }
    await this.access.authorize(
      auth,
      { menu: REMOTE_CONTROL_MENU, bit, scope: 'project' },
      gateway.project_id,
    );
    return { ...gateway, project_id: gateway.project_id };
  }

  /** Records the command and sends it; answers the record with its pending code (20100 or 20101). */
  async control(auth: AuthContext, gatewayId: number, body: ControlBody): Promise<InstructionRow> {
    const gateway = await this.gatewayFor(auth, gatewayId, Permission.UPDATE);
    const target = await this.repository.target(gatewayId, body.metric);
    if (!target) throw badRequest(`网关没有指标 ${body.metric}`);
    if (target.ioType !== 'w' && target.ioType !== 'rw') throw badRequest('只读指标不能远程控制');
    const normalised = normaliseValue(
      {
        type: target.type as IndicatorType,
        decimalPlaces: target.decimalPlaces,
        enums: JSON.parse(target.enums) as IndicatorEnum[],
      },
      body.value,
    );
    if (!normalised.ok) throw badRequest(`控制值无效：${normalised.reason}`);

    return this.serialised(gatewayId, async () => {
      const now = Date.now();
      const record = await this.repository.insert({
        gateway_id: gatewayId,
        gateway_indicator_id: target.gatewayIndicatorId,
        project_id: gateway.project_id,
        user_id: auth.userId,
        metric: body.metric,
        value: String(normalised.value),
        status: S.QUEUED,
        message: InstructionMessages[S.QUEUED],
        created_at: now,
        sent_at: null,
        acknowledged_at: null,
      });
      if (await this.deliver(gateway.serial_number, record, normalised.value)) {
        const changes = { status: S.SENT, message: InstructionMessages[S.SENT], sent_at: Date.now() };
        // A fast device may have answered already; the record then keeps its outcome.
        await this.repository.transition(record.id, [S.QUEUED], changes);
        return { ...record, ...changes };
      }
      await this.repository.supersede(
        target.gatewayIndicatorId,
        record.id,
        S.QUEUED,
        S.SUPERSEDED,
        InstructionMessages[S.SUPERSEDED],
      );
      return record;
    });
  }

  async records(auth: AuthContext, gatewayId: number, query: PageQuery) {
    await this.gatewayFor(auth, gatewayId, Permission.READ);
    return this.repository.page(gatewayId, query);
  }

  /** A device subscribed: if it subscribed to its commands, send what was queued while it was away. */
  subscribed(device: DeviceIdentity, filter: string): void {
    if (filter !== nativeCommandsTopic(device.serialNumber) && filter !== TB_RPC_REQUEST_TOPIC) return;
    this.serialised(device.gatewayId, () => this.flush(device)).catch((error: unknown) =>
      this.log.error({ err: error, gateway: device.serialNumber }, 'queued commands not delivered'),
    );
  }

  private async flush(device: DeviceIdentity): Promise<void> {
    for (const row of await this.repository.queued(device.gatewayId, S.QUEUED)) {
      if (row.indicator_type === null) {
        // The indicator was removed while the command waited.
        await this.repository.transition(row.id, [S.QUEUED], {
          status: S.FAILED,
          message: '指标已删除，指令未下发',
        });
        continue;
      }
      const value = row.indicator_type === 'text' ? row.value : Number(row.value);
      if (!(await this.deliver(device.serialNumber, row, value))) return;
      await this.repository.transition(row.id, [S.QUEUED], {
        status: S.CACHED_SENT,
        message: InstructionMessages[S.CACHED_SENT],
        sent_at: Date.now(),
      });
    }
  }

  /** Native and ThingsBoard downlinks; each reaches only the gateway's sessions subscribed to it. */
  private async deliver(serialNumber: string, record: InstructionRow, value: PointValue): Promise<boolean> {
    const [native, thingsBoard] = await Promise.all([
      this.devices.sendTo(
        record.gateway_id,
        nativeCommandsTopic(serialNumber),
        JSON.stringify({ id: record.id, metric: record.metric, value }),
      ),
      this.devices.sendTo(
        record.gateway_id,
        tbRpcRequestTopic(record.id),
        JSON.stringify({ method: 'setValue', params: { [record.metric]: value } }),
      ),
    ]);
    return native + thingsBoard > 0;
  }

  /** A device's message on a topic other than telemetry: a command acknowledgement, or nothing. */
  async message(device: DeviceIdentity, topic: string, payload: Buffer): Promise<void> {
    const text = payload.toString('utf8');
    if (topic === nativeAckTopic(device.serialNumber)) {
      const ack = parseJson(text);
      if (!isObject(ack) || typeof ack.id !== 'number' || typeof ack.success !== 'boolean') {
        this.log.warn({ gateway: device.serialNumber }, 'command acknowledgement is not {id, success}');
        return;
      }
      const message = typeof ack.message === 'string' ? ack.message : undefined;
      await this.acknowledge(device, ack.id, ack.success, message);
      return;
    }
    const requestId = tbRpcResponseId(topic);
    if (requestId === null) return;
    // ThingsBoard: any answer is success unless it carries "error".
    const answer = parseJson(text);
    const failed = isObject(answer) && 'error' in answer;
    const message = failed
      ? typeof answer.error === 'string'
        ? answer.error
        : JSON.stringify(answer.error)
      : undefined;
    await this.acknowledge(device, requestId, !failed, message);
  }

  private async acknowledge(
    device: DeviceIdentity,
    id: number,
    success: boolean,
    deviceMessage: string | undefined,
  ): Promise<void> {
    const row = await this.repository.byId(id);
    // A device closes only its own records, and only while they are open (a late answer is ignored).
    if (!row || row.gateway_id !== device.gatewayId || !OPEN_INSTRUCTION_STATUSES.includes(row.status)) {
      this.log.warn({ gateway: device.serialNumber, id }, 'command acknowledgement for no open record');
      return;
    }
    const status = success ? (row.status === S.CACHED_SENT ? S.CACHED_SUCCESS : S.SUCCESS) : S.FAILED;
    await this.repository.transition(id, [row.status], {
      status,
      message: (deviceMessage || InstructionMessages[status]).slice(0, MAX_MESSAGE),
      acknowledged_at: Date.now(),
    });
  }

  /** Closes delivered commands the device did not answer within the timeout. */
  async expire(now = Date.now()): Promise<number> {
    return this.repository.expire(
      [S.SENT, S.CACHED_SENT],
      now - this.timeoutMs,
      S.TIMEOUT,
      InstructionMessages[S.TIMEOUT],
    );
  }

  private serialised<T>(gatewayId: number, work: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(gatewayId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const tail = next.catch(() => undefined);
    this.locks.set(gatewayId, tail);
    void tail.then(() => {
      if (this.locks.get(gatewayId) === tail) this.locks.delete(gatewayId);
    });
    return next;
  }
}
