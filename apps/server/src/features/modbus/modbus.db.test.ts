import { once } from 'node:events';
import { createServer, connect as netConnect, type Socket } from 'node:net';
import { GatewayMessages } from '@iot/contracts/gateways';
import { type ModbusConfig, type ModbusConfigBody, ModbusMessages } from '@iot/contracts/modbus';
import type { InstructionRecord } from '@iot/contracts/remote-control';
import { ServerTCP } from 'modbus-serial';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { createGateway, gatewayRow, storedPoints, type TestGateway } from '../../test/factories.js';
import { startServer, type TestServer } from '../../test/server.js';
import { fromBigEndian, hasValidCrc, toBigEndian, withCrc } from './codec.js';

let t: TestServer;
let projectId: number;
let token: string;
let slave: ServerTCP;
let slavePort: number;
const sockets: Socket[] = [];

/** The slave's memory: unit id → address → register (FC 03 / 04) or coil (FC 01). */
const holding = new Map<number, Map<number, number>>();
const input = new Map<number, Map<number, number>>();
const coils = new Map<number, Map<number, boolean>>();

function lookup<T>(table: Map<number, Map<number, T>>, unit: number, address: number): T {
  const value = table.get(unit)?.get(address);
  // modbus-serial answers an exception response with this code (02 illegal data address).
  if (value === undefined) throw Object.assign(new Error('illegal address'), { modbusErrorCode: 2 });
  return value;
}

/** Writes where memory exists (else exception 02), all or nothing. */
function store<T>(table: Map<number, Map<number, T>>, unit: number, address: number, values: T[]) {
  for (let i = 0; i < values.length; i++) lookup(table, unit, address + i);
  for (const [i, value] of values.entries()) table.get(unit)!.set(address + i, value);
}

/** A slave that implements only the multiple-write functions: 05/06 answer exception 01. */
const MULTIPLE_WRITES_ONLY = 8;
function singleWrite(unit: number) {
  if (unit === MULTIPLE_WRITES_ONLY)
    throw Object.assign(new Error('illegal function'), { modbusErrorCode: 1 });
}

/** Writes a value's big-endian bytes as registers from `address`, in the given byte order. */
function put(
  table: Map<number, Map<number, number>>,
  unit: number,
  address: number,
  bytes: Buffer,
  order: 'ABCD' | 'BADC' | 'CDAB' | 'DCBA' = 'ABCD',
) {
  const wire = fromBigEndian(bytes, order);
  const registers = table.get(unit) ?? new Map<number, number>();
  table.set(unit, registers);
  for (let i = 0; i < wire.length; i += 2) registers.set(address + i / 2, wire.readUInt16BE(i));
}
const f32 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeFloatBE(v);
  return b;
};
const f64 = (v: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(v);
  return b;
};
const i16 = (v: number) => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(v);
  return b;
};
const u32 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(v);
  return b;
};
const i64 = (v: bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigInt64BE(v);
  return b;
};

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/**
 * The "DTU": connects to the server's DTU port, registers, and forwards the server's RTU frames to
 * the Modbus TCP slave (MBAP instead of CRC) and the answers back as RTU. Units in `silent` never
 * answer (a slave that is off the line); `noise` bytes go before every answer (line garbage).
 */
