import type { PointValue } from '@iot/contracts/indicators';
import type { ByteOrder, ModbusDataType } from '@iot/contracts/modbus';
import { fromBigEndian, type PlannedPoint, toBigEndian, type WriteRequest } from './codec.js';

/**
 * Modbus writes, pure: what a command's value becomes on the wire for the point it is configured at,
 * the exact inverse of the decoding the poller applies (decision 0011). No I/O here.
 */

/** A value that cannot be written to its point; the message (Chinese) closes the command. */
export class WriteValueError extends Error {}

type RegisterDataType = Exclude<ModbusDataType, 'bit'>;

const INTEGER_RANGES: Partial<Record<RegisterDataType, [number, number]>> = {
  INT16: [-0x8000, 0x7fff],
  UINT16: [0, 0xffff],
  INT32: [-0x8000_0000, 0x7fff_ffff],
  UINT32: [0, 0xffff_ffff],
  INT64: [-(2 ** 63), 2 ** 63 - 1],
};
const FLOAT32_MAX = 3.4028234663852886e38;

/**
 * Encodes a value as register bytes in wire order: the inverse of decodeRegisters. Integers must
 * be whole and in range; text is Latin-1 in `length` registers, NUL padded; BADC/DCBA swap the two
 * characters of each register, as the decoder does.
 */
export function encodeRegisters(
  value: number | string,
  dataType: RegisterDataType,
  order: ByteOrder,
  options: { length?: number | undefined } = {},
): Buffer {
  if (dataType === 'string') {
    const text = String(value);
    const size = (options.length ?? 1) * 2;
    if (text.length > size) throw new WriteValueError(`文本超过 ${size} 个字符，写不进 ${size / 2} 个寄存器`);
    if ([...text].some((c) => c.charCodeAt(0) > 0xff)) throw new WriteValueError('文本只能含 Latin-1 字符');
    const bytes = Buffer.alloc(size);
    bytes.write(text, 'latin1');
    return order === 'BADC' || order === 'DCBA' ? toBigEndian(bytes, 'BADC') : bytes;
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new WriteValueError('控制值不是数值');
  const range = INTEGER_RANGES[dataType];
  if (range && (!Number.isInteger(value) || value < range[0] || value > range[1]))
    throw new WriteValueError(`写入值 ${value} 超出 ${dataType} 范围`);
  let bytes: Buffer;
  switch (dataType) {
    case 'INT16':
      bytes = Buffer.alloc(2);
      bytes.writeInt16BE(value);
      break;
    case 'UINT16':
      bytes = Buffer.alloc(2);
      bytes.writeUInt16BE(value);
      break;
    case 'INT32':
      bytes = Buffer.alloc(4);
      bytes.writeInt32BE(value);
      break;
    case 'UINT32':
      bytes = Buffer.alloc(4);
      bytes.writeUInt32BE(value);
      break;
    case 'INT64':
      bytes = Buffer.alloc(8);
      // 2^63 - 1 is not a double: the largest in range rounds up to 2^63, written as the maximum.
      bytes.writeBigInt64BE(value >= 2 ** 63 ? 2n ** 63n - 1n : BigInt(value));
      break;
    case 'float32':
      if (Math.abs(value) > FLOAT32_MAX) throw new WriteValueError(`写入值 ${value} 超出 float32 范围`);
      bytes = Buffer.alloc(4);
      bytes.writeFloatBE(value);
      break;
    case 'float64':
      bytes = Buffer.alloc(8);
      bytes.writeDoubleBE(value);
      break;
  }
  // 16-bit types: only the byte swap applies (toBigEndian of one register ignores word order).
  return fromBigEndian(bytes, order);
}

/** How a command's value reaches its point. */
export type WritePlan =
  | { kind: 'request'; request: WriteRequest }
  /** A bit of a holding register: read the register (03), change the bit, write it back (06). */
  | { kind: 'register bit'; slaveId: number; address: number; bit: number; on: boolean };

function toNumber(value: PointValue): number {
  const number = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(number)) throw new WriteValueError('控制值不是数值');
  return number;
}

function toBit(value: PointValue): boolean {
  const number = toNumber(value);
  if (number !== 0 && number !== 1) throw new WriteValueError('bit 类型只能写入 0 或 1');
  return number === 1;
}

/**
 * The write for a command's value at its configured point: coils (read by 01) get 05; a bit of a
 * holding register a read-modify-write; a one-register value 06; wider values and text 16. The
 * number is divided by the point's scale (the poller multiplies by it), and rounded for integer
 * types. Discrete inputs (02) and input registers (04) are read-only.
 */
export function planWrite(point: PlannedPoint, value: PointValue): WritePlan {
  const { slaveId, address } = point;
  if (point.functionCode === 2)
    throw new WriteValueError('该指标配置为离散输入（功能码 02），只读，不能写入');
  if (point.functionCode === 4)
    throw new WriteValueError('该指标配置为输入寄存器（功能码 04），只读，不能写入');
  if (point.functionCode === 1)
    return { kind: 'request', request: { slaveId, functionCode: 5, address, on: toBit(value) } };
  if (point.dataType === 'bit')
    return { kind: 'register bit', slaveId, address, bit: point.bit ?? 0, on: toBit(value) };
  let raw: number | string;
  if (point.dataType === 'string') raw = String(value);
  else {
    const scaled = point.scale === undefined ? toNumber(value) : toNumber(value) / point.scale;
    raw = INTEGER_RANGES[point.dataType] ? Math.round(scaled) : scaled;
  }
  const registers = encodeRegisters(raw, point.dataType, point.byteOrder, { length: point.length });
  if (registers.length === 2)
    return {
      kind: 'request',
      request: { slaveId, functionCode: 6, address, register: registers.readUInt16BE(0) },
    };
  return { kind: 'request', request: { slaveId, functionCode: 16, address, registers } };
}

/** The register with one bit set or cleared (the write half of a register-bit plan). */
export function withBit(register: number, bit: number, on: boolean): number {
  return on ? (register | (1 << bit)) & 0xffff : register & ~(1 << bit) & 0xffff;
}

/**
 * The same write as 15/16, for slaves that implement only the multiple-write functions and answer
 * 05/06 with exception 01; undefined when the write is already one.
 */
export function asMultipleWrite(request: WriteRequest): WriteRequest | undefined {
  const { slaveId, address } = request;
  if (request.functionCode === 5) return { slaveId, functionCode: 15, address, coils: [request.on] };
  if (request.functionCode === 6) {
    const registers = Buffer.alloc(2);
    registers.writeUInt16BE(request.register);
    return { slaveId, functionCode: 16, address, registers };
  }
  return undefined;
}

/** Modbus exception codes (application protocol §7), in Chinese. */
export const MODBUS_EXCEPTIONS: Record<number, string> = {
  1: '非法功能',
  2: '非法数据地址',
  3: '非法数据值',
  4: '从站设备故障',
  5: '确认（从站处理中）',
  6: '从站设备忙',
  8: '存储奇偶性差错',
  10: '网关路径不可用',
  11: '网关目标设备响应失败',
};

/** The message a command closes with when the slave answers an exception. */
export function exceptionMessage(code: number): string {
  const hex = code.toString(16).toUpperCase().padStart(2, '0');
  return `从站异常响应 ${hex}：${MODBUS_EXCEPTIONS[code] ?? '未知异常'}`;
}
