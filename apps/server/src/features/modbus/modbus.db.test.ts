import { once } from 'node:events';
import { createServer, connect as netConnect, type Socket } from 'node:net';
import { GatewayMessages } from '@iot/contracts/gateways';
import { type ModbusConfig, type ModbusConfigBody, ModbusMessages } from '@iot/contracts/modbus';
import { ServerTCP } from 'modbus-serial';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { createGateway, gatewayRow, storedPoints, type TestGateway } from '../../test/factories.js';
import { startServer, type TestServer } from '../../test/server.js';
import { fromBigEndian, hasValidCrc, withCrc } from './codec.js';

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
  let transaction = 0;
  let pending = Buffer.alloc(0);
  server.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 8) {
      const frame = pending.subarray(0, 8);
      pending = pending.subarray(8);
      requests.push(Buffer.from(frame));
      if (!hasValidCrc(frame)) throw new Error('the server sent a frame with a bad CRC');
      if (options.silent?.includes(frame[0]!)) continue;
      const mbap = Buffer.alloc(6);
      mbap.writeUInt16BE(++transaction & 0xffff, 0);
      mbap.writeUInt16BE(0, 2);
      mbap.writeUInt16BE(6, 4);
      upstream.write(Buffer.concat([mbap, frame.subarray(0, 6)]));
    }
  });
  let answers = Buffer.alloc(0);
  upstream.on('data', (chunk: Buffer) => {
    answers = Buffer.concat([answers, chunk]);
    while (answers.length >= 6 && answers.length >= 6 + answers.readUInt16BE(4)) {
      const length = answers.readUInt16BE(4);
      const pdu = answers.subarray(6, 6 + length);
      answers = answers.subarray(6 + length);
      server.write(Buffer.concat([options.noise ?? Buffer.alloc(0), withCrc(pdu)]));
    }
  });
  server.on('error', () => {});
  upstream.on('error', () => {});
  server.write(registration);
  return { socket: server, requests };
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

async function configure(gw: TestGateway, indicators: ModbusConfigBody['indicators']) {
  const answer = await t.request<ModbusConfig>('PUT', configUrl(gw.id), {
    token,
    body: { ...serial, indicators },
  });
  expect(answer.body.code, answer.body.message).toBe(20000);
  return answer.body.data;
}

beforeAll(async () => {
  t = await startServer();
  projectId = t.server.seeded.demoProjectId!;
  const account = DEMO_ACCOUNTS.projectAdmin;
  token = (await t.login(account.username, account.password)).access;
  slavePort = await freePort();
  slave = new ServerTCP(
    {
      getHoldingRegister: (address: number, unit: number) => lookup(holding, unit, address),
      getInputRegister: (address: number, unit: number) => lookup(input, unit, address),
      getCoil: (address: number, unit: number) => lookup(coils, unit, address),
    },
    { host: '127.0.0.1', port: slavePort, unitID: 255 },
  );
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
