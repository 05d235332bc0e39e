import { modbusConfigBody } from '@iot/contracts/modbus';
import { describe, expect, it } from 'vitest';
import {
  buildReadRequest,
  buildRequest,
  buildWriteRequest,
  crc16,
  decodeBit,
  decodeRead,
  decodeRegisters,
  fromBigEndian,
  hasValidCrc,
  type PlannedPoint,
  parseResponse,
  planReads,
  readResponse,
  toBigEndian,
  withCrc,
} from './codec.js';

const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'hex');

describe('CRC-16/Modbus', () => {
  it('matches known frames', () => {
    expect(crc16(hex('01 03 00 00 00 0A'))).toBe(0xcdc5);
    expect(withCrc(hex('01 03 00 00 00 0A')).toString('hex')).toBe('01030000000ac5cd');
    expect(crc16(Buffer.from('123456789'))).toBe(0x4b37);
    expect(hasValidCrc(hex('01 03 00 00 00 0A C5 CD'))).toBe(true);
    expect(hasValidCrc(hex('01 03 00 00 00 0A C5 CE'))).toBe(false);
  });
});

describe('read requests', () => {
  it('builds RTU frames for functions 1 to 4', () => {
    expect(buildReadRequest({ slaveId: 1, functionCode: 3, address: 0, quantity: 10 })).toEqual(
      hex('01 03 00 00 00 0A C5 CD'),
    );
    expect(buildReadRequest({ slaveId: 17, functionCode: 1, address: 0x13, quantity: 0x25 })).toEqual(
      withCrc(hex('11 01 00 13 00 25')),
    );
    expect(buildReadRequest({ slaveId: 1, functionCode: 4, address: 1, quantity: 1 })).toEqual(
      hex('01 04 00 01 00 01 60 0A'),
    );
    expect(buildReadRequest({ slaveId: 247, functionCode: 2, address: 65535, quantity: 1 })[0]).toBe(247);
  });

  it('refuses what Modbus cannot ask', () => {
    expect(() => buildReadRequest({ slaveId: 0, functionCode: 3, address: 0, quantity: 1 })).toThrow();
    expect(() => buildReadRequest({ slaveId: 1, functionCode: 3, address: 0, quantity: 126 })).toThrow();
    expect(() => buildReadRequest({ slaveId: 1, functionCode: 1, address: 0, quantity: 2001 })).toThrow();
    expect(() => buildReadRequest({ slaveId: 1, functionCode: 3, address: 65536, quantity: 1 })).toThrow();
  });
});

describe('responses', () => {
  const request = { slaveId: 1, functionCode: 3 as const, address: 0, quantity: 2 };

  it('parses data, exceptions, and rejects what does not answer the request', () => {
    expect(parseResponse(withCrc(hex('01 03 04 00 01 00 02')), request)).toEqual({
      kind: 'data',
      data: hex('00 01 00 02'),
    });
    expect(parseResponse(withCrc(hex('01 83 02')), request)).toEqual({ kind: 'exception', code: 2 });
    expect(parseResponse(hex('01 03 04 00 01 00 02 00 00'), request)).toMatchObject({ reason: 'crc' });
    expect(parseResponse(withCrc(hex('02 03 04 00 01 00 02')), request)).toMatchObject({ reason: 'slave' });
    expect(parseResponse(withCrc(hex('01 04 04 00 01 00 02')), request)).toMatchObject({
      reason: 'function',
    });
    expect(parseResponse(withCrc(hex('01 03 02 00 01')), request)).toMatchObject({ reason: 'byte count' });
    expect(parseResponse(hex('01 03 04 00'), request)).toMatchObject({ kind: 'invalid' });
  });

  it('reads a frame off a stream: waits for more bytes, tells how many it used', () => {
    const frame = withCrc(hex('01 03 04 00 01 00 02'));
    expect(readResponse(frame.subarray(0, 4), request)).toEqual({ kind: 'incomplete' });
    expect(readResponse(Buffer.concat([frame, hex('FF')]), request)).toMatchObject({ kind: 'data', used: 9 });
    expect(readResponse(hex('7E 01'), request)).toMatchObject({ kind: 'invalid', used: 1 });
  });
});

