import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildWriteRequest, type WriteRequest, withCrc } from './codec.js';
import { type DeviceIdentity, type DtuHooks, type DtuServer, startDtuServer } from './dtu-server.js';

const device: DeviceIdentity = { gatewayId: 7, serialNumber: 'SN0001', projectId: 1 };
const lines: { level: string; msg: string }[] = [];
const log = {
  level: 'debug',
  child: () => log,
  ...Object.fromEntries(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => [
      level,
      (_obj: unknown, msg?: string) => lines.push({ level, msg: msg ?? '' }),
    ]),
  ),
} as unknown as FastifyBaseLogger;

let server: DtuServer | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await server?.close();
  server = undefined;
  lines.length = 0;
});

async function start(overrides: Partial<DtuHooks> = {}) {
  const ingested: string[] = [];
  const events: string[] = [];
  const hooks: DtuHooks = {
    authenticate: async (serial, secret) => (serial === 'SN0001' && secret === 's3cret' ? device : null),
    ingest: async (_device, text) => void ingested.push(text),
    connected: () => void events.push('connected'),
    disconnected: () => void events.push('disconnected'),
    plan: async () => ({
      pollIntervalSeconds: 1,
      points: [{ key: 'a', slaveId: 1, functionCode: 3, address: 0, dataType: 'INT16', byteOrder: 'ABCD' }],
    }),
    ...overrides,
  };
  server = await startDtuServer(
    { port: 0, host: '127.0.0.1', registrationTimeoutMs: 300, responseTimeoutMs: 200 },
    hooks,
    log,
  );
  const socket = connect(server.port, '127.0.0.1');
  sockets.push(socket);
  await once(socket, 'connect');
  return { socket, ingested, events };
}

const nextData = (socket: Socket) => once(socket, 'data').then(([chunk]) => chunk as Buffer);

describe('DTU listener', () => {
  it('closes a connection that sends no registration in time, or an oversized one', async () => {
    const { socket } = await start();
    await once(socket, 'close');
    const other = connect(server!.port, '127.0.0.1');
    sockets.push(other);
    await once(other, 'connect');
    other.write('x'.repeat(300));
    await once(other, 'close');
    expect(lines.filter((l) => l.msg === 'DTU registration refused')).toHaveLength(2);
  });

  it('skips garbage, ignores wrong answers, survives a timeout, and ingests the decoded value', async () => {
    const { socket, ingested, events } = await start();
    socket.write('SN0001,s3cret\n');
    const first = await nextData(socket);
    expect(first).toEqual(withCrc(Buffer.from([1, 3, 0, 0, 0, 1])));
    // No answer at all: the request times out, the connection stays, the next cycle asks again.
    const second = await nextData(socket);
    expect(second).toEqual(first);
    expect(lines.some((l) => l.msg === 'Modbus request timed out')).toBe(true);
    // Noise, an answer with a bad CRC, another slave's answer, then the real one in two pieces.
    const good = withCrc(Buffer.from([1, 3, 2, 0x01, 0x2c]));
    socket.write(Buffer.from([0x00, 0xff, 0x13]));
    socket.write(Buffer.from([1, 3, 2, 0x01, 0x2c, 0x00, 0x00]));
    socket.write(withCrc(Buffer.from([2, 3, 2, 0x00, 0x01])));
    socket.write(good.subarray(0, 3));
    await new Promise((resolve) => setTimeout(resolve, 20));
    socket.write(good.subarray(3));
    await expect.poll(() => ingested).toEqual(['{"a":300}']);
    expect(events).toEqual(['connected']);
    socket.destroy();
    await expect.poll(() => events).toEqual(['connected', 'disconnected']);
  });

  it('an exception response gives no value and keeps the connection', async () => {
    const { socket, ingested } = await start();
    socket.write('SN0001,s3cret\n');
    await nextData(socket);
    socket.write(withCrc(Buffer.from([1, 0x83, 0x02])));
    await expect.poll(() => lines.some((l) => l.msg === 'Modbus exception response')).toBe(true);
    expect(await nextData(socket)).toHaveLength(8);
    expect(ingested).toEqual([]);
    expect(socket.destroyed).toBe(false);
  });

  it('a gateway registering again replaces its older connection', async () => {
    const { socket } = await start();
    socket.write('SN0001,s3cret\n');
    await nextData(socket);
    const again = connect(server!.port, '127.0.0.1');
    sockets.push(again);
    await once(again, 'connect');
    again.write('SN0001,s3cret\n');
    await once(socket, 'close');
    expect(server!.connections()).toBe(1);
  });

  it('a job on the line waits for the poll request in flight; requests never overlap on the wire', async () => {
    const { socket } = await start();
    expect(server!.link(7)).toBeUndefined();
    const frames: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => frames.push(chunk));
    socket.write('SN0001,s3cret\n');
    await expect.poll(() => frames.length).toBe(1);
    const link = server!.link(7)!;
    expect(link.device).toEqual(device);
    const write: WriteRequest = { slaveId: 1, functionCode: 6, address: 4, register: 0x1234 };
    const answer = link.exclusive((line) => line.request(write));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(frames).toHaveLength(1); // the poll request is still unanswered: the write waits
    socket.write(withCrc(Buffer.from([1, 3, 2, 0x00, 0x2a])));
    await expect.poll(() => frames.length).toBe(2);
    expect(frames[1]).toEqual(buildWriteRequest(write));
    socket.write(buildWriteRequest(write)); // 06 answers with an echo
    expect(await answer).toMatchObject({ kind: 'data', data: Buffer.from([0x00, 0x04, 0x12, 0x34]) });
    // A job whose turn comes after the connection closed sends nothing.
    const held = link.exclusive(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const late = link.exclusive(async (line) => [line.isOpen(), await line.request(write)]);
    socket.destroy();
    await held;
    expect(await late).toEqual([false, null]);
  });
});
