import dgram from 'node:dgram';
import net from 'node:net';
import {
  messageLength,
  parseSipMessage,
  type SipMessage,
  SipParseError,
  serializeSipMessage,
} from './sip-message.js';

/** Where a message came from, and where its answer goes. */
export interface SipRemote {
  transport: 'UDP' | 'TCP';
  host: string;
  port: number;
}

export const remoteKey = (r: SipRemote) => `${r.transport}:${r.host}:${r.port}`;

/** Streams with more than this unread (no message end in sight) are cut. */
const TCP_BUFFER_LIMIT = 128 * 1024;
/** A TCP connection silent this long is closed (devices keep alive every 60 s by default). */
const TCP_IDLE_MS = 10 * 60_000;

/**
 * SIP over UDP and TCP on one port (RFC 3261 §18). Every datagram or framed stream message is
 * parsed; what does not parse is counted and dropped — a malformed packet never reaches the
 * handler and never throws out of here.
 */
export class SipTransport {
  private udp: dgram.Socket | null = null;
  private tcp: net.Server | null = null;
  private readonly streams = new Map<string, net.Socket>();
  /** Messages that did not parse (for tests and the log). */
  malformed = 0;
  port = 0;

  constructor(
    private readonly onMessage: (message: SipMessage, remote: SipRemote) => void,
    private readonly onMalformed: (remote: SipRemote, error: Error) => void = () => undefined,
  ) {}

  async listen(host: string, port: number): Promise<number> {
    const udp = dgram.createSocket({ type: 'udp4', reuseAddr: false });
    await new Promise<void>((resolve, reject) => {
      udp.once('error', reject);
      udp.bind(port, host, () => {
        udp.off('error', reject);
        resolve();
      });
    });
    udp.on('error', () => undefined);
    udp.on('message', (data, info) =>
      this.receive(data, { transport: 'UDP', host: info.address, port: info.port }),
    );
    this.udp = udp;
    this.port = udp.address().port;
    const tcp = net.createServer((socket) => this.accept(socket));
    await new Promise<void>((resolve, reject) => {
      tcp.once('error', reject);
      tcp.listen(this.port, host, () => {
        tcp.off('error', reject);
        resolve();
      });
    });
    tcp.on('error', () => undefined);
    this.tcp = tcp;
    return this.port;
  }

  private receive(data: Buffer, remote: SipRemote): void {
    // Keepalive CRLFs (RFC 5626) are not messages.
    if (data.length <= 4 && data.toString('latin1').trim() === '') return;
    let message: SipMessage;
    try {
      message = parseSipMessage(data);
    } catch (error) {
      this.malformed++;
      this.onMalformed(remote, error as Error);
      return;
    }
    this.onMessage(message, remote);
  }

  private accept(socket: net.Socket): void {
    const remote: SipRemote = {
      transport: 'TCP',
      host: (socket.remoteAddress ?? '').replace(/^::ffff:/, ''),
      port: socket.remotePort ?? 0,
    };
    this.stream(socket, remote);
  }

  private stream(socket: net.Socket, remote: SipRemote): void {
    const key = remoteKey(remote);
    this.streams.set(key, socket);
    socket.setTimeout(TCP_IDLE_MS, () => socket.destroy());
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (this.streams.get(key) === socket) this.streams.delete(key);
    });
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        // Leading CRLFs between messages are keepalives.
        let start = 0;
        while (start < pending.length && (pending[start] === 0x0d || pending[start] === 0x0a)) start++;
        pending = pending.subarray(start);
        let length: number;
        try {
          length = messageLength(pending);
        } catch (error) {
          // The framing is lost: nothing after this point can be trusted.
          this.malformed++;
          this.onMalformed(remote, error instanceof SipParseError ? error : new SipParseError('framing'));
          socket.destroy();
          return;
        }
        if (length < 0) {
          if (pending.length > TCP_BUFFER_LIMIT) socket.destroy();
          return;
        }
        const data = pending.subarray(0, length);
        pending = pending.subarray(length);
        this.receive(Buffer.from(data), remote);
      }
    });
  }

  /** Sends a message; over TCP through the device's connection, or a new one to it. */
  async send(remote: SipRemote, message: SipMessage): Promise<void> {
    const bytes = serializeSipMessage(message);
    if (remote.transport === 'UDP') {
      const udp = this.udp;
      if (!udp) throw new Error('SIP transport closed');
      await new Promise<void>((resolve, reject) =>
        udp.send(bytes, remote.port, remote.host, (error) => (error ? reject(error) : resolve())),
      );
      return;
    }
    const open = this.streams.get(remoteKey(remote));
    const socket = open && !open.destroyed ? open : await this.connect(remote);
    await new Promise<void>((resolve, reject) =>
      socket.write(bytes, (error) => (error ? reject(error) : resolve())),
    );
  }

  private connect(remote: SipRemote): Promise<net.Socket> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: remote.host, port: remote.port }, () => {
        socket.off('error', reject);
        this.stream(socket, remote);
        resolve(socket);
      });
      socket.once('error', reject);
      socket.setTimeout(5000, () => socket.destroy(new Error('connect timeout')));
    });
  }

  async close(): Promise<void> {
    for (const socket of this.streams.values()) socket.destroy();
    this.streams.clear();
    const udp = this.udp;
    const tcp = this.tcp;
    this.udp = null;
    this.tcp = null;
    if (udp) await new Promise<void>((resolve) => udp.close(() => resolve()));
    if (tcp) await new Promise<void>((resolve) => tcp.close(() => resolve()));
  }
}
