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
import { type DeviceIdentity, nativeAckTopic, normaliseValue, tbRpcResponseId } from '../telemetry/index.js';
import type { ControlTarget, InstructionRow, RemoteControlRepository } from './remote-control.repository.js';
import type { CommandAnswers, CommandTransport } from './transports.js';

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
 * Remote control (docs/decisions/0010-remote-control.md): checks and records a command, hands it
 * to the first transport that reaches the device now (MQTT session, DTU connection), queues it
 * while the device is away, and closes the record on the device's answer or a timeout.
 */
export class RemoteControlService implements CommandAnswers {
  /** One delivery at a time per gateway, so a command issued as the device reconnects goes out once. */
  private readonly locks = new Map<number, Promise<unknown>>();
  private readonly transports: CommandTransport[] = [];

  constructor(
    private readonly repository: RemoteControlRepository,
    private readonly access: AccessService,
    private readonly log: FastifyBaseLogger,
    private readonly timeoutMs: number,
  ) {}

  addTransport(transport: CommandTransport): void {
    this.transports.push(transport);
  }

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
    return this.issue(
      { id: gatewayId, serialNumber: gateway.serial_number, projectId: gateway.project_id },
      target,
      body.metric,
      normalised.value,
      { userId: auth.userId, repositionOf: null },
    );
  }

  /** Records a checked command and hands it over, or queues it (closing older queued ones on the indicator). */
  private issue(
    gateway: { id: number; serialNumber: string; projectId: number | null },
    target: ControlTarget,
    metric: string,
    value: PointValue,
    origin: { userId: number | null; repositionOf: number | null },
  ): Promise<InstructionRow> {
    return this.serialised(gateway.id, async () => {
      // A person's command on an auto-reposition indicator remembers what to return to.
      const repositionValue =
        target.reposition && origin.repositionOf === null
          ? ((await this.repository.currentValue(target.gatewayIndicatorId)) ??
            (target.type === 'text' ? null : '0'))
          : null;
      const record = await this.repository.insert({
        gateway_id: gateway.id,
        gateway_indicator_id: target.gatewayIndicatorId,
        project_id: gateway.projectId,
        user_id: origin.userId,
        metric,
        value: String(value),
        status: S.QUEUED,
        message: InstructionMessages[S.QUEUED],
        created_at: Date.now(),
        sent_at: null,
        acknowledged_at: null,
        reposition_value: repositionValue,
        reposition_at: null,
        reposition_of: origin.repositionOf,
      });
      if (await this.deliver(gateway.serialNumber, record, value)) {
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

  /**
   * Sends the returns (复位) that are due: each as a command of its own with the remembered value,
   * checked against the indicator as it is now. Runs from a timer set at the answer and from the
   * timeout job (which also catches returns that fell due while the server was down).
   */
  async repositionDue(now = Date.now()): Promise<void> {
    for (const row of await this.repository.repositionsDue(now)) {
      if (
        row.reposition_at === null ||
        !(await this.repository.claimReposition(row.id, Number(row.reposition_at)))
      )
        continue;
      const gateway = await this.repository.gateway(row.gateway_id);
      const target = await this.repository.target(row.gateway_id, row.metric);
      const value =
        target &&
        normaliseValue(
          {
            type: target.type as IndicatorType,
            decimalPlaces: target.decimalPlaces,
            enums: JSON.parse(target.enums),
          },
          target.type === 'text' ? (row.reposition_value ?? '') : Number(row.reposition_value),
        );
      if (!gateway || !target || !value?.ok || (target.ioType !== 'w' && target.ioType !== 'rw')) {
        this.log.warn({ record: row.id }, 'auto-reposition skipped: the indicator changed');
        continue;
      }
      await this.issue(
        { id: gateway.id, serialNumber: gateway.serial_number, projectId: gateway.project_id },
        target,
        row.metric,
        value.value,
        { userId: null, repositionOf: row.id },
      );
    }
  }

  async records(auth: AuthContext, gatewayId: number, query: PageQuery) {
    await this.gatewayFor(auth, gatewayId, Permission.READ);
    return this.repository.page(gatewayId, query);
  }

  /** A gateway became reachable (subscribed to its commands, a DTU registered): send what was queued. */
  ready(gatewayId: number, serialNumber: string): void {
    this.serialised(gatewayId, () => this.flush(gatewayId, serialNumber)).catch((error: unknown) =>
      this.log.error({ err: error, gateway: serialNumber }, 'queued commands not delivered'),
    );
  }

  private async flush(gatewayId: number, serialNumber: string): Promise<void> {
    for (const row of await this.repository.queued(gatewayId, S.QUEUED)) {
      if (row.indicator_type === null) {
        // The indicator was removed while the command waited.
        await this.repository.transition(row.id, [S.QUEUED], {
          status: S.FAILED,
          message: '指标已删除，指令未下发',
        });
        continue;
      }
      const value = row.indicator_type === 'text' ? row.value : Number(row.value);
      // One no transport takes (a DTU indicator without a Modbus point) waits; the others go on.
      if (!(await this.deliver(serialNumber, row, value))) continue;
      await this.repository.transition(row.id, [S.QUEUED], {
        status: S.CACHED_SENT,
        message: InstructionMessages[S.CACHED_SENT],
        sent_at: Date.now(),
      });
    }
  }

  /** Hands the command to the first transport that reaches the gateway now. */
  private async deliver(serialNumber: string, record: InstructionRow, value: PointValue): Promise<boolean> {
    const command = {
      id: record.id,
      gatewayId: record.gateway_id,
      serialNumber,
      gatewayIndicatorId: record.gateway_indicator_id,
      metric: record.metric,
      value,
    };
    for (const transport of this.transports) if (await transport.send(command)) return true;
    return false;
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
      await this.answer(device.gatewayId, ack.id, ack.success, message);
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
    await this.answer(device.gatewayId, requestId, !failed, message);
  }

  /**
   * A device's answer to a command; a device closes only its own records, and only while they are
   * open. It waits for a delivery in progress to the gateway: a fast device (a DTU's slave answers
   * in milliseconds) would otherwise race the 20100/20103 update that follows the send.
   */
  answer(gatewayId: number, id: number, success: boolean, deviceMessage?: string): Promise<void> {
    return this.serialised(gatewayId, () => this.close(gatewayId, id, success, deviceMessage));
  }

  private async close(
    gatewayId: number,
    id: number,
    success: boolean,
    deviceMessage?: string,
  ): Promise<void> {
    const row = await this.repository.byId(id);
    // A late answer (after the timeout) is ignored.
    if (!row || row.gateway_id !== gatewayId || !OPEN_INSTRUCTION_STATUSES.includes(row.status)) {
      this.log.warn({ gatewayId, id }, 'command acknowledgement for no open record');
      return;
    }
    const status = success ? (row.status === S.CACHED_SENT ? S.CACHED_SUCCESS : S.SUCCESS) : S.FAILED;
    const now = Date.now();
    const delayMs = success && row.reposition_value !== null ? await this.repositionDelayMs(row) : null;
    const moved = await this.repository.transition(id, [row.status], {
      status,
      message: (deviceMessage || InstructionMessages[status]).slice(0, MAX_MESSAGE),
      acknowledged_at: now,
      ...(delayMs !== null ? { reposition_at: now + delayMs } : {}),
    });
    if (moved && delayMs !== null) {
      setTimeout(() => {
        this.repositionDue().catch((error: unknown) =>
          this.log.error({ err: error }, 'auto-reposition failed'),
        );
      }, delayMs).unref();
    }
  }

  private async repositionDelayMs(row: InstructionRow): Promise<number | null> {
    const target = await this.repository.target(row.gateway_id, row.metric);
    return target?.reposition ? target.reposition.delaySeconds * 1000 : null;
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
