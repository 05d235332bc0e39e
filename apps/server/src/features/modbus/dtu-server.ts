import { createServer, type Server, type Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { listenWithFallback } from '../../platform/listen.js';
import type { IngestService } from '../telemetry/index.js';
import {
  buildRequest,
  decodeRead,
  type ModbusRequest,
  type ParsedResponse,
  type PlannedPoint,
  planReads,
  readResponse,
} from './codec.js';
import type { PollPlan } from './modbus.service.js';

export type DeviceIdentity = NonNullable<Awaited<ReturnType<IngestService['authenticate']>>>;

/** What the listener needs from the rest of the server. */
export interface DtuHooks {
  authenticate(serialNumber: string, secret: string): Promise<DeviceIdentity | null>;
  /** Hands decoded values to the normal ingest pipeline as `{key: value}` JSON. */
  ingest(device: DeviceIdentity, text: string): Promise<unknown>;
  connected(device: DeviceIdentity): void;
  disconnected(device: DeviceIdentity): void;
  plan(gatewayId: number): Promise<PollPlan>;
}

export interface DtuOptions {
  port: number;
  host: string;
  /** When the port is taken, how many following ports to try (0: fail). */
  tryNextPorts?: number;
  /** The registration packet must arrive within this time after connecting. */
  registrationTimeoutMs?: number;
  /** A registration without a newline counts as complete after this much silence. */
  registrationQuietMs?: number;
  /** How long one request waits for its answer. */
  responseTimeoutMs?: number;
}

/** A DTU's line to its slaves while one job holds it. */
export interface ModbusLine {
  /** False once the connection closed: nothing more goes out. */
  isOpen(): boolean;
  /** Sends one request and waits for its answer; null on timeout or close. */
  request(request: ModbusRequest): Promise<ParsedResponse | null>;
}

/** A registered DTU, for work besides polling (command writes). */
export interface DtuLink {
  readonly device: DeviceIdentity;
  /**
   * Runs `work` with the line to itself, after the jobs already waiting: poll requests and writes
   * take turns and never overlap on the wire.
   */
  exclusive<T>(work: (line: ModbusLine) => Promise<T>): Promise<T>;
  /** Reads these points now (one request at a time, between other jobs) and ingests their values. */
  poll(points: PlannedPoint[]): Promise<void>;
}

export interface DtuServer {
  port: number;
  /** Open, registered DTU connections. */
  connections(): number;
  /** The gateway's registered DTU, if one is connected now. */
  link(gatewayId: number): DtuLink | undefined;
  close(): Promise<void>;
}

const MAX_REGISTRATION_BYTES = 256;
const MAX_BUFFER_BYTES = 4096;
const PLAN_RETRY_MS = 5000;

/**
 * One DTU's TCP connection: registration (`SERIAL,SECRET\n`), then a poll loop; poll reads and
 * command writes take turns on the line, one RTU request at a time, each waiting for its answer
 * (decision 0011).
 */
class DtuConnection implements DtuLink {
  private state: 'registering' | 'authenticating' | 'polling' | 'closed' = 'registering';
  private buffer = Buffer.alloc(0);
  private registered: DeviceIdentity | undefined;
  private pending: { request: ModbusRequest; done: (answer: ParsedResponse | null) => void } | undefined;
  /** The tail of the jobs waiting for the line (see exclusive). */
  private line: Promise<unknown> = Promise.resolve();
  private registrationTimer: NodeJS.Timeout | undefined;
  private quietTimer: NodeJS.Timeout | undefined;
  private wake: (() => void) | undefined;
  /** Settles when the connection is closed and its loop has stopped. */
  finished: Promise<void> = Promise.resolve();

  constructor(
    readonly socket: Socket,
    private readonly hooks: DtuHooks,
    private readonly options: Required<Omit<DtuOptions, 'port' | 'host' | 'tryNextPorts'>>,
    private readonly log: FastifyBaseLogger,
    private readonly onRegistered: (connection: DtuConnection) => void,
    private readonly onClosed: (connection: DtuConnection) => void,
  ) {}

  get gatewayId(): number | undefined {
    return this.registered?.gatewayId;
  }

  get device(): DeviceIdentity {
    if (!this.registered) throw new Error('DTU not registered');
    return this.registered;
  }

  start(): void {
    this.socket.setNoDelay(true);
    this.socket.setKeepAlive(true, 60_000);
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    this.socket.on('error', (error) => this.log.debug({ err: error, dtu: this.name() }, 'DTU socket error'));
    this.socket.on('close', () => this.closed());
    this.registrationTimer = setTimeout(
      () => this.reject('no registration packet in time'),
      this.options.registrationTimeoutMs,
    );
  }

  close(): void {
    this.socket.destroy();
    this.closed();
  }

  private name(): string {
    return this.registered?.serialNumber ?? `${this.socket.remoteAddress}:${this.socket.remotePort}`;
  }

  private onData(chunk: Buffer): void {
    if (this.state === 'registering') {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      const newline = this.buffer.indexOf(0x0a);
      if (newline >= 0) {
        // Anything after the line (a DTU's first heartbeat, say) is dropped.
        void this.register(this.buffer.subarray(0, newline));
      } else if (this.buffer.length > MAX_REGISTRATION_BYTES) {
        this.reject('registration packet too long');
      } else {
        clearTimeout(this.quietTimer);
        this.quietTimer = setTimeout(() => void this.register(this.buffer), this.options.registrationQuietMs);
      }
      return;
    }
    // Between requests, a DTU's heartbeats and line noise are dropped.
    if (this.state !== 'polling' || !this.pending) return;
    this.buffer = Buffer.concat([this.buffer, chunk]);
    if (this.buffer.length > MAX_BUFFER_BYTES) this.buffer = this.buffer.subarray(-MAX_BUFFER_BYTES);
    this.scan();
  }

  /** Takes the pending request's answer off the buffer, skipping bytes that cannot start it. */
  private scan(): void {
    let skipped = 0;
    while (this.pending && this.buffer.length > 0) {
      const result = readResponse(this.buffer, this.pending.request);
      if (result.kind === 'incomplete') break;
      this.buffer = this.buffer.subarray(result.used);
      if (result.kind === 'invalid') {
        skipped += result.used;
        continue;
      }
      this.pending.done(result);
    }
    if (skipped > 0) this.log.debug({ dtu: this.name(), skipped }, 'DTU bytes skipped');
  }

  private async register(packet: Buffer): Promise<void> {
    if (this.state !== 'registering') return;
    this.state = 'authenticating';
    clearTimeout(this.quietTimer);
    this.buffer = Buffer.alloc(0);
    const text = packet.toString('utf8').replace(/\r$/, '').trim();
    const comma = text.indexOf(',');
    const serialNumber = comma < 0 ? text : text.slice(0, comma).trim();
    const secret = comma < 0 ? '' : text.slice(comma + 1).trim();
    if (!serialNumber || !secret) return this.reject('registration without serial number and secret');
    let device: DeviceIdentity | null;
    try {
      device = await this.hooks.authenticate(serialNumber, secret);
    } catch (error) {
      this.log.error({ err: error }, 'DTU authentication failed');
      device = null;
    }
    if (!device) return this.reject(`bad credentials for ${serialNumber.slice(0, 64)}`);
    if (this.state !== 'authenticating') return; // closed meanwhile
    clearTimeout(this.registrationTimer);
    this.registered = device;
    this.state = 'polling';
    this.onRegistered(this);
    this.hooks.connected(device);
    this.log.info({ dtu: device.serialNumber }, 'DTU registered');
    this.finished = this.pollLoop(device).catch((error: unknown) => {
      this.log.error({ err: error, dtu: device.serialNumber }, 'DTU poll loop failed');
      this.close();
    });
  }

  private reject(reason: string): void {
    if (this.state === 'closed') return;
    this.log.warn({ dtu: this.name(), reason }, 'DTU registration refused');
    this.close();
  }

  private closed(): void {
    if (this.state === 'closed') return;
    const wasRegistered = this.state === 'polling';
    this.state = 'closed';
    clearTimeout(this.registrationTimer);
    clearTimeout(this.quietTimer);
    this.pending?.done(null);
    this.wake?.();
    if (wasRegistered && this.registered) this.hooks.disconnected(this.registered);
    this.onClosed(this);
  }

  private async pollLoop(device: DeviceIdentity): Promise<void> {
    while (this.state === 'polling') {
      const started = Date.now();
      let plan: PollPlan;
      try {
        plan = await this.hooks.plan(device.gatewayId);
      } catch (error) {
        // The database is briefly unavailable, say: keep the DTU and try again later.
        this.log.error({ err: error, dtu: device.serialNumber }, 'Modbus configuration not readable');
        await this.sleep(PLAN_RETRY_MS);
        continue;
      }
      await this.poll(plan.points);
      await this.sleep(plan.pollIntervalSeconds * 1000 - (Date.now() - started));
    }
  }

  async poll(points: PlannedPoint[]): Promise<void> {
    const device = this.device;
    const values: Record<string, number | string> = {};
    for (const read of planReads(points)) {
      if (this.state !== 'polling') return;
      const answer = await this.exclusive((line) => line.request(read.request));
      const where = { dtu: device.serialNumber, ...read.request };
      if (!answer) {
        if (this.state === 'polling') this.log.warn(where, 'Modbus request timed out');
        continue;
      }
      if (answer.kind === 'exception') {
        this.log.warn({ ...where, exception: answer.code }, 'Modbus exception response');
        continue;
      }
      if (answer.kind === 'data') Object.assign(values, decodeRead(read, answer.data));
    }
    if (this.state !== 'polling' || Object.keys(values).length === 0) return;
    try {
      await this.hooks.ingest(device, JSON.stringify(values));
    } catch (error) {
      this.log.error({ err: error, dtu: device.serialNumber }, 'DTU values not stored');
    }
  }

  exclusive<T>(work: (line: ModbusLine) => Promise<T>): Promise<T> {
    const run = this.line.then(() => work(this.lineView));
    this.line = run.catch(() => undefined);
    return run;
  }

  private readonly lineView: ModbusLine = {
    isOpen: () => this.state === 'polling',
    request: (request) => this.request(request),
  };

  /** Sends one request and waits for its answer; null on timeout or close. */
  private request(request: ModbusRequest): Promise<ParsedResponse | null> {
    if (this.state !== 'polling') return Promise.resolve(null);
    return new Promise((resolve) => {
      this.buffer = Buffer.alloc(0);
      const timer = setTimeout(() => done(null), this.options.responseTimeoutMs);
      const done = (answer: ParsedResponse | null) => {
        clearTimeout(timer);
        if (this.pending?.done === done) this.pending = undefined;
        resolve(answer);
      };
      this.pending = { request, done };
      this.socket.write(buildRequest(request));
    });
  }

  private sleep(ms: number): Promise<void> {
    if (ms <= 0 || this.state !== 'polling') return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(finish, ms);
      function finish() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = finish;
    });
  }
}

