import { connect as tcpConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import { generate, type IPublishPacket, type Packet, parser as packetParser } from 'mqtt-packet';

export interface MqttSessionOptions {
  /** mqtt://user:pass@host:port or mqtts://… */
  url: string;
  clientId: string;
  /** How long the broker keeps the session (subscriptions, queued messages) while we are away. */
  sessionExpirySeconds: number;
  /** QoS 1 messages the broker may have in flight to us at once (MQTT 5 Receive Maximum). */
  receiveMaximum: number;
  keepaliveSeconds: number;
  /** Topic filters subscribed with QoS 1. */
  subscriptions: string[];
  /** Handles a message; its QoS 1 acknowledgement waits for the returned promise. */
  onMessage(topic: string, payload: Buffer): Promise<void>;
  log: FastifyBaseLogger;
}

/** A QoS 1 message received, waiting for its handler before its PUBACK may go out. */
interface Receipt {
  messageId: number;
  done: boolean;
}

interface Outgoing {
  topic: string;
  payload: string;
  messageId: number;
  resolve(): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

interface Connection {
  socket: ReturnType<typeof tcpConnect>;
  receipts: Receipt[];
  /** Index of the oldest receipt not yet acknowledged. */
  head: number;
  handlers: Set<Promise<void>>;
  ready: boolean;
  pingOutstanding: boolean;
  /** PUBACKs are written once per turn of the event loop: a commit resolves hundreds together. */
  ackScheduled: boolean;
  keepalive?: NodeJS.Timeout;
  /** The broker's Receive Maximum: our QoS 1 publishes it takes in flight at once. */
  sendQuota: number;
}

const PROTOCOL = { protocolVersion: 5 } as const;
const CONNECT_TIMEOUT_MS = 10_000;
const PUBLISH_TIMEOUT_MS = 10_000;
const CLOSE_TIMEOUT_MS = 10_000;
// The first retry comes soon: a broker that restarts is back in a moment.
const BACKOFF_MIN_MS = 100;
const BACKOFF_MAX_MS = 30_000;
/** MQTT 5 reason code the broker sends when another connection took our client id. */
const SESSION_TAKEN_OVER = 0x8e;

/**
 * A small MQTT 5 client for consuming at full speed (docs/decisions/0028-external-broker-consumer.md).
 * Every PUBLISH goes to the handler as soon as it is read, so hundreds are in flight together and
 * the group-commit writer sees them in one batch; PUBACKs go out in the order the PUBLISHes came
 * (MQTT 5 §4.6) as their handlers resolve. The session is persistent (clean start off, session
 * expiry > 0, a stable client id), so what the broker queues while we reconnect is delivered
 * afterwards. A handler that fails leaves its message unacknowledged and drops the connection: the
 * broker delivers it again when we are back. mqtt.js cannot do this: it reads the next packet only
 * after the previous one's acknowledgement was sent, so one message is in flight at a time.
 */
export class MqttSession {
  private connection: Connection | null = null;
  private closing = false;
  private attempt = 0;
  /** Handler failures since the last success: a database that is down slows the reconnects too. */
  private failures = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private nextId = 0;
  private readonly outgoing = new Map<number, Outgoing>();
  private readonly waiting: Outgoing[] = [];
  private readonly target: URL;

  constructor(private readonly options: MqttSessionOptions) {
    this.target = new URL(options.url);
    if (!['mqtt:', 'tcp:', 'mqtts:', 'ssl:', 'tls:'].includes(this.target.protocol))
      throw new Error(`MQTT_URL must be mqtt:// or mqtts://, got ${this.target.protocol}//`);
  }

  /** Connects and subscribes; rejects if the first attempt fails (a wrong URL shows at start). */
  async start(): Promise<void> {
    try {
      await this.connect();
    } catch (error) {
      this.closing = true;
      if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
      throw error;
    }
  }

  /** Publishes with QoS 1; resolves when the broker acknowledges. */
  publish(topic: string, payload: string): Promise<void> {
    const connection = this.connection;
    if (!connection?.ready) return Promise.reject(new Error('not connected to the external MQTT broker'));
    return new Promise((resolve, reject) => {
      const job: Outgoing = {
        topic,
        payload,
        messageId: 0,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.outgoing.delete(job.messageId);
          const index = this.waiting.indexOf(job);
          if (index >= 0) this.waiting.splice(index, 1);
          reject(new Error('the external MQTT broker did not acknowledge the message in time'));
        }, PUBLISH_TIMEOUT_MS),
      };
      this.waiting.push(job);
      this.sendWaiting(connection);
    });
  }

  /**
   * Stops taking messages, waits for the handlers already running and acknowledges them, then
   * disconnects. The session stays on the broker: what arrives from now on waits for the next start.
   */
  async close(): Promise<void> {
    this.closing = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const connection = this.connection;
    if (!connection) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...connection.handlers]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, CLOSE_TIMEOUT_MS);
      }),
    ]);
    clearTimeout(timer);
    // The PUBACKs of those handlers go out before the DISCONNECT, not in a later turn.
    this.acknowledge(connection);
    if (!connection.socket.destroyed) {
      const closed = new Promise((resolve) => connection.socket.once('close', resolve));
      connection.socket.end(generate({ cmd: 'disconnect', reasonCode: 0 }, PROTOCOL));
      const forced = setTimeout(() => connection.socket.destroy(), 2000);
      await closed;
      clearTimeout(forced);
    }
  }

  private connect(): Promise<void> {
    const { hostname, port, protocol, username, password } = this.target;
    const secure = protocol === 'mqtts:' || protocol === 'ssl:' || protocol === 'tls:';
    const host = hostname.replace(/^\[|\]$/g, '');
    const socket = secure
      ? tlsConnect({ host, port: Number(port || 8883), servername: host })
      : tcpConnect({ host, port: Number(port || 1883) });
    socket.setNoDelay(true);
    const connection: Connection = {
      socket,
      receipts: [],
      head: 0,
      handlers: new Set(),
      ready: false,
      pingOutstanding: false,
      ackScheduled: false,
      sendQuota: 65_535,
    };
    this.connection = connection;
    const parser = packetParser(PROTOCOL);

    return new Promise((resolve, reject) => {
      let settled = false;
      const settle = (error?: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timeout);
        if (error) reject(error);
        else resolve();
      };
      const timeout = setTimeout(() => {
        settle(new Error('the external MQTT broker did not answer the connection in time'));
        socket.destroy();
      }, CONNECT_TIMEOUT_MS);

      socket.once(secure ? 'secureConnect' : 'connect', () => {
        socket.write(
          generate({
            cmd: 'connect',
            protocolVersion: 5,
            clientId: this.options.clientId,
            clean: false,
            keepalive: this.options.keepaliveSeconds,
            ...(username ? { username: decodeURIComponent(username) } : {}),
            ...(password ? { password: Buffer.from(decodeURIComponent(password)) } : {}),
            properties: {
              sessionExpiryInterval: this.options.sessionExpirySeconds,
              receiveMaximum: this.options.receiveMaximum,
            },
          }),
        );
      });
      socket.on('data', (chunk) => {
        // Anything the broker sends shows it is alive: a PINGRESP queued behind a backlog of
        // PUBLISHes must not make a busy broker look dead (dropping the connection would only
        // make it send the whole in-flight window again).
        connection.pingOutstanding = false;
        parser.parse(chunk);
      });
      parser.on('error', (error: Error) => {
        this.options.log.error({ err: error }, 'unreadable packet from the external MQTT broker');
        socket.destroy();
      });
      parser.on('packet', (packet: Packet) => {
        try {
          this.onPacket(connection, packet, settle);
        } catch (error) {
          this.options.log.error({ err: error }, 'external MQTT packet not handled');
          socket.destroy();
        }
      });
      socket.on('error', (error) => {
        settle(error);
        if (connection.ready) this.options.log.warn({ err: error }, 'external MQTT broker connection error');
      });
      socket.on('close', () => {
        settle(new Error('the external MQTT broker closed the connection'));
        this.lost(connection);
      });
    });
  }

  private onPacket(connection: Connection, packet: Packet, settle: (error?: Error) => void): void {
    switch (packet.cmd) {
      case 'connack': {
        if (packet.reasonCode) {
          settle(new Error(`the external MQTT broker refused the connection (reason ${packet.reasonCode})`));
          connection.socket.destroy();
          return;
        }
        connection.sendQuota = packet.properties?.receiveMaximum ?? 65_535;
        const keepalive = packet.properties?.serverKeepAlive ?? this.options.keepaliveSeconds;
        if (keepalive > 0) connection.keepalive = setInterval(() => this.ping(connection), keepalive * 1000);
        connection.socket.write(
          generate(
            {
              cmd: 'subscribe',
              messageId: this.allocateId(),
              subscriptions: this.options.subscriptions.map((topic) => ({ topic, qos: 1 })),
            },
            PROTOCOL,
          ),
        );
        if (!packet.sessionPresent)
          this.options.log.info(
            { clientId: this.options.clientId },
            'new session on the external MQTT broker',
          );
        return;
      }
      case 'suback': {
        const refused = (packet.granted as number[]).some((code) => code >= 0x80);
        if (refused) {
          settle(
            new Error(`the external MQTT broker refused the subscription (${packet.granted.join(', ')})`),
          );
          connection.socket.destroy();
          return;
        }
        connection.ready = true;
        this.attempt = 0;
        settle();
        this.sendWaiting(connection);
        return;
      }
      case 'publish':
        this.received(connection, packet);
        return;
      case 'puback': {
        const job = this.outgoing.get(packet.messageId ?? 0);
        if (!job) return;
        this.outgoing.delete(job.messageId);
        clearTimeout(job.timer);
        // 0x10 "no matching subscribers" is a success: the broker took the message.
        if (packet.reasonCode && packet.reasonCode >= 0x80)
          job.reject(new Error(`the external MQTT broker refused the message (reason ${packet.reasonCode})`));
        else job.resolve();
        this.sendWaiting(connection);
        return;
      }
      case 'pingresp':
        connection.pingOutstanding = false;
        return;
      case 'disconnect':
        if (packet.reasonCode === SESSION_TAKEN_OVER)
          this.options.log.error(
            { clientId: this.options.clientId },
            'another client took this node’s MQTT session: two nodes must not share MQTT_CLIENT_ID',
          );
        else
          this.options.log.warn(
            { reasonCode: packet.reasonCode },
            'the external MQTT broker disconnected us',
          );
        return;
      default:
        return;
    }
  }

  private received(connection: Connection, packet: IPublishPacket): void {
    // After close() began, nothing new is handled or acknowledged: the session keeps it for the next start.
    if (this.closing) return;
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    const receipt: Receipt | null = packet.qos > 0 ? { messageId: packet.messageId ?? 0, done: false } : null;
    if (receipt) connection.receipts.push(receipt);
    const work = this.options.onMessage(packet.topic, payload).then(
      () => {
        this.failures = 0;
        if (!receipt) return;
        receipt.done = true;
        if (connection.ackScheduled) return;
        connection.ackScheduled = true;
        setImmediate(() => {
          connection.ackScheduled = false;
          this.acknowledge(connection);
        });
      },
      (error: unknown) => {
        // Messages in flight with it usually fail with it (a database away): one line says it for all,
        // rather than a thousand stack traces on the event loop that has to reconnect.
        if (connection.socket.destroyed) return;
        this.options.log.error(
          { err: error, topic: packet.topic, inFlight: connection.handlers.size },
          'relayed message not stored: the broker delivers it again',
        );
        this.failures += 1;
        // Unacknowledged: dropping the connection makes the broker deliver it (and those after it) again.
        connection.socket.destroy();
      },
    );
    connection.handlers.add(work);
    const forget = () => connection.handlers.delete(work);
    work.then(forget, forget);
  }

  /** Sends the PUBACKs of the oldest receipts whose handlers are done, in the order they came. */
  private acknowledge(connection: Connection): void {
    if (connection.socket.destroyed || connection.socket.writableEnded) return;
    const { receipts } = connection;
    let head = connection.head;
    if (head >= receipts.length || !receipts[head]?.done) return;
    const first = head;
    while (head < receipts.length && receipts[head]?.done) head += 1;
    // One write for the lot. A PUBACK with reason 0 and no properties is 4 bytes (MQTT 5 §3.4.2.1).
    const acks = Buffer.allocUnsafe((head - first) * 4);
    for (let i = first; i < head; i++) {
      const offset = (i - first) * 4;
      acks[offset] = 0x40;
      acks[offset + 1] = 2;
      acks.writeUInt16BE((receipts[i] as Receipt).messageId, offset + 2);
    }
    connection.socket.write(acks);
    if (head > 1024 && head * 2 > receipts.length) {
      connection.receipts = receipts.slice(head);
      head = 0;
    }
    connection.head = head;
  }

  private ping(connection: Connection): void {
    if (connection.pingOutstanding) {
      this.options.log.warn('the external MQTT broker did not answer a ping: reconnecting');
      connection.socket.destroy();
      return;
    }
    connection.pingOutstanding = true;
    connection.socket.write(generate({ cmd: 'pingreq' }, PROTOCOL));
  }

  private allocateId(): number {
    do this.nextId = (this.nextId % 65_535) + 1;
    while (this.outgoing.has(this.nextId));
    return this.nextId;
  }

  /** Sends queued publishes while the broker's Receive Maximum allows. */
  private sendWaiting(connection: Connection): void {
    while (connection.ready && this.waiting.length > 0 && this.outgoing.size < connection.sendQuota) {
      const job = this.waiting.shift() as Outgoing;
      job.messageId = this.allocateId();
      this.outgoing.set(job.messageId, job);
      connection.socket.write(
        generate(
          {
            cmd: 'publish',
            topic: job.topic,
            payload: job.payload,
            qos: 1,
            dup: false,
            retain: false,
            messageId: job.messageId,
          },
          PROTOCOL,
        ),
      );
    }
  }

  /** The connection is gone: fail what waited on it and, unless closing, connect again after a pause. */
  private lost(connection: Connection): void {
    if (connection.keepalive) clearInterval(connection.keepalive);
    const wasReady = connection.ready;
    connection.ready = false;
    if (this.connection !== connection) return;
    for (const job of [...this.outgoing.values(), ...this.waiting]) {
      clearTimeout(job.timer);
      job.reject(new Error('the connection to the external MQTT broker was lost'));
    }
    this.outgoing.clear();
    this.waiting.length = 0;
    this.connection = null;
    if (this.closing) return;
    if (wasReady) this.options.log.warn('lost the external MQTT broker: reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const exponent = Math.min(16, this.attempt + this.failures);
    const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** exponent) * (0.5 + Math.random() / 2);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.closing) return;
      this.connect().then(
        () => this.options.log.info('reconnected to the external MQTT broker'),
        (error: unknown) =>
          this.options.log.warn(
            { err: error, attempt: this.attempt },
            'external MQTT broker not reachable yet',
          ),
      );
    }, delay);
  }
}