async function dtu(registration: string, options: { silent?: number[]; noise?: Buffer } = {}) {
  const server = netConnect(t.server.modbus.dtuPort, '127.0.0.1');
  const upstream = netConnect(slavePort, '127.0.0.1');
  sockets.push(server, upstream);
  await Promise.all([once(server, 'connect'), once(upstream, 'connect')]);
  const requests: Buffer[] = [];
  /** Requests that arrived while an earlier one was still unanswered (must stay 0). */
  const wire = { outstanding: 0, overlaps: 0 };
  let transaction = 0;
  let pending = Buffer.alloc(0);
  /** RTU request length: 8 bytes, or for 15/16 header, byte count, data and CRC. */
  const frameLength = (bytes: Buffer) =>
    bytes.length < 7 ? Infinity : bytes[1] === 15 || bytes[1] === 16 ? 9 + bytes[6]! : 8;
  server.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= frameLength(pending)) {
      const length = frameLength(pending);
      const frame = pending.subarray(0, length);
      pending = pending.subarray(length);
      requests.push(Buffer.from(frame));
      if (!hasValidCrc(frame)) throw new Error('the server sent a frame with a bad CRC');
      if (options.silent?.includes(frame[0]!)) continue;
      if (wire.outstanding > 0) wire.overlaps++;
      wire.outstanding++;
      const mbap = Buffer.alloc(6);
      mbap.writeUInt16BE(++transaction & 0xffff, 0);
      mbap.writeUInt16BE(0, 2);
      mbap.writeUInt16BE(length - 2, 4);
      upstream.write(Buffer.concat([mbap, frame.subarray(0, length - 2)]));
    }
  });
  let answers = Buffer.alloc(0);
  upstream.on('data', (chunk: Buffer) => {
    answers = Buffer.concat([answers, chunk]);
    while (answers.length >= 6 && answers.length >= 6 + answers.readUInt16BE(4)) {
      const length = answers.readUInt16BE(4);
      const pdu = answers.subarray(6, 6 + length);
      answers = answers.subarray(6 + length);
      wire.outstanding--;
      server.write(Buffer.concat([options.noise ?? Buffer.alloc(0), withCrc(pdu)]));
    }
  });
  server.on('error', () => {});
  upstream.on('error', () => {});
  server.write(registration);
  return { socket: server, requests, wire };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const configUrl = (gatewayId: number, groupId = projectId) =>
  `/iot/groups/${groupId}/gateways/${gatewayId}/modbusConfig`;
const serial = { baudRate: 9600, dataBits: 8, stopBits: 1, parity: 'none', pollIntervalSeconds: 1 } as const;

async function configure(
  gw: TestGateway,
  indicators: ModbusConfigBody['indicators'],
  settings: { pollIntervalSeconds?: number } = {},
) {
  const answer = await t.request<ModbusConfig>('PUT', configUrl(gw.id), {
    token,
    body: { ...serial, ...settings, indicators },
  });
  expect(answer.body.code, answer.body.message).toBe(20000);
  return answer.body.data;
}

beforeAll(async () => {
  // Short command timeout: an unanswered write is closed by the sweep within the test.
  t = await startServer({ commandTimeoutSeconds: 3 });
  projectId = t.server.seeded.demoProjectId!;
  const account = DEMO_ACCOUNTS.projectAdmin;
  token = (await t.login(account.username, account.password)).access;
  slavePort = await freePort();
  const vector = {
    getHoldingRegister: (address: number, unit: number) => lookup(holding, unit, address),
    getInputRegister: (address: number, unit: number) => lookup(input, unit, address),
    getCoil: (address: number, unit: number) => lookup(coils, unit, address),
    setRegister: (address: number, value: number, unit: number) => {
      singleWrite(unit);
      store(holding, unit, address, [value]);
    },
    setRegisterArray: (address: number, values: number[], unit: number) =>
      store(holding, unit, address, values),
    setCoil: (address: number, on: boolean, unit: number) => {
      singleWrite(unit);
      store(coils, unit, address, [on]);
    },
    // FC 15 (not in modbus-serial's typings; it answers before calling this).
    setCoilArray: (address: number, states: boolean[], unit: number) => store(coils, unit, address, states),
  };
  slave = new ServerTCP(vector, { host: '127.0.0.1', port: slavePort, unitID: 255 });
  await once(slave, 'initialized');
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
});
afterAll(async () => {
  if (slave) await new Promise<void>((resolve) => slave.close(() => resolve()));
  await t?.close();
});