/**
 * The TCP listener DTU transparent Modbus gateways connect to. A DTU that registers again replaces
 * its older connection.
 */
export async function startDtuServer(
  options: DtuOptions,
  hooks: DtuHooks,
  log: FastifyBaseLogger,
): Promise<DtuServer> {
  const connections = new Set<DtuConnection>();
  const byGateway = new Map<number, DtuConnection>();
  const timings = {
    registrationTimeoutMs: options.registrationTimeoutMs ?? 2000,
    registrationQuietMs: options.registrationQuietMs ?? 200,
    responseTimeoutMs: options.responseTimeoutMs ?? 2000,
  };
  const server: Server = createServer((socket) => {
    const connection = new DtuConnection(
      socket,
      hooks,
      timings,
      log,
      (registered) => {
        const older = byGateway.get(registered.gatewayId!);
        byGateway.set(registered.gatewayId!, registered);
        if (older && older !== registered) older.close();
      },
      (closed) => {
        connections.delete(closed);
        if (closed.gatewayId !== undefined && byGateway.get(closed.gatewayId) === closed)
          byGateway.delete(closed.gatewayId);
      },
    );
    connections.add(connection);
    connection.start();
  });

  const port = await listenWithFallback(
    server,
    { port: options.port, host: options.host, tryNextPorts: options.tryNextPorts ?? 0, name: 'DTU' },
    log,
  );
  log.info({ port }, 'DTU listener (Modbus RTU over TCP) listening');

  return {
    port,
    connections: () => [...connections].filter((c) => c.gatewayId !== undefined).length,
    link: (gatewayId) => byGateway.get(gatewayId),
    async close() {
      const closing = new Promise<void>((resolve) => server.close(() => resolve()));
      const all = [...connections];
      for (const connection of all) connection.close();
      await Promise.all(all.map((c) => c.finished));
      await closing;
    },
  };
}
