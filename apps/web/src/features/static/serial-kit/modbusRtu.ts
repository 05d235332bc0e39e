/**
 * Modbus RTU framing for /serialKit (platform-core §2): requests of functions 03, 04, 06 and 16 with
 * their CRC-16/Modbus, and the parsing of the slave's answer. The server's DTU poller
 * (features/modbus) frames the same way; this copy runs in the browser, which cannot import it.
 */
export type FunctionCode = 3 | 4 | 6 | 16;

export const FUNCTION_LABELS: Record<FunctionCode, string> = {
  3: '03 读保持寄存器',
  4: '04 读输入寄存器',
  6: '06 写单个寄存器',
  16: '16 写多个寄存器',
};

export const EXCEPTIONS: Record<number, string> = {
  1: '非法功能',
  2: '非法数据地址',
  3: '非法数据值',
  4: '从站设备故障',
  5: '确认',
  6: '从站设备忙',
  8: '存储奇偶性差错',
  10: '网关路径不可用',
  11: '网关目标设备响应失败',
};

/** CRC-16/Modbus (reflected polynomial 0xA001, initial 0xFFFF). Sent low byte first. */
export function crc16(bytes: ArrayLike<number>): number {
  let crc = 0xffff;
  for (let i = 0; i < bytes.length; i++) {
    crc ^= bytes[i]! & 0xff;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

function withCrc(body: number[]): Uint8Array {
  const crc = crc16(body);
  return Uint8Array.from([...body, crc & 0xff, crc >>> 8]);
}

export interface RequestSpec {
  slave: number;
  fn: FunctionCode;
  address: number;
  /** Registers to read (03/04: 1–125). */
  count?: number;
  /** Values to write: one for 06, 1–123 for 16 (each 0–65535; negatives as two's complement). */
  values?: number[];
}

const whole = (value: number, min: number, max: number, what: string) => {
  if (!Number.isInteger(value) || value < min || value > max)
    throw new RangeError(`${what}应为 ${min}–${max} 的整数`);
  return value;
};
const register = (value: number) => whole(value < 0 ? value + 0x10000 : value, 0, 0xffff, '写入值');

/** The request frame, CRC included; throws RangeError with a Chinese reason for a bad field. */
export function buildRequest(spec: RequestSpec): Uint8Array {
  const slave = whole(spec.slave, 1, 247, '从站地址');
  const address = whole(spec.address, 0, 0xffff, '起始地址');
  const head = [slave, spec.fn, address >>> 8, address & 0xff];
  if (spec.fn === 3 || spec.fn === 4) {
    const count = whole(spec.count ?? 1, 1, 125, '数量');
    return withCrc([...head, count >>> 8, count & 0xff]);
  }
  const values = (spec.values ?? []).map(register);
  if (spec.fn === 6) {
    if (values.length !== 1) throw new RangeError('06 只写一个寄存器');
    return withCrc([...head, values[0]! >>> 8, values[0]! & 0xff]);
  }
  whole(values.length, 1, 123, '写入个数');
  const data = values.flatMap((v) => [v >>> 8, v & 0xff]);
  return withCrc([...head, values.length >>> 8, values.length & 0xff, data.length, ...data]);
}

export type ParsedAnswer =
  | { kind: 'incomplete' }
  | { kind: 'invalid'; reason: string }
  | { kind: 'exception'; code: number; text: string }
  | { kind: 'registers'; registers: number[] }
  | { kind: 'written'; address: number; value: number }
  | { kind: 'writtenMany'; address: number; count: number };

/** How long the answer to `request` is once its first bytes are in; undefined while unknown. */
function expectedLength(request: Uint8Array, answer: Uint8Array): number | undefined {
  if (answer.length < 2) return undefined;
  if (answer[1] === (request[1]! | 0x80)) return 5;
  if (request[1] === 3 || request[1] === 4) return answer.length < 3 ? undefined : 5 + answer[2]!;
  return 8;
}

/**
 * Reads the slave's answer to `request`: incomplete until all its bytes are in; invalid when the
 * slave, function, byte count or CRC do not fit; otherwise the registers read, the write echoed or
 * the exception with its Chinese name.
 */
export function parseAnswer(request: Uint8Array, answer: Uint8Array): ParsedAnswer {
  const length = expectedLength(request, answer);
  if (length === undefined || answer.length < length) return { kind: 'incomplete' };
  const frame = answer.subarray(0, length);
  if (frame[0] !== request[0]) return { kind: 'invalid', reason: `从站地址不符（${frame[0]}）` };
  const crc = crc16(frame.subarray(0, length - 2));
  if (frame[length - 2] !== (crc & 0xff) || frame[length - 1] !== crc >>> 8)
    return { kind: 'invalid', reason: 'CRC 校验错误' };
  if (frame[1] === (request[1]! | 0x80)) {
    const code = frame[2]!;
    return { kind: 'exception', code, text: EXCEPTIONS[code] ?? '未知异常' };
  }
  if (frame[1] !== request[1]) return { kind: 'invalid', reason: `功能码不符（${frame[1]}）` };
  const word = (i: number) => (frame[i]! << 8) | frame[i + 1]!;
  if (frame[1] === 3 || frame[1] === 4) {
    const requested = (request[4]! << 8) | request[5]!;
    if (frame[2] !== 2 * requested) return { kind: 'invalid', reason: `字节数不符（${frame[2]}）` };
    const registers: number[] = [];
    for (let i = 0; i < requested; i++) registers.push(word(3 + 2 * i));
    return { kind: 'registers', registers };
  }
  if (frame[1] === 6) return { kind: 'written', address: word(2), value: word(4) };
  return { kind: 'writtenMany', address: word(2), count: word(4) };
}

/** '01 03 00 00' for bytes. */
export function toHex(bytes: ArrayLike<number>): string {
  return Array.from(bytes, (b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
}

/** Bytes of a hex text ('01 03 04', '010304', '0x01,0x03'); undefined when it is not hex. */
export function fromHex(text: string): Uint8Array | undefined {
  const clean = text.replace(/0x/gi, '').replace(/[\s,:-]/g, '');
  if (clean.length === 0 || clean.length % 2 !== 0 || !/^[0-9a-f]+$/i.test(clean)) return undefined;
  return Uint8Array.from(clean.match(/../g)!, (pair) => Number.parseInt(pair, 16));
}

/** Two registers as an IEEE 754 float in ABCD order (high word first), for the reading of a float32. */
export function float32Of(high: number, low: number): number {
  const view = new DataView(new ArrayBuffer(4));
  view.setUint16(0, high);
  view.setUint16(2, low);
  return view.getFloat32(0);
}
