import { performance } from 'node:perf_hooks';
import { INDICATOR_TYPES } from '@iot/contracts/indicators';
import type { FastifyBaseLogger } from 'fastify';
import { sha256 } from '../../platform/auth/tokens.js';
import type { LiveBus } from '../../platform/bus.js';
import type { ClusterBus } from '../../platform/cluster-bus.js';
import { gatewayConfigChannel } from '../../platform/gateway-config.js';
import { NodeCache } from '../../platform/node-cache.js';
import { clockStatusOf, normaliseValue, type ParsedPayload, parsePayload, storageTime } from './normalise.js';
import type { DeviceIdentity } from './protocol.js';
import type { RejectionRecorder } from './rejections.js';
import type { IndicatorBinding, StoredPoint, TelemetryRepository } from './telemetry.repository.js';
import type { TelemetryWriter } from './writer.js';

/**
 * How long a gateway's indicator list may be reused. Every change to it is announced on the
 * cluster bus (gateway-config channel) and applies at once; this only bounds a change made on a
 * node whose broker link was down while this node's was up (docs/decisions/0030-per-node-caches.md).
 */
const BINDINGS_TTL_MS = 10 * 60_000;
/** How recently a message must have been taken for devices to count as sending now. */
const BUSY_WINDOW_MS = 100;

interface Presence {
  connections: number;
  lastSeen: number;
  persistedLastSeen: number;
  online: boolean;
  clockStatus: string | null;
}

export interface IngestResult {
  stored: number;
  unknownKeys: number;
  rejectedValues: number;
  /** Why the whole message was refused (one Chinese sentence), when it was; it counts as one rejected value. */
  refused?: string;
}

/**
 * The ingest pipeline: authenticate the device, decode, normalise by indicator type and decimals,
 * batch-write, then update presence and publish on the live bus. Bad input is counted on the
 * gateway, logged and noted in its recent rejections (rejections.ts), never thrown at the transport.
 */
