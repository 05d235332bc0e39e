import {
  type ByteOrder,
  type ModbusDataType,
  type ReadFunctionCode,
  registerCount,
} from '@iot/contracts/modbus';

/**
 * Modbus RTU, pure: CRC-16/Modbus, read and write requests, response framing and checking, and
 * decoding of registers by data type and byte order. No I/O here (decision 0011).
 */

/** CRC-16/Modbus (poly 0xA001 reflected, init 0xFFFF); sent low byte first. */
export function crc16(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

/** Appends the CRC (low byte first) to a frame without one. */
export function withCrc(body: Uint8Array): Buffer {
  const frame = Buffer.alloc(body.length + 2);
  frame.set(body);
  frame.writeUInt16LE(crc16(body), body.length);
  return frame;
}

export function hasValidCrc(frame: Uint8Array): boolean {
  if (frame.length < 4) return false;
  const expected = crc16(frame.subarray(0, frame.length - 2));
  return frame[frame.length - 2] === (expected & 0xff) && frame[frame.length - 1] === expected >>> 8;
}

export interface ReadRequest {
  slaveId: number;
  functionCode: ReadFunctionCode;
  address: number;
  /** Registers (03/04) or bits (01/02). */
  quantity: number;
}

/** Most a single read may ask for (Modbus application protocol §6.1–6.4). */
export const MAX_QUANTITY: Record<ReadFunctionCode, number> = { 1: 2000, 2: 2000, 3: 125, 4: 125 };

/** An RTU read request: slave, function, address (BE), quantity (BE), CRC. */
export function buildReadRequest(request: ReadRequest): Buffer {
  const { slaveId, functionCode, address, quantity } = request;
  if (!Number.isInteger(slaveId) || slaveId < 1 || slaveId > 247) throw new RangeError('slave id 1–247');
  if (![1, 2, 3, 4].includes(functionCode)) throw new RangeError('read function codes are 1–4');
  if (!Number.isInteger(address) || address < 0 || address > 0xffff) throw new RangeError('address 0–65535');
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY[functionCode])
    throw new RangeError('quantity out of range');
  const body = Buffer.alloc(6);
  body.writeUInt8(slaveId, 0);
  body.writeUInt8(functionCode, 1);
  body.writeUInt16BE(address, 2);
  body.writeUInt16BE(quantity, 4);
  return withCrc(body);
}

/**
 * A write: 05 one coil, 06 one register, 15 several coils, 16 several registers. Registers are
 * given as the bytes that go on the wire, two per register, already in the point's byte order.
 */
export type WriteRequest =
  | { slaveId: number; functionCode: 5; address: number; on: boolean }
  | { slaveId: number; functionCode: 6; address: number; register: number }
  | { slaveId: number; functionCode: 15; address: number; coils: boolean[] }
  | { slaveId: number; functionCode: 16; address: number; registers: Buffer };

export type ModbusRequest = ReadRequest | WriteRequest;

/** Most a single write may carry (Modbus application protocol §6.11–6.12). */
export const MAX_WRITE_QUANTITY = { 15: 1968, 16: 123 } as const;

function checkTarget(slaveId: number, address: number, span: number): void {
  if (!Number.isInteger(slaveId) || slaveId < 1 || slaveId > 247) throw new RangeError('slave id 1–247');
  if (!Number.isInteger(address) || address < 0 || address + span - 1 > 0xffff)
    throw new RangeError('address 0–65535');
}

/** Registers (15: coils) a write covers. */
export function writeQuantity(request: WriteRequest): number {
  switch (request.functionCode) {
    case 5:
    case 6:
      return 1;
    case 15:
      return request.coils.length;
    case 16:
      return request.registers.length / 2;
  }
}

/** The bytes after slave and function that 05/06 echo and 15/16 answer with: address, then value or quantity. */
function writeHead(request: WriteRequest): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(request.address, 0);
  if (request.functionCode === 5) head.writeUInt16BE(request.on ? 0xff00 : 0x0000, 2);
  else if (request.functionCode === 6) head.writeUInt16BE(request.register, 2);
  else head.writeUInt16BE(writeQuantity(request), 2);
  return head;
}

/**
 * An RTU write request: 05/06 slave, function, address, value (coil ON 0xFF00, OFF 0x0000), CRC;
 * 15/16 slave, function, address, quantity, byte count, data, CRC.
 */