describe('write requests and their answers', () => {
  it('builds 05 (coil ON 0xFF00, OFF 0x0000) and 06 frames', () => {
    // Modbus application protocol §6.5 and §6.6 examples, with their CRCs.
    expect(buildWriteRequest({ slaveId: 17, functionCode: 5, address: 0xac, on: true })).toEqual(
      hex('11 05 00 AC FF 00 4E 8B'),
    );
    expect(buildWriteRequest({ slaveId: 1, functionCode: 5, address: 0, on: false })).toEqual(
      withCrc(hex('01 05 00 00 00 00')),
    );
    expect(buildWriteRequest({ slaveId: 17, functionCode: 6, address: 1, register: 3 })).toEqual(
      hex('11 06 00 01 00 03 9A 9B'),
    );
  });

  it('builds 15 and 16 frames with byte count and data', () => {
    // §6.11: coils 20–29 = CD 01.
    const coils = [1, 0, 1, 1, 0, 0, 1, 1, 1, 0].map((bit) => bit === 1);
    expect(buildWriteRequest({ slaveId: 17, functionCode: 15, address: 0x13, coils })).toEqual(
      withCrc(hex('11 0F 00 13 00 0A 02 CD 01')),
    );
    expect(
      buildWriteRequest({ slaveId: 17, functionCode: 16, address: 1, registers: hex('00 0A 01 02') }),
    ).toEqual(hex('11 10 00 01 00 02 04 00 0A 01 02 C6 F0'));
    expect(buildRequest({ slaveId: 1, functionCode: 3, address: 0, quantity: 10 })).toEqual(
      hex('01 03 00 00 00 0A C5 CD'),
    );
  });

  it('refuses writes Modbus cannot carry', () => {
    const registers = Buffer.alloc(248);
    expect(() => buildWriteRequest({ slaveId: 1, functionCode: 16, address: 0, registers })).toThrow();
    expect(() =>
      buildWriteRequest({ slaveId: 1, functionCode: 16, address: 65535, registers: Buffer.alloc(4) }),
    ).toThrow();
    expect(() => buildWriteRequest({ slaveId: 1, functionCode: 6, address: 0, register: 65536 })).toThrow();
    expect(() => buildWriteRequest({ slaveId: 248, functionCode: 5, address: 0, on: true })).toThrow();
    expect(() => buildWriteRequest({ slaveId: 1, functionCode: 15, address: 0, coils: [] })).toThrow();
  });

  it('takes the echo of 05/06 and address plus quantity of 15/16; anything else is not the answer', () => {
    const coil = { slaveId: 1, functionCode: 5 as const, address: 7, on: true };
    const echo = buildWriteRequest(coil);
    expect(parseResponse(echo, coil)).toEqual({ kind: 'data', data: hex('00 07 FF 00') });
    expect(parseResponse(withCrc(hex('01 05 00 07 00 00')), coil)).toMatchObject({ reason: 'echo' });
    expect(parseResponse(withCrc(hex('01 85 02')), coil)).toEqual({ kind: 'exception', code: 2 });
    const registers = { slaveId: 1, functionCode: 16 as const, address: 4, registers: hex('00 01 00 02') };
    expect(parseResponse(withCrc(hex('01 10 00 04 00 02')), registers)).toEqual({
      kind: 'data',
      data: hex('00 04 00 02'),
    });
    expect(parseResponse(withCrc(hex('01 10 00 04 00 01')), registers)).toMatchObject({ reason: 'echo' });
    expect(parseResponse(withCrc(hex('01 06 00 04 00 02')), registers)).toMatchObject({ reason: 'function' });
    expect(readResponse(withCrc(hex('01 10 00 04 00 02')).subarray(0, 7), registers)).toEqual({
      kind: 'incomplete',
    });
    const coils = { slaveId: 1, functionCode: 15 as const, address: 0, coils: [true] };
    expect(readResponse(Buffer.concat([hex('FF'), withCrc(hex('01 0F 00 00 00 01'))]), coils)).toMatchObject({
      kind: 'invalid',
      used: 1,
    });
    expect(parseResponse(withCrc(hex('01 0F 00 00 00 01')), coils)).toMatchObject({ kind: 'data' });
  });
});

