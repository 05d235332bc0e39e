import { BYTE_ORDERS } from '@iot/contracts/gateways';
import { describe, expect, it } from 'vitest';
import { decodeRead, decodeRegisters, type PlannedPoint, planReads } from './codec.js';
import {
  asMultipleWrite,
  encodeRegisters,
  exceptionMessage,
  planWrite,
  WriteValueError,
  withBit,
} from './writes.js';

const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'hex');

/** Values each register data type must carry through encode → decode unchanged. */
const SAMPLES = {
  INT16: [0, 1, -1, 300, -200, 32767, -32768],
  UINT16: [0, 1, 300, 65336, 65535],
  INT32: [0, -1, 123456789, -123456789, 2147483647, -2147483648],
  UINT32: [0, 1, 3_000_000_000, 0xf8a432eb, 4294967295],
  INT64: [0, -1, 42, -1_234_567_890_123, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER],
  float32: [0, -0.5, 1.5, 12.5, Math.fround(123.456), Math.fround(-98.765), Math.fround(3.4e38)],
  float64: [0, 123.456, -98.765, 1e-300, Number.MAX_VALUE],
} as const;

describe('encoding is the exact inverse of decoding', () => {
  for (const order of BYTE_ORDERS) {
    for (const [dataType, values] of Object.entries(SAMPLES)) {
      it(`${dataType} in ${order}`, () => {
        for (const value of values) {
          const wire = encodeRegisters(value, dataType as keyof typeof SAMPLES, order);
          expect(decodeRegisters(wire, dataType as keyof typeof SAMPLES, order)).toBe(value);
        }
      });
    }
    it(`string in ${order}`, () => {
      for (const text of ['PUMP-1', 'AB', 'Ünïcod1', 'x', '12345678']) {
        const wire = encodeRegisters(text, 'string', order, { length: 4 });
        expect(wire).toHaveLength(8);
        expect(decodeRegisters(wire, 'string', order)).toBe(text);
      }
    });
  }

  it('puts the bytes in the documented order on the wire', () => {
    // float32 123.456 = 0x42F6E979 (A=42 B=F6 C=E9 D=79), as in the decoding tests.
    const value = Math.fround(123.456);
    expect(encodeRegisters(value, 'float32', 'ABCD')).toEqual(hex('42 F6 E9 79'));
    expect(encodeRegisters(value, 'float32', 'BADC')).toEqual(hex('F6 42 79 E9'));
    expect(encodeRegisters(value, 'float32', 'CDAB')).toEqual(hex('E9 79 42 F6'));
    expect(encodeRegisters(value, 'float32', 'DCBA')).toEqual(hex('79 E9 F6 42'));
    expect(encodeRegisters(-200, 'INT16', 'BADC')).toEqual(hex('38 FF'));
    expect(encodeRegisters(-200, 'INT16', 'CDAB')).toEqual(hex('FF 38'));
    expect(encodeRegisters('PUMP-1', 'string', 'BADC', { length: 3 })).toEqual(Buffer.from('UPPM1-'));
    expect(encodeRegisters('AB', 'string', 'ABCD', { length: 2 })).toEqual(hex('41 42 00 00'));
  });

  it('refuses values the type cannot hold, with Chinese messages', () => {
    const refuse = (run: () => unknown, message: string) => {
      expect(run).toThrow(WriteValueError);
      expect(run).toThrow(message);
    };
    refuse(() => encodeRegisters(32768, 'INT16', 'ABCD'), '写入值 32768 超出 INT16 范围');
    refuse(() => encodeRegisters(-1, 'UINT16', 'ABCD'), '超出 UINT16 范围');
    refuse(() => encodeRegisters(1.5, 'INT32', 'ABCD'), '超出 INT32 范围');
    refuse(() => encodeRegisters(2 ** 32, 'UINT32', 'ABCD'), '超出 UINT32 范围');
    refuse(() => encodeRegisters(1e39, 'float32', 'ABCD'), '超出 float32 范围');
    refuse(() => encodeRegisters(Number.NaN, 'float64', 'ABCD'), '控制值不是数值');
    refuse(() => encodeRegisters('too long', 'string', 'ABCD', { length: 2 }), '文本超过 4 个字符');
    refuse(() => encodeRegisters('泵', 'string', 'ABCD', { length: 2 }), 'Latin-1');
  });
});