export function buildWriteRequest(request: WriteRequest): Buffer {
  const quantity = writeQuantity(request);
  checkTarget(request.slaveId, request.address, quantity);
  const prefix = Buffer.from([request.slaveId, request.functionCode]);
  switch (request.functionCode) {
    case 5:
      return withCrc(Buffer.concat([prefix, writeHead(request)]));
    case 6:
      if (!Number.isInteger(request.register) || request.register < 0 || request.register > 0xffff)
        throw new RangeError('register 0–65535');
      return withCrc(Buffer.concat([prefix, writeHead(request)]));
    case 15: {
      if (quantity < 1 || quantity > MAX_WRITE_QUANTITY[15]) throw new RangeError('coil count out of range');
      const data = Buffer.alloc(Math.ceil(quantity / 8));
      request.coils.forEach((on, i) => {
        if (on) data[i >> 3]! |= 1 << (i & 7);
      });
      return withCrc(Buffer.concat([prefix, writeHead(request), Buffer.from([data.length]), data]));
    }
    case 16: {
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_WRITE_QUANTITY[16])
        throw new RangeError('register count out of range');
      const data = request.registers;
      return withCrc(Buffer.concat([prefix, writeHead(request), Buffer.from([data.length]), data]));
    }
  }
}

const isRead = (request: ModbusRequest): request is ReadRequest => request.functionCode <= 4;

/** The RTU frame of any request. */
export function buildRequest(request: ModbusRequest): Buffer {
  return isRead(request) ? buildReadRequest(request) : buildWriteRequest(request);
}

/** Bytes of data a normal answer to the request carries. */
export function expectedByteCount(request: ReadRequest): number {
  return request.functionCode <= 2 ? Math.ceil(request.quantity / 8) : request.quantity * 2;
}

export type ParsedResponse =
  /** A read's data, or the four bytes after slave and function that answer a write. */
  | { kind: 'data'; data: Buffer }
  | { kind: 'exception'; code: number }
  /** Not an answer to this request (garbage, another slave or function, bad CRC or size). */
  | { kind: 'invalid'; reason: string };

/**
 * Looks for the answer to `request` at the start of `buffer`. Answers `incomplete` while more bytes
 * are needed, else the parsed frame and how many bytes it used. A read's answer carries a byte
 * count and data; a write's is eight bytes: 05/06 echo the request, 15/16 repeat address and quantity.
 */
export function readResponse(
  buffer: Buffer,
  request: ModbusRequest,
): { kind: 'incomplete' } | (ParsedResponse & { used: number }) {
  if (buffer.length < 2) return { kind: 'incomplete' };
  const slave = buffer[0]!;
  const fn = buffer[1]!;
  if (slave !== request.slaveId) return { kind: 'invalid', reason: 'slave', used: 1 };
  if (fn === (request.functionCode | 0x80)) {
    if (buffer.length < 5) return { kind: 'incomplete' };
    const frame = buffer.subarray(0, 5);
    if (!hasValidCrc(frame)) return { kind: 'invalid', reason: 'crc', used: 1 };
    return { kind: 'exception', code: frame[2]!, used: 5 };
  }
  if (fn !== request.functionCode) return { kind: 'invalid', reason: 'function', used: 1 };
  if (!isRead(request)) {
    if (buffer.length < 8) return { kind: 'incomplete' };
    const frame = buffer.subarray(0, 8);
    if (!hasValidCrc(frame)) return { kind: 'invalid', reason: 'crc', used: 1 };
    const head = frame.subarray(2, 6);
    if (!head.equals(writeHead(request))) return { kind: 'invalid', reason: 'echo', used: 1 };
    return { kind: 'data', data: Buffer.from(head), used: 8 };
  }
  if (buffer.length < 3) return { kind: 'incomplete' };
  const count = buffer[2]!;
  if (count !== expectedByteCount(request)) return { kind: 'invalid', reason: 'byte count', used: 1 };
  if (buffer.length < 5 + count) return { kind: 'incomplete' };
  const frame = buffer.subarray(0, 5 + count);
  if (!hasValidCrc(frame)) return { kind: 'invalid', reason: 'crc', used: 1 };
  return { kind: 'data', data: Buffer.from(frame.subarray(3, 3 + count)), used: 5 + count };
}

/** Parses one complete frame (tests and callers holding a whole frame). */
export function parseResponse(frame: Buffer, request: ModbusRequest): ParsedResponse {
  const result = readResponse(frame, request);
  if (result.kind === 'incomplete') return { kind: 'invalid', reason: 'short frame' };
  if (result.kind !== 'invalid' && result.used !== frame.length)
    return { kind: 'invalid', reason: 'trailing bytes' };
  if (result.kind === 'data') return { kind: 'data', data: result.data };
  if (result.kind === 'exception') return { kind: 'exception', code: result.code };
  return { kind: 'invalid', reason: result.reason };
}

/**
 * Puts the bytes of a multi-register value into big-endian (ABCD) order. ABCD: as sent; BADC:
 * bytes swapped in each register; CDAB: registers in reverse order; DCBA: both (little-endian).
 */