describe('Modbus configuration API', () => {
  it('answers defaults, saves settings and points, and clears points left out', async () => {
    const gw = await createGateway(t, projectId, [
      { key: 'a', type: 'float' },
      { key: 'b', type: 'integer' },
    ]);
    const empty = await t.request<ModbusConfig>('GET', configUrl(gw.id), { token });
    expect(empty.body.data).toEqual({
      baudRate: 9600,
      dataBits: 8,
      stopBits: 1,
      parity: 'none',
      pollIntervalSeconds: 60,
      indicators: [],
    });
    const saved = await configure(gw, [
      { gatewayIndicatorId: gw.indicators.a!, slaveId: 3, functionCode: 4, address: 10, dataType: 'float32' },
      {
        gatewayIndicatorId: gw.indicators.b!,
        slaveId: 3,
        functionCode: 3,
        address: 0,
        dataType: 'INT16',
        byteOrder: 'BADC',
        scale: 0.1,
      },
    ]);
    expect(saved.pollIntervalSeconds).toBe(1);
    expect(saved.indicators).toEqual([
      {
        gatewayIndicatorId: gw.indicators.a,
        dataIdentification: 'a',
        slaveId: 3,
        functionCode: 4,
        address: 10,
        dataType: 'float32',
        byteOrder: 'ABCD',
      },
      {
        gatewayIndicatorId: gw.indicators.b,
        dataIdentification: 'b',
        slaveId: 3,
        functionCode: 3,
        address: 0,
        dataType: 'INT16',
        byteOrder: 'BADC',
        scale: 0.1,
      },
    ]);
    const stored = await gatewayRow(t, gw.id);
    expect(JSON.parse(stored.modbus_config)).toEqual(serial);

    const trimmed = await configure(gw, [
      { gatewayIndicatorId: gw.indicators.b!, slaveId: 1, functionCode: 3, address: 0, dataType: 'UINT16' },
    ]);
    expect(trimmed.indicators.map((i) => i.dataIdentification)).toEqual(['b']);
  });

  it('refuses bad values with Chinese messages, foreign gateway indicators, and other projects’ gateways', async () => {
    const gw = await createGateway(t, projectId, [{ key: 'a', type: 'float' }]);
    const other = await createGateway(t, projectId, [{ key: 'x', type: 'float' }]);
    const put = (body: object, url = configUrl(gw.id)) => t.request('PUT', url, { token, body });
    const point = {
      gatewayIndicatorId: gw.indicators.a!,
      slaveId: 1,
      functionCode: 3,
      address: 0,
      dataType: 'INT16',
    };

    const badBaud = await put({ ...serial, baudRate: 1000, indicators: [] });
    expect(badBaud.status).toBe(400);
    expect(badBaud.body.message).toContain('波特率');
    expect((await put({ ...serial, indicators: [{ ...point, slaveId: 0 }] })).body.message).toContain(
      '从站地址',
    );
    expect((await put({ ...serial, indicators: [{ ...point, functionCode: 16 }] })).body.message).toContain(
      '功能码',
    );
    expect((await put({ ...serial, indicators: [{ ...point, byteOrder: 'XYZW' }] })).body.message).toContain(
      '字节序',
    );
    const foreign = await put({
      ...serial,
      indicators: [{ ...point, gatewayIndicatorId: other.indicators.x }],
    });
    expect([foreign.status, foreign.body.message]).toEqual([400, ModbusMessages.GATEWAY_INDICATOR_NOT_FOUND]);
    const twice = await put({ ...serial, indicators: [point, point] });
    expect(twice.body.message).toBe(ModbusMessages.GATEWAY_INDICATOR_REPEATED);

    // A gateway outside the demo project: not found, whatever its id.
    const elsewhere = await t.server.platform.db
      .updateTable('gateways')
      .set({ project_id: null, group_id: null })
      .where('id', '=', other.id)
      .execute();
    expect(elsewhere).toBeDefined();
    const missing = await t.request('GET', configUrl(other.id), { token });
    expect([missing.status, missing.body.message]).toEqual([404, GatewayMessages.NOT_FOUND]);
    expect((await put({ ...serial, indicators: [] }, configUrl(other.id))).status).toBe(404);
  });

  it('needs the indicator-configuration menu', async () => {
    const gw = await createGateway(t, projectId, []);
    const anonymous = await t.request('GET', configUrl(gw.id));
    expect(anonymous.status).toBe(401);
    // demo-operator has no 指标配置 entry: refused reading and saving.
    const { username, password } = DEMO_ACCOUNTS.operator;
    const operator = (await t.login(username, password)).access;
    expect((await t.request('GET', configUrl(gw.id), { token: operator })).status).toBe(403);
    const body = { ...serial, indicators: [] };
    expect((await t.request('PUT', configUrl(gw.id), { token: operator, body })).status).toBe(403);
  });
});