describe('planning a write for a configured point', () => {
  const point = (fields: Partial<PlannedPoint>): PlannedPoint => ({
    key: 'k',
    slaveId: 1,
    functionCode: 3,
    address: 10,
    dataType: 'INT16',
    byteOrder: 'ABCD',
    ...fields,
  });

  it('coils read by 01 get 05; a bit of a holding register a read-modify-write', () => {
    expect(planWrite(point({ functionCode: 1, dataType: 'bit' }), 1)).toEqual({
      kind: 'request',
      request: { slaveId: 1, functionCode: 5, address: 10, on: true },
    });
    expect(planWrite(point({ functionCode: 1, dataType: 'bit' }), '0')).toMatchObject({
      request: { functionCode: 5, on: false },
    });
    expect(planWrite(point({ dataType: 'bit', bit: 3 }), 1)).toEqual({
      kind: 'register bit',
      slaveId: 1,
      address: 10,
      bit: 3,
      on: true,
    });
    expect(() => planWrite(point({ functionCode: 1, dataType: 'bit' }), 2)).toThrow(
      'bit 类型只能写入 0 或 1',
    );
    expect(withBit(0x00f0, 3, true)).toBe(0x00f8);
    expect(withBit(0xffff, 15, false)).toBe(0x7fff);
  });

  it('one register gets 06, wider values and text 16, in the point’s byte order', () => {
    expect(planWrite(point({ dataType: 'UINT16', byteOrder: 'BADC' }), 0x1234)).toEqual({
      kind: 'request',
      request: { slaveId: 1, functionCode: 6, address: 10, register: 0x3412 },
    });
    expect(planWrite(point({ dataType: 'float32', byteOrder: 'CDAB' }), 12.5)).toEqual({
      kind: 'request',
      request: { slaveId: 1, functionCode: 16, address: 10, registers: hex('00 00 41 48') },
    });
    expect(planWrite(point({ dataType: 'string', length: 3 }), 'ON')).toMatchObject({
      request: { functionCode: 16, registers: hex('4F 4E 00 00 00 00') },
    });
    expect(planWrite(point({ dataType: 'string', length: 1 }), 'ON')).toMatchObject({
      request: { functionCode: 6, register: 0x4f4e },
    });
  });

  it('divides by the scale the poller multiplies by, rounding for integer types', () => {
    expect(planWrite(point({ dataType: 'INT16', scale: 0.1 }), 25.1)).toMatchObject({
      request: { functionCode: 6, register: 251 },
    });
    expect(planWrite(point({ dataType: 'INT16', scale: 0.1 }), -20)).toMatchObject({
      request: { register: 0x10000 - 200 },
    });
    const plan = planWrite(point({ dataType: 'float64', scale: 2 }), 5);
    expect(plan).toMatchObject({ request: { functionCode: 16 } });
    // What the poller reads back is the value written.
    const read = planReads([point({ dataType: 'float64', scale: 2 })])[0]!;
    const written =
      plan.kind === 'request' && plan.request.functionCode === 16 ? plan.request.registers : null;
    expect(decodeRead(read, written!)).toEqual({ k: 5 });
  });

  it('refuses read-only tables and values that are not numbers', () => {
    expect(() => planWrite(point({ functionCode: 2, dataType: 'bit' }), 1)).toThrow('离散输入');
    expect(() => planWrite(point({ functionCode: 4 }), 1)).toThrow('输入寄存器（功能码 04），只读');
    expect(() => planWrite(point({}), 'high')).toThrow('控制值不是数值');
    expect(() => planWrite(point({}), '')).toThrow('控制值不是数值');
    expect(() => planWrite(point({}), 40000)).toThrow('超出 INT16 范围');
  });

  it('offers 05/06 again as 15/16 for slaves without the single-write functions', () => {
    expect(asMultipleWrite({ slaveId: 2, functionCode: 5, address: 7, on: true })).toEqual({
      slaveId: 2,
      functionCode: 15,
      address: 7,
      coils: [true],
    });
    expect(asMultipleWrite({ slaveId: 2, functionCode: 6, address: 7, register: 0xabcd })).toEqual({
      slaveId: 2,
      functionCode: 16,
      address: 7,
      registers: hex('AB CD'),
    });
    expect(asMultipleWrite({ slaveId: 2, functionCode: 16, address: 7, registers: hex('AB CD') })).toBe(
      undefined,
    );
  });

  it('names exceptions in Chinese', () => {
    expect(exceptionMessage(2)).toBe('从站异常响应 02：非法数据地址');
    expect(exceptionMessage(1)).toBe('从站异常响应 01：非法功能');
    expect(exceptionMessage(3)).toBe('从站异常响应 03：非法数据值');
    expect(exceptionMessage(4)).toBe('从站异常响应 04：从站设备故障');
    expect(exceptionMessage(0x0b)).toBe('从站异常响应 0B：网关目标设备响应失败');
    expect(exceptionMessage(0x20)).toBe('从站异常响应 20：未知异常');
  });
});