export function toBigEndian(bytes: Uint8Array, order: ByteOrder): Buffer {
  const words: number[][] = [];
  for (let i = 0; i < bytes.length; i += 2) words.push([bytes[i]!, bytes[i + 1] ?? 0]);
  const swapBytes = order === 'BADC' || order === 'DCBA';
  const reverseWords = order === 'CDAB' || order === 'DCBA';
  const ordered = reverseWords ? words.reverse() : words;
  return Buffer.from(ordered.flatMap(([a, b]) => (swapBytes ? [b!, a!] : [a!, b!])));
}

/** The inverse of toBigEndian: big-endian bytes into the wire order of `order` (writes, test slaves). */
export function fromBigEndian(bytes: Uint8Array, order: ByteOrder): Buffer {
  // Both transformations are their own inverse and commute.
  return toBigEndian(bytes, order);
}

/** Decodes register bytes (as they came off the wire) to a number, or text for `string`. */
export function decodeRegisters(
  data: Uint8Array,
  dataType: ModbusDataType,
  order: ByteOrder,
  options: { bit?: number } = {},
): number | string {
  const bytes = toBigEndian(data, order);
  switch (dataType) {
    case 'INT16':
      return bytes.readInt16BE(0);
    case 'UINT16':
      return bytes.readUInt16BE(0);
    case 'INT32':
      return bytes.readInt32BE(0);
    case 'UINT32':
      return bytes.readUInt32BE(0);
    case 'INT64':
      // Beyond ±2^53 the number loses its last digits (JSON and the stored value are doubles).
      return Number(bytes.readBigInt64BE(0));
    case 'float32':
      return bytes.readFloatBE(0);
    case 'float64':
      return bytes.readDoubleBE(0);
    case 'bit':
      return (bytes.readUInt16BE(0) >> (options.bit ?? 0)) & 1;
    case 'string': {
      // Text keeps register order: CDAB/DCBA make no sense for it, only the byte swap applies.
      const text = order === 'BADC' || order === 'DCBA' ? toBigEndian(data, 'BADC') : Buffer.from(data);
      return text.toString('latin1').replace(/\0.*$/s, '').trim();
    }
  }
}

/** A coil or discrete input out of a 01/02 answer: bit `index` counted from the first one asked. */
export function decodeBit(data: Uint8Array, index: number): number {
  return ((data[index >> 3] ?? 0) >> (index & 7)) & 1;
}

export interface PlannedPoint {
  key: string;
  slaveId: number;
  functionCode: ReadFunctionCode;
  address: number;
  dataType: ModbusDataType;
  byteOrder: ByteOrder;
  scale?: number | undefined;
  length?: number | undefined;
  bit?: number | undefined;
}

export interface PlannedRead {
  request: ReadRequest;
  points: PlannedPoint[];
}

const span = (point: PlannedPoint): number => registerCount(point);

/**
 * Groups points into as few reads as possible: same slave and function, registers contiguous or
 * overlapping (no gaps: an unmapped register in between could fail the whole read), within the
 * function's quantity limit.
 */
export function planReads(points: PlannedPoint[]): PlannedRead[] {
  const sorted = [...points].sort(
    (a, b) => a.slaveId - b.slaveId || a.functionCode - b.functionCode || a.address - b.address,
  );
  const reads: PlannedRead[] = [];
  let current: PlannedRead | undefined;
  for (const point of sorted) {
    const end = point.address + span(point);
    if (
      current &&
      current.request.slaveId === point.slaveId &&
      current.request.functionCode === point.functionCode &&
      point.address <= current.request.address + current.request.quantity &&
      Math.max(end, current.request.address + current.request.quantity) - current.request.address <=
        MAX_QUANTITY[point.functionCode]
    ) {
      current.request.quantity =
        Math.max(end, current.request.address + current.request.quantity) - current.request.address;
      current.points.push(point);
      continue;
    }
    current = {
      request: {
        slaveId: point.slaveId,
        functionCode: point.functionCode,
        address: point.address,
        quantity: span(point),
      },
      points: [point],
    };
    reads.push(current);
  }
  return reads;
}

/** The values of a read's points out of its answer's data, scaled; a non-finite number is left out. */
export function decodeRead(read: PlannedRead, data: Buffer): Record<string, number | string> {
  const values: Record<string, number | string> = {};
  for (const point of read.points) {
    const offset = point.address - read.request.address;
    let value: number | string;
    if (point.functionCode <= 2) {
      value = decodeBit(data, offset);
    } else {
      const bytes = data.subarray(offset * 2, (offset + span(point)) * 2);
      value = decodeRegisters(bytes, point.dataType, point.byteOrder, { bit: point.bit });
    }
    if (typeof value === 'number') {
      if (point.scale !== undefined && point.dataType !== 'bit') value *= point.scale;
      if (!Number.isFinite(value)) continue;
    }
    values[point.key] = value;
  }
  return values;
}