describe('DTU listener against a real Modbus slave', () => {
  it('polls registers of every data type and byte order and stores them as telemetry', async () => {
    const gw = await createGateway(t, projectId, [
      { key: 'abcd', type: 'float', decimals: 3 },
      { key: 'badc', type: 'float', decimals: 3 },
      { key: 'cdab', type: 'float', decimals: 3 },
      { key: 'dcba', type: 'float', decimals: 3 },
      { key: 'int16', type: 'integer' },
      { key: 'uint32', type: 'integer' },
      { key: 'int64', type: 'integer' },
      { key: 'double', type: 'float', decimals: 3 },
      { key: 'level', type: 'float', decimals: 1 },
      { key: 'pump', type: 'boolean' },
      { key: 'alarm', type: 'boolean' },
      { key: 'name', type: 'text' },
    ]);
    put(holding, 1, 0, f32(123.456), 'ABCD');
    put(holding, 1, 2, f32(123.456), 'BADC');
    put(holding, 1, 4, f32(123.456), 'CDAB');
    put(holding, 1, 6, f32(123.456), 'DCBA');
    put(holding, 1, 8, i16(-200));
    put(holding, 1, 9, u32(3_000_000_000), 'CDAB');
    put(holding, 1, 11, i64(-1_234_567_890_123n), 'DCBA');
    put(holding, 1, 20, Buffer.from('PUMP-1\0\0'));
    put(input, 2, 0, f64(-98.765), 'ABCD');
    put(input, 2, 4, i16(251), 'BADC');
    put(input, 2, 5, Buffer.from([0x00, 0x04])); // bit 2 set
    coils.set(2, new Map([[7, true]]));

    const h = (key: string, address: number, dataType: string, byteOrder = 'ABCD', extra = {}) => ({
      gatewayIndicatorId: gw.indicators[key]!,
      slaveId: 1,
      functionCode: 3 as const,
      address,
      dataType: dataType as 'INT16',
      byteOrder: byteOrder as 'ABCD',
      ...extra,
    });
    await configure(gw, [
      h('abcd', 0, 'float32', 'ABCD'),
      h('badc', 2, 'float32', 'BADC'),
      h('cdab', 4, 'float32', 'CDAB'),
      h('dcba', 6, 'float32', 'DCBA'),
      h('int16', 8, 'INT16'),
      h('uint32', 9, 'UINT32', 'CDAB'),
      h('int64', 11, 'INT64', 'DCBA'),
      h('name', 20, 'string', 'ABCD', { length: 4 }),
      h('double', 0, 'float64', 'ABCD', { slaveId: 2, functionCode: 4 }),
      h('level', 4, 'INT16', 'BADC', { slaveId: 2, functionCode: 4, scale: 0.1 }),
      h('alarm', 5, 'bit', 'ABCD', { slaveId: 2, functionCode: 4, bit: 2 }),
      { gatewayIndicatorId: gw.indicators.pump!, slaveId: 2, functionCode: 1, address: 7, dataType: 'bit' },
    ]);

    // Line garbage before every answer must not matter.
    const device = await dtu(`${gw.serialNumber},${gw.secret}\r\n`, {
      noise: Buffer.from([0xff, 0x00, 0x7e]),
    });
    const last = (key: string) => storedPoints(t, gw.indicators[key]!).then((points) => points.at(-1));
    await until(
      () => last('pump'),
      (point) => point !== undefined,
    );
    expect((await last('abcd'))?.num_value).toBe(123.456);
    expect((await last('badc'))?.num_value).toBe(123.456);
    expect((await last('cdab'))?.num_value).toBe(123.456);
    expect((await last('dcba'))?.num_value).toBe(123.456);
    expect((await last('int16'))?.num_value).toBe(-200);
    expect((await last('uint32'))?.num_value).toBe(3_000_000_000);
    expect((await last('int64'))?.num_value).toBe(-1_234_567_890_123);
    expect((await last('double'))?.num_value).toBe(-98.765);
    expect((await last('level'))?.num_value).toBe(25.1);
    expect((await last('alarm'))?.num_value).toBe(1);
    expect((await last('pump'))?.num_value).toBe(1);
    expect((await last('name'))?.text_value).toBe('PUMP-1');

    // Contiguous registers went out as one request per slave and function.
    const firstCycle = device.requests.slice(0, 4).map((r) => r.subarray(0, 6).toString('hex'));
    expect(firstCycle).toEqual([
      '01030000000f', // slave 1, FC 03, registers 0–14 (abcd … int64)
      '010300140004', // slave 1, FC 03, registers 20–23 (name)
      '020100070001', // slave 2, FC 01, coil 7
      '020400000006', // slave 2, FC 04, registers 0–5
    ]);
    const row = await gatewayRow(t, gw.id);
    expect(row.online_status).toBe('online');
    expect([row.unknown_key_count, row.rejected_value_count]).toEqual([0, 0]);

    // A new value shows in the next poll.
    put(holding, 1, 8, i16(321));
    await until(
      () => last('int16'),
      (point) => point?.num_value === 321,
    );
    expect((await last('int16'))?.num_value).toBe(321);

    device.socket.destroy();
    await until(
      () => gatewayRow(t, gw.id),
      (g) => g.online_status === 'offlineNormal',
    );
    expect((await gatewayRow(t, gw.id)).online_status).toBe('offlineNormal');
  });

  it('closes the connection on a wrong secret or a registration without one', async () => {
    const gw = await createGateway(t, projectId, [{ key: 'a', type: 'float' }]);
    const wrong = await dtu(`${gw.serialNumber},not-the-secret\n`);
    await once(wrong.socket, 'close');
    const bare = await dtu(`${gw.serialNumber}\n`);
    await once(bare.socket, 'close');
    const other = await createGateway(t, projectId, []);
    const someoneElse = await dtu(`${other.serialNumber},${gw.secret}\n`);
    await once(someoneElse.socket, 'close');
    expect(wrong.requests.length + bare.requests.length + someoneElse.requests.length).toBe(0);
    expect((await gatewayRow(t, gw.id)).online_status).toBe('offlineNormal');
  });

  it('takes a registration sent alone without a newline', async () => {
    const gw = await createGateway(t, projectId, [{ key: 'a', type: 'integer' }]);
    put(holding, 5, 0, i16(7));
    await configure(gw, [
      { gatewayIndicatorId: gw.indicators.a!, slaveId: 5, functionCode: 3, address: 0, dataType: 'INT16' },
    ]);
    await dtu(`${gw.serialNumber},${gw.secret}`);
    const points = await until(
      () => storedPoints(t, gw.indicators.a!),
      (p) => p.length > 0,
    );
    expect(points[0]?.num_value).toBe(7);
  });

  it('keeps the connection through exception responses and timeouts; those points get no value', async () => {
    const gw = await createGateway(t, projectId, [
      { key: 'ok', type: 'integer' },
      { key: 'missing', type: 'integer' },
      { key: 'offline', type: 'integer' },
    ]);
    put(holding, 6, 0, i16(42));
    await configure(gw, [
      { gatewayIndicatorId: gw.indicators.ok!, slaveId: 6, functionCode: 3, address: 0, dataType: 'INT16' },
      // Not in the slave's memory: exception 02 (illegal data address).
      {
        gatewayIndicatorId: gw.indicators.missing!,
        slaveId: 6,
        functionCode: 3,
        address: 500,
        dataType: 'INT16',
      },
      // Slave 9 never answers: the request times out after 2 s.
      {
        gatewayIndicatorId: gw.indicators.offline!,
        slaveId: 9,
        functionCode: 3,
        address: 0,
        dataType: 'INT16',
      },
    ]);
    const device = await dtu(`${gw.serialNumber},${gw.secret}\n`, { silent: [9] });
    const points = await until(
      () => storedPoints(t, gw.indicators.ok!),
      (p) => p.length >= 2,
      15_000,
    );
    expect(points.length).toBeGreaterThanOrEqual(2);
    expect(points.every((p) => p.num_value === 42)).toBe(true);
    expect(await storedPoints(t, gw.indicators.missing!)).toEqual([]);
    expect(await storedPoints(t, gw.indicators.offline!)).toEqual([]);
    expect(device.socket.destroyed).toBe(false);
    const exceptions = t.logs.filter(
      (l) => l.msg === 'Modbus exception response' && l.dtu === gw.serialNumber,
    );
    const timeouts = t.logs.filter((l) => l.msg === 'Modbus request timed out' && l.dtu === gw.serialNumber);
    expect(exceptions[0]).toMatchObject({ exception: 2, slaveId: 6, address: 500 });
    expect(timeouts[0]).toMatchObject({ slaveId: 9 });
    const row = await gatewayRow(t, gw.id);
    expect([row.unknown_key_count, row.rejected_value_count]).toEqual([0, 0]);
  });
});