describe('decoding by data type and byte order', () => {
  // float32 123.456 = 0x42F6E979: A=42 B=F6 C=E9 D=79.
  const float32 = {
    ABCD: '42 F6 E9 79',
    BADC: 'F6 42 79 E9',
    CDAB: 'E9 79 42 F6',
    DCBA: '79 E9 F6 42',
  } as const;
  for (const [order, bytes] of Object.entries(float32)) {
    it(`float32 123.456 in ${order}`, () => {
      const value = decodeRegisters(hex(bytes), 'float32', order as keyof typeof float32);
      expect(value).toBeCloseTo(123.456, 5);
    });
  }

  // float64 123.456 = 0x405EDD2F1A9FBE77.
  const float64 = {
    ABCD: '40 5E DD 2F 1A 9F BE 77',
    BADC: '5E 40 2F DD 9F 1A 77 BE',
    CDAB: 'BE 77 1A 9F DD 2F 40 5E',
    DCBA: '77 BE 9F 1A 2F DD 5E 40',
  } as const;
  for (const [order, bytes] of Object.entries(float64)) {
    it(`float64 123.456 in ${order}`, () => {
      expect(decodeRegisters(hex(bytes), 'float64', order as keyof typeof float64)).toBe(123.456);
    });
  }

  it('16-bit types: the byte swap applies, the word order cannot', () => {
    expect(decodeRegisters(hex('FF 38'), 'INT16', 'ABCD')).toBe(-200);
    expect(decodeRegisters(hex('FF 38'), 'UINT16', 'ABCD')).toBe(65336);
    expect(decodeRegisters(hex('38 FF'), 'INT16', 'BADC')).toBe(-200);
    expect(decodeRegisters(hex('FF 38'), 'INT16', 'CDAB')).toBe(-200);
    expect(decodeRegisters(hex('38 FF'), 'INT16', 'DCBA')).toBe(-200);
  });

  it('32-bit integers in every order', () => {
    // -123456789 = 0xF8A432EB
    expect(decodeRegisters(hex('F8 A4 32 EB'), 'INT32', 'ABCD')).toBe(-123456789);
    expect(decodeRegisters(hex('A4 F8 EB 32'), 'INT32', 'BADC')).toBe(-123456789);
    expect(decodeRegisters(hex('32 EB F8 A4'), 'INT32', 'CDAB')).toBe(-123456789);
    expect(decodeRegisters(hex('EB 32 A4 F8'), 'INT32', 'DCBA')).toBe(-123456789);
    expect(decodeRegisters(hex('F8 A4 32 EB'), 'UINT32', 'ABCD')).toBe(0xf8a432eb);
    expect(decodeRegisters(hex('32 EB F8 A4'), 'UINT32', 'CDAB')).toBe(0xf8a432eb);
  });

  it('INT64 in every order', () => {
    // -1234567890123 = 0xFFFFFEE08E1B5135
    const big = Buffer.alloc(8);
    big.writeBigInt64BE(-1234567890123n);
    for (const order of ['ABCD', 'BADC', 'CDAB', 'DCBA'] as const) {
      expect(decodeRegisters(fromBigEndian(big, order), 'INT64', order)).toBe(-1234567890123);
    }
    expect(decodeRegisters(hex('00 00 00 00 00 00 00 2A'), 'INT64', 'ABCD')).toBe(42);
    expect(decodeRegisters(hex('00 2A 00 00 00 00 00 00'), 'INT64', 'CDAB')).toBe(42);
  });

  it('bits of a register and of a coil answer', () => {
    expect(decodeRegisters(hex('00 05'), 'bit', 'ABCD')).toBe(1);
    expect(decodeRegisters(hex('00 05'), 'bit', 'ABCD', { bit: 1 })).toBe(0);
    expect(decodeRegisters(hex('00 05'), 'bit', 'ABCD', { bit: 2 })).toBe(1);
    expect(decodeRegisters(hex('80 00'), 'bit', 'ABCD', { bit: 15 })).toBe(1);
    expect(decodeBit(hex('CD 01'), 0)).toBe(1);
    expect(decodeBit(hex('CD 01'), 1)).toBe(0);
    expect(decodeBit(hex('CD 01'), 8)).toBe(1);
    expect(decodeBit(hex('CD 01'), 9)).toBe(0);
  });

  it('strings: two characters per register, NUL padding dropped, bytes swapped for BADC', () => {
    expect(decodeRegisters(Buffer.from('PUMP-1\0\0'), 'string', 'ABCD')).toBe('PUMP-1');
    expect(decodeRegisters(Buffer.from('UPPM1-'), 'string', 'BADC')).toBe('PUMP-1');
  });

  it('byte order transformations are their own inverse', () => {
    const bytes = hex('01 02 03 04 05 06 07 08');
    for (const order of ['ABCD', 'BADC', 'CDAB', 'DCBA'] as const) {
      expect(toBigEndian(fromBigEndian(bytes, order), order)).toEqual(bytes);
    }
    expect(toBigEndian(bytes, 'DCBA')).toEqual(hex('08 07 06 05 04 03 02 01'));
  });
});