export class IngestService {
  private readonly bindings: NodeCache<number, Map<string, IndicatorBinding>>;
  private readonly presence = new Map<number, Presence>();
  private readonly onlineHandlers: ((device: DeviceIdentity) => void)[] = [];
  private readonly storedHandlers: ((device: DeviceIdentity, points: StoredPoint[]) => void)[] = [];
  private readonly inFlight = new Set<Promise<IngestResult>>();
  private lastTakenAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly repository: TelemetryRepository,
    private readonly writer: TelemetryWriter,
    private readonly bus: LiveBus,
    private readonly log: FastifyBaseLogger,
    private readonly offlineTimeoutMs: number,
    private readonly rejections: RejectionRecorder,
    cluster: ClusterBus,
  ) {
    this.bindings = new NodeCache(cluster, { ttlMs: BINDINGS_TTL_MS, maxEntries: 100_000 });
    cluster.subscribe(gatewayConfigChannel, (change) => {
      if ('all' in change) this.bindings.clear();
      else for (const gatewayId of change.gatewayIds) this.bindings.delete(gatewayId);
    });
  }

  /**
   * Native devices sign in with username = serial number and password = secret; ThingsBoard-style
   * devices send the secret as username (access token) and no password.
   */
  async authenticate(
    username: string | undefined,
    password: string | undefined,
  ): Promise<DeviceIdentity | null> {
    const secret = password || username;
    if (!secret) return null;
    const gateway = await this.repository.gatewayBySecretHash(sha256(secret));
    if (!gateway) return null;
    if (password && username && username !== gateway.serial_number) return null;
    return { gatewayId: gateway.id, serialNumber: gateway.serial_number, projectId: gateway.project_id };
  }

  /** A device known by its serial number (messages relayed by an external broker that authenticated it). */
  async deviceBySerial(serialNumber: string): Promise<DeviceIdentity | null> {
    const gateway = await this.repository.gatewayBySerial(serialNumber);
    return gateway
      ? { gatewayId: gateway.id, serialNumber: gateway.serial_number, projectId: gateway.project_id }
      : null;
  }

  /**
   * Handles one message; `drain()` waits for every message taken so far. `source` (the MQTT topic,
   * or http / modbus) is kept with a rejected payload.
   */
  ingest(device: DeviceIdentity, text: string, now = Date.now(), source = 'http'): Promise<IngestResult> {
    return this.track(this.process(device, parsePayload(text), text, now, source));
  }

  /** Counts and lists a message refused before it is read (an HTTP body that is not declared JSON). */
  refuse(
    device: DeviceIdentity,
    reason: string,
    text: string,
    now = Date.now(),
    source = 'http',
  ): Promise<IngestResult> {
    return this.track(this.process(device, { ok: false, reason }, text, now, source));
  }

  private track(work: Promise<IngestResult>): Promise<IngestResult> {
    this.lastTakenAt = performance.now();
    this.inFlight.add(work);
    const forget = () => this.inFlight.delete(work);
    work.then(forget, forget);
    return work;
  }

  /** Messages taken and not yet stored: above 0, devices are waiting on this node. */
  get pending(): number {
    return this.inFlight.size;
  }

  /**
   * Devices are sending to this node now: a message is waiting, or one was taken within the last
   * 100 ms. Between a commit and the devices' next messages nothing is pending for a moment (on
   * SQLite the commit is synchronous), and work admitted in that moment would not count as
   * competing with ingest (the assistant's budget, decision 0060).
   */
  get busy(): boolean {
    return this.inFlight.size > 0 || performance.now() - this.lastTakenAt < BUSY_WINDOW_MS;
  }

  async drain(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  private async process(
    device: DeviceIdentity,
    parsed: ParsedPayload,
    text: string,
    now: number,
    source: string,
  ): Promise<IngestResult> {
    const result: IngestResult = { stored: 0, unknownKeys: 0, rejectedValues: 0 };
    // What is wrong with the message, one Chinese sentence each, for the gateway's rejection list.
    const problems: string[] = [];
    const entries = parsed.ok ? parsed.entries : null;
    let clockStatus: string | null = null;
    const points: StoredPoint[] = [];
    const params: Record<string, number | string> = {};
    let latestTs = 0;
    if (!parsed.ok) {
      result.rejectedValues = 1;
      result.refused = parsed.reason;
      problems.push(parsed.reason);
      this.log.warn({ gateway: device.serialNumber, reason: parsed.reason }, 'telemetry payload refused');
    } else {
      const byKey = await this.bindingsOf(device.gatewayId);
      for (const entry of parsed.entries) {
        const status = entry.ts === undefined ? null : clockStatusOf(entry.ts, now);
        if (entry.ts !== undefined) clockStatus = status;
        if (status === 'errorTime')
          problems.push('时间戳无效（须为 2000 年以后的毫秒数），数值按接收时间保存');
        const ts = storageTime(entry.ts, status, now);
        for (const [key, raw] of Object.entries(entry.values)) {
          const binding = byKey.get(key);
          if (!binding) {
            result.unknownKeys += 1;
            problems.push(`未知数据键 ${key}：网关没有该数据标识的指标`);
            continue;
          }
          const normalised = normaliseValue(binding, raw);
          if (!normalised.ok) {
            result.rejectedValues += 1;
            problems.push(
              `数据键 ${key} 的值 ${preview(raw)} ${normalised.reason}（指标类型：${INDICATOR_TYPES[binding.type]}）`,
            );
            this.log.warn(
              { gateway: device.serialNumber, key, reason: normalised.reason },
              'telemetry value rejected',
            );
            continue;
          }
          points.push({ gatewayIndicatorId: binding.gatewayIndicatorId, ts, value: normalised.value });
          latestTs = Math.max(latestTs, ts);
          params[key] = normalised.value;
        }
      }
    }
    if (problems.length > 0) this.rejections.record(device.gatewayId, source, problems, text, now);
    await this.writer.write(points);
    result.stored = points.length;
    if (points.length > 0) for (const handler of this.storedHandlers) handler(device, points);
    if (result.unknownKeys > 0 || result.rejectedValues > 0) {
      await this.repository.countProblems(device.gatewayId, result.unknownKeys, result.rejectedValues);
    }
    // A value entered by hand says nothing about a device: presence and clock stay as they are.
    if (source !== 'manual')
      await this.seen(device, now, entries?.some((e) => e.ts !== undefined) ? clockStatus : undefined);
    if (points.length > 0) {
      this.bus.publishTelemetry({
        gatewayId: device.gatewayId,
        serialNumber: device.serialNumber,
        projectId: device.projectId,
        params,
        ts: latestTs,
      });
    }
    return result;
  }

  /** Whether the gateway is online now (traffic within the offline timeout, or an MQTT connection). */
  isOnline(gatewayId: number): boolean {
    return this.presence.get(gatewayId)?.online ?? false;
  }

  /** Called with every message's points once they are committed (the warning engine). */
  onStored(handler: (device: DeviceIdentity, points: StoredPoint[]) => void): void {
    this.storedHandlers.push(handler);
  }

  /** Called when a gateway turns online (its first traffic or connection after being offline). */
  onOnline(handler: (device: DeviceIdentity) => void): void {
    this.onlineHandlers.push(handler);
  }

  /** A device connected. Never rejects: a failed presence write is logged (the next message retries it). */
  async connected(device: DeviceIdentity): Promise<void> {
    const presence = this.presenceOf(device.gatewayId);
    presence.connections += 1;
    await this.seen(device, Date.now(), undefined).catch((error: unknown) =>
      this.log.warn({ err: error, gateway: device.serialNumber }, 'gateway presence not written'),
    );
  }

  /** A device disconnected. Never rejects: a failed write is left to the timeout sweep. */
  async disconnected(device: DeviceIdentity): Promise<void> {
    const presence = this.presenceOf(device.gatewayId);
    presence.connections = Math.max(0, presence.connections - 1);
    if (presence.connections === 0 && presence.online) {
      presence.online = false;
      try {
        await this.repository.setPresence(device.gatewayId, {
          onlineStatus: 'offlineNormal',
          lastSeenAt: presence.lastSeen,
        });
        presence.persistedLastSeen = presence.lastSeen;
      } catch (error) {
        // The sweep marks it offline once it has been silent for the timeout.
        this.log.warn({ err: error, gateway: device.serialNumber }, 'gateway presence not written');
      }
    }
  }

  /**
   * Persists last-seen times (kept in memory between runs to spare a write per message), then marks
   * gateways silent for longer than the offline timeout — unless an MQTT connection keeps them
   * online. Silence is judged by what every node wrote, not by this node's memory: an external
   * broker shares one device's messages among the nodes, and a gateway may be online in the
   * database without ever having reached this node (another node saw it, then stopped).
   */
  async sweep(now = Date.now()): Promise<void> {
    const cutoff = now - this.offlineTimeoutMs;
    for (const [gatewayId, presence] of this.presence) {
      if (presence.lastSeen > presence.persistedLastSeen) {
        await this.repository.touchLastSeen(gatewayId, presence.lastSeen);
        presence.persistedLastSeen = presence.lastSeen;
      }
      // Quiet here: the next message here writes 'online' again, whoever marks it offline meanwhile.
      if (presence.online && presence.connections === 0 && presence.lastSeen < cutoff)
        presence.online = false;
    }
    for (const gatewayId of await this.repository.silentSince(cutoff)) {
      if ((this.presence.get(gatewayId)?.connections ?? 0) > 0) continue;
      await this.repository.markTimedOut(gatewayId, cutoff);
    }
  }

  private async seen(
    device: DeviceIdentity,
    now: number,
    clockStatus: string | null | undefined,
  ): Promise<void> {
    const presence = this.presenceOf(device.gatewayId);
    presence.lastSeen = Math.max(presence.lastSeen, now);
    const changes: { onlineStatus?: string; lastSeenAt?: number; clockStatus?: string | null } = {};
    const cameOnline = !presence.online;
    if (cameOnline) {
      presence.online = true;
      changes.onlineStatus = 'online';
      changes.lastSeenAt = now;
      presence.persistedLastSeen = now;
    }
    const previousClockStatus = presence.clockStatus;
    if (clockStatus !== undefined && clockStatus !== presence.clockStatus) {
      presence.clockStatus = clockStatus;
      changes.clockStatus = clockStatus;
    }
    try {
      await this.repository.setPresence(device.gatewayId, changes);
    } catch (error) {
      // Not written (the database is away): forget the change so the next message writes it again.
      if (cameOnline) presence.online = false;
      presence.clockStatus = previousClockStatus;
      throw error;
    }
    if (cameOnline) for (const handler of this.onlineHandlers) handler(device);
  }

  private presenceOf(gatewayId: number): Presence {
    let presence = this.presence.get(gatewayId);
    if (!presence) {
      presence = { connections: 0, lastSeen: 0, persistedLastSeen: 0, online: false, clockStatus: null };
      this.presence.set(gatewayId, presence);
    }
    return presence;
  }

  private async bindingsOf(gatewayId: number): Promise<Map<string, IndicatorBinding>> {
    const byKey = await this.bindings.get(
      gatewayId,
      async () => new Map((await this.repository.bindings(gatewayId)).map((b) => [b.dataIdentification, b])),
    );
    return byKey ?? new Map();
  }
}

/** A raw value as it appears in a reason: its JSON, cut short (parsePayload bounded its depth). */
function preview(raw: unknown): string {
  const json = JSON.stringify(raw) ?? String(raw);
  return json.length > 40 ? `${json.slice(0, 39)}…` : json;
}