describe('remote control of DTU gateways: Modbus writes', () => {
  const control = (gatewayId: number, body: { metric: string; value: unknown }) =>
    t.request<InstructionRecord>('POST', `/data-server/api/v2/gateways/${gatewayId}/control`, {
      token,
      body,
    });
  const recordsOf = async (gatewayId: number) => {
    const answer = await t.request<{ list: InstructionRecord[] }>(
      'GET',
      `/data-server/api/v2/gateways/${gatewayId}/instructionRecords?page=0&size=20`,
      { token },
    );
    expect(answer.body.code).toBe(20000);
    return answer.body.data.list;
  };
  const recordOf = async (gatewayId: number, id: number) =>
    (await recordsOf(gatewayId)).find((r) => r.id === id);
  /** Waits until the record leaves the open codes (20100, 20101, 20103). */
  const closed = (gatewayId: number, id: number) =>
    until(
      () => recordOf(gatewayId, id),
      (r) => r !== undefined && ![20100, 20101, 20103].includes(r.status),
    );
  const registers = (unit: number, address: number, count: number) =>
    Buffer.concat(
      Array.from({ length: count }, (_, i) => {
        const word = Buffer.alloc(2);
        word.writeUInt16BE(holding.get(unit)?.get(address + i) ?? 0);
        return word;
      }),
    );
  const fn = (frames: Buffer[], code: number) =>
    frames.filter((f) => f[1] === code).map((f) => f.toString('hex'));

  it('writes float32 CDAB (16), a coil (05), a register bit (03 + 06): 20000, values in the slave, read back', async () => {
    const gw = await createGateway(t, projectId, [
      { key: 'setpoint', type: 'float', decimals: 2, ioType: 'rw' },
      { key: 'pump', type: 'boolean', ioType: 'rw' },
      { key: 'flag', type: 'boolean', ioType: 'w' },
    ]);
    put(holding, 11, 0, f32(1), 'CDAB');
    put(holding, 11, 10, Buffer.from([0x00, 0xf0]));
    coils.set(11, new Map([[3, false]]));
    await configure(
      gw,
      [
        {
          gatewayIndicatorId: gw.indicators.setpoint!,
          slaveId: 11,
          functionCode: 3,
          address: 0,
          dataType: 'float32',
          byteOrder: 'CDAB',
        },
        {
          gatewayIndicatorId: gw.indicators.pump!,
          slaveId: 11,
          functionCode: 1,
          address: 3,
          dataType: 'bit',
        },
        {
          gatewayIndicatorId: gw.indicators.flag!,
          slaveId: 11,
          functionCode: 3,
          address: 10,
          dataType: 'bit',
          bit: 3,
        },
      ],
      // One cycle a minute: what shows after a write is the read-back, not the next cycle.
      { pollIntervalSeconds: 60 },
    );
    const device = await dtu(`${gw.serialNumber},${gw.secret}\n`);
    const last = (key: string) => storedPoints(t, gw.indicators[key]!).then((points) => points.at(-1));
    await until(
      () => last('setpoint'),
      (point) => point !== undefined,
    );
    expect((await last('setpoint'))?.num_value).toBe(1);

    const setpoint = await control(gw.id, { metric: 'setpoint', value: 12.5 });
    expect(setpoint.body).toMatchObject({ code: 20100, data: { status: 20100, value: '12.5' } });
    expect(await closed(gw.id, setpoint.body.data.id)).toMatchObject({
      status: 20000,
      message: '指令执行成功',
    });
    // 12.5 = 0x41480000; CDAB puts the low word first.
    expect(registers(11, 0, 2)).toEqual(Buffer.from([0x00, 0x00, 0x41, 0x48]));
    expect(toBigEndian(registers(11, 0, 2), 'CDAB').readFloatBE(0)).toBe(12.5);
    expect(fn(device.requests, 16)).toEqual([
      withCrc(Buffer.from('0b1000000002040000' + '4148', 'hex')).toString('hex'),
    ]);
    await until(
      () => last('setpoint'),
      (point) => point?.num_value === 12.5,
    );
    expect((await last('setpoint'))?.num_value).toBe(12.5);

    const pump = await control(gw.id, { metric: 'pump', value: 'on' });
    expect(await closed(gw.id, pump.body.data.id)).toMatchObject({ status: 20000 });
    expect(coils.get(11)?.get(3)).toBe(true);
    expect(fn(device.requests, 5)).toEqual([withCrc(Buffer.from('0b050003ff00', 'hex')).toString('hex')]);
    await until(
      () => last('pump'),
      (point) => point?.num_value === 1,
    );
    expect((await last('pump'))?.num_value).toBe(1);

    const flag = await control(gw.id, { metric: 'flag', value: true });
    expect(await closed(gw.id, flag.body.data.id)).toMatchObject({ status: 20000 });
    expect(holding.get(11)?.get(10)).toBe(0x00f8);
    expect(fn(device.requests, 6)).toEqual([withCrc(Buffer.from('0b06000a00f8', 'hex')).toString('hex')]);
    // Writes took turns with polling: no request went out before the previous one was answered.
    expect(device.wire.overlaps).toBe(0);
  });

  it('closes 40000 with the exception named in Chinese, or the reason a value cannot be written', async () => {
    const gw = await createGateway(t, projectId, [
      { key: 'far', type: 'integer', ioType: 'w' },
      { key: 'small', type: 'integer', ioType: 'w' },
      { key: 'sensor', type: 'float', ioType: 'rw' },
    ]);
    put(holding, 12, 0, i16(5));
    put(input, 12, 0, i16(5));
    await configure(gw, [
      // Not in the slave's memory: it answers exception 02.
      {
        gatewayIndicatorId: gw.indicators.far!,
        slaveId: 12,
        functionCode: 3,
        address: 900,
        dataType: 'INT32',
      },
      {
        gatewayIndicatorId: gw.indicators.small!,
        slaveId: 12,
        functionCode: 3,
        address: 0,
        dataType: 'INT16',
      },
      {
        gatewayIndicatorId: gw.indicators.sensor!,
        slaveId: 12,
        functionCode: 4,
        address: 0,
        dataType: 'INT16',
      },
    ]);
    const device = await dtu(`${gw.serialNumber},${gw.secret}\n`);
    await until(
      async () => device.requests.length,
      (n) => n > 0,
    );

    const far = await control(gw.id, { metric: 'far', value: 7 });
    expect(far.body.code).toBe(20100);
    expect(await closed(gw.id, far.body.data.id)).toMatchObject({
      status: 40000,
      message: '从站异常响应 02：非法数据地址',
    });
    expect(fn(device.requests, 16)).toHaveLength(1);

    const tooBig = await control(gw.id, { metric: 'small', value: 40000 });
    expect(await closed(gw.id, tooBig.body.data.id)).toMatchObject({
      status: 40000,
      message: '写入值 40000 超出 INT16 范围',
    });
    const readOnly = await control(gw.id, { metric: 'sensor', value: 1 });
    expect((await closed(gw.id, readOnly.body.data.id))?.message).toBe(
      '该指标配置为输入寄存器（功能码 04），只读，不能写入',
    );
    expect(fn(device.requests, 6)).toEqual([]);
    expect(holding.get(12)?.get(0)).toBe(5);
  });

  it('queues a command while the DTU is away (20101) and writes it when the DTU registers (20102)', async () => {
    const gw = await createGateway(t, projectId, [
      { key: 'speed', type: 'integer', ioType: 'rw' },
      { key: 'other', type: 'integer', ioType: 'w' },
    ]);
    put(holding, 13, 4, Buffer.alloc(8), 'DCBA');
    await configure(gw, [
      {
        gatewayIndicatorId: gw.indicators.speed!,
        slaveId: 13,
        functionCode: 3,
        address: 4,
        dataType: 'INT64',
        byteOrder: 'DCBA',
      },
    ]);
    const queued = await control(gw.id, { metric: 'speed', value: -1_234_567_890_123 });
    expect(queued.body).toMatchObject({ code: 20101, data: { status: 20101 } });

    const device = await dtu(`${gw.serialNumber},${gw.secret}\n`);
    expect(await closed(gw.id, queued.body.data.id)).toMatchObject({
      status: 20102,
      message: '缓存指令执行成功',
    });
    expect(toBigEndian(registers(13, 4, 4), 'DCBA').readBigInt64BE(0)).toBe(-1_234_567_890_123n);
    expect(fn(device.requests, 16)).toHaveLength(1);
    expect(device.wire.overlaps).toBe(0);

    // Connected, but the indicator has no Modbus point: not reachable, so queued.
    const unmapped = await control(gw.id, { metric: 'other', value: 1 });
    expect(unmapped.body).toMatchObject({ code: 20101, data: { status: 20101 } });
  });

  it('leaves an unanswered write to the command timeout (40800)', async () => {
    const gw = await createGateway(t, projectId, [{ key: 'mode', type: 'integer', ioType: 'w' }]);
    await configure(gw, [
      {
        gatewayIndicatorId: gw.indicators.mode!,
        slaveId: 14,
        functionCode: 3,
        address: 0,
        dataType: 'UINT16',
      },
    ]);
    const device = await dtu(`${gw.serialNumber},${gw.secret}\n`, { silent: [14] });
    // Registered once it is polled; a command before that is queued for an offline gateway.
    await until(
      async () => device.requests.length,
      (n) => n > 0,
    );
    const mode = await control(gw.id, { metric: 'mode', value: 3 });
    expect(mode.body.code).toBe(20100);
    const record = await closed(gw.id, mode.body.data.id);
    expect(record).toMatchObject({ status: 40800, message: '设备响应超时' });
    expect(fn(device.requests, 6)).toEqual([withCrc(Buffer.from('0e0600000003', 'hex')).toString('hex')]);
    // The write waited for the poll request to the same silent slave (2 s), then timed out itself.
    const logged = () =>
      t.logs.some((l) => l.msg === 'Modbus write not answered' && l.command === mode.body.data.id);
    await until(async () => logged(), Boolean);
    expect(logged()).toBe(true);
  });

  it('retries 05/06 as 15/16 when the slave answers exception 01 (illegal function)', async () => {
    const gw = await createGateway(t, projectId, [
      { key: 'level', type: 'float', decimals: 1, ioType: 'rw' },
      { key: 'valve', type: 'boolean', ioType: 'rw' },
    ]);
    put(holding, MULTIPLE_WRITES_ONLY, 0, i16(0), 'BADC');
    coils.set(MULTIPLE_WRITES_ONLY, new Map([[0, false]]));
    await configure(gw, [
      {
        gatewayIndicatorId: gw.indicators.level!,
        slaveId: MULTIPLE_WRITES_ONLY,
        functionCode: 3,
        address: 0,
        dataType: 'INT16',
        byteOrder: 'BADC',
        scale: 0.1,
      },
      {
        gatewayIndicatorId: gw.indicators.valve!,
        slaveId: MULTIPLE_WRITES_ONLY,
        functionCode: 1,
        address: 0,
        dataType: 'bit',
      },
    ]);
    const device = await dtu(`${gw.serialNumber},${gw.secret}\n`);
    await until(
      async () => device.requests.length,
      (n) => n > 0,
    );
    const level = await control(gw.id, { metric: 'level', value: 25.1 });
    expect(await closed(gw.id, level.body.data.id)).toMatchObject({ status: 20000 });
    // 251 = 0x00FB, bytes swapped (BADC).
    expect(holding.get(MULTIPLE_WRITES_ONLY)?.get(0)).toBe(0xfb00);
    expect(fn(device.requests, 6)).toHaveLength(1);
    expect(fn(device.requests, 16)).toEqual([
      withCrc(Buffer.from('08100000000102fb00', 'hex')).toString('hex'),
    ]);
    const valve = await control(gw.id, { metric: 'valve', value: 1 });
    expect(await closed(gw.id, valve.body.data.id)).toMatchObject({ status: 20000 });
    expect(coils.get(MULTIPLE_WRITES_ONLY)?.get(0)).toBe(true);
    expect(fn(device.requests, 15)).toEqual([
      withCrc(Buffer.from('080f000000010101', 'hex')).toString('hex'),
    ]);
  });
});