describe('read planning', () => {
  const point = (key: string, extra: Partial<PlannedPoint>): PlannedPoint => ({
    key,
    slaveId: 1,
    functionCode: 3,
    address: 0,
    dataType: 'UINT16',
    byteOrder: 'ABCD',
    ...extra,
  });

  it('groups contiguous registers of one slave and function, never across gaps', () => {
    const reads = planReads([
      point('b', { address: 2, dataType: 'float32' }),
      point('a', { address: 0, dataType: 'INT32' }),
      point('c', { address: 5 }),
      point('d', { address: 0, slaveId: 2 }),
      point('e', { address: 4, functionCode: 4 }),
    ]);
    expect(reads.map((r) => [r.request, r.points.map((p) => p.key)])).toEqual([
      [{ slaveId: 1, functionCode: 3, address: 0, quantity: 4 }, ['a', 'b']],
      [{ slaveId: 1, functionCode: 3, address: 5, quantity: 1 }, ['c']],
      [{ slaveId: 1, functionCode: 4, address: 4, quantity: 1 }, ['e']],
      [{ slaveId: 2, functionCode: 3, address: 0, quantity: 1 }, ['d']],
    ]);
  });

  it('keeps each read within 125 registers', () => {
    const points = Array.from({ length: 40 }, (_, i) =>
      point(`k${i}`, { address: i * 4, dataType: 'float64' }),
    );
    const reads = planReads(points);
    expect(reads.every((r) => r.request.quantity <= 125)).toBe(true);
    expect(reads.flatMap((r) => r.points)).toHaveLength(40);
  });

  it('decodes every point of a read, scaled', () => {
    const [read] = planReads([
      point('t', { address: 10, dataType: 'INT16', scale: 0.1 }),
      point('f', { address: 11, dataType: 'float32', byteOrder: 'CDAB' }),
    ]);
    const data = Buffer.concat([hex('00 FB'), hex('E9 79 42 F6')]);
    const values = decodeRead(read!, data);
    expect(values.t).toBeCloseTo(25.1, 10);
    expect(values.f).toBeCloseTo(123.456, 5);
  });

  it('coils: one bit per point from the first one asked', () => {
    const [read] = planReads([
      point('c0', { functionCode: 1, address: 3, dataType: 'bit' }),
      point('c1', { functionCode: 1, address: 4, dataType: 'bit' }),
    ]);
    expect(read!.request).toEqual({ slaveId: 1, functionCode: 1, address: 3, quantity: 2 });
    expect(decodeRead(read!, hex('02'))).toEqual({ c0: 0, c1: 1 });
  });
});

describe('configuration body', () => {
  const base = { baudRate: 9600, dataBits: 8, stopBits: 1, parity: 'none', pollIntervalSeconds: 5 };
  const indicator = { gatewayIndicatorId: 1, slaveId: 1, functionCode: 3, address: 0, dataType: 'float32' };

  it('accepts a valid configuration and defaults the byte order to ABCD', () => {
    const parsed = modbusConfigBody.parse({ ...base, indicators: [indicator] });
    expect(parsed.indicators[0]!.byteOrder).toBe('ABCD');
  });

  it('refuses values outside the enumerations with Chinese messages', () => {
    const messages = (body: object) => {
      const result = modbusConfigBody.safeParse(body);
      return result.success ? [] : result.error.issues.map((i) => i.message);
    };
    expect(messages({ ...base, baudRate: 1200, indicators: [] })).toEqual([
      '波特率须为 2400、4800、9600、19200、38400、57600、115200 之一',
    ]);
    expect(messages({ ...base, parity: 'mark', indicators: [] })[0]).toContain('校验位');
    expect(messages({ ...base, pollIntervalSeconds: 0, indicators: [] })[0]).toContain('采集周期');
    expect(messages({ ...base, indicators: [{ ...indicator, slaveId: 248 }] })[0]).toContain('从站地址');
    expect(messages({ ...base, indicators: [{ ...indicator, functionCode: 6 }] })[0]).toContain('功能码');
    expect(messages({ ...base, indicators: [{ ...indicator, dataType: 'int8' }] })[0]).toContain('数据类型');
    expect(messages({ ...base, indicators: [{ ...indicator, byteOrder: 'ACBD' }] })[0]).toContain('字节序');
    expect(messages({ ...base, indicators: [{ ...indicator, functionCode: 1 }] })).toEqual([
      '功能码 01、02 只能使用 bit 数据类型',
    ]);
    expect(messages({ ...base, indicators: [{ ...indicator, dataType: 'string' }] })[0]).toContain(
      '寄存器数量',
    );
    expect(messages({ ...base, indicators: [{ ...indicator, address: 65535 }] })[0]).toContain('超出');
  });
});
