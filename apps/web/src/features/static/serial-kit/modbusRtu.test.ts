import { describe, expect, it } from 'vitest';
import { buildRequest, crc16, float32Of, fromHex, parseAnswer, toHex } from './modbusRtu';

describe('Modbus RTU framing', () => {
  it('computes CRC-16/Modbus, low byte first in frames', () => {
    expect(crc16(fromHex('01 03 00 00 00 02')!)).toBe(0x0bc4);
    expect(toHex(buildRequest({ slave: 1, fn: 3, address: 0, count: 2 }))).toBe('01 03 00 00 00 02 C4 0B');
    expect(toHex(buildRequest({ slave: 17, fn: 4, address: 8, count: 1 }))).toBe('11 04 00 08 00 01 B2 98');
  });

  it('builds writes: 06 one register, 16 several with their byte count', () => {
    expect(toHex(buildRequest({ slave: 1, fn: 6, address: 1, values: [3] }))).toBe('01 06 00 01 00 03 98 0B');
    expect(toHex(buildRequest({ slave: 1, fn: 16, address: 1, values: [10, 258] }))).toBe(
      '01 10 00 01 00 02 04 00 0A 01 02 92 30',
    );
    expect(toHex(buildRequest({ slave: 1, fn: 6, address: 0, values: [-1] })).slice(12, 17)).toBe('FF FF');
  });

  it('refuses fields out of range with a reason', () => {
    expect(() => buildRequest({ slave: 0, fn: 3, address: 0, count: 1 })).toThrow(
      '从站地址应为 1–247 的整数',
    );
    expect(() => buildRequest({ slave: 1, fn: 3, address: 0, count: 126 })).toThrow('数量应为 1–125 的整数');
    expect(() => buildRequest({ slave: 1, fn: 6, address: 0, values: [1, 2] })).toThrow('06 只写一个寄存器');
    expect(() => buildRequest({ slave: 1, fn: 6, address: 0, values: [70000] })).toThrow('写入值');
  });

  it('parses register answers, waiting for all bytes', () => {
    const request = buildRequest({ slave: 1, fn: 3, address: 0, count: 2 });
    const answer = fromHex('01 03 04 42 0C CC CD BA DD')!;
    expect(parseAnswer(request, answer.subarray(0, 5))).toEqual({ kind: 'incomplete' });
    const parsed = parseAnswer(request, answer);
    expect(parsed).toEqual({ kind: 'registers', registers: [0x420c, 0xcccd] });
    expect(float32Of(0x420c, 0xcccd)).toBeCloseTo(35.2, 5);
  });

  it('tells exceptions, bad CRC and echoes of writes', () => {
    const read = buildRequest({ slave: 1, fn: 3, address: 0, count: 2 });
    const exception = Uint8Array.from([1, 0x83, 2]);
    const crc = crc16(exception);
    expect(parseAnswer(read, Uint8Array.from([...exception, crc & 0xff, crc >>> 8]))).toEqual({
      kind: 'exception',
      code: 2,
      text: '非法数据地址',
    });
    expect(parseAnswer(read, fromHex('01 03 04 42 0C CC CD BA DE')!)).toEqual({
      kind: 'invalid',
      reason: 'CRC 校验错误',
    });
    const write = buildRequest({ slave: 1, fn: 6, address: 1, values: [3] });
    expect(parseAnswer(write, write)).toEqual({ kind: 'written', address: 1, value: 3 });
    const many = buildRequest({ slave: 1, fn: 16, address: 1, values: [10, 258] });
    const echo = Uint8Array.from([1, 16, 0, 1, 0, 2]);
    const c = crc16(echo);
    expect(parseAnswer(many, Uint8Array.from([...echo, c & 0xff, c >>> 8]))).toEqual({
      kind: 'writtenMany',
      address: 1,
      count: 2,
    });
  });

  it('reads hex as people type it', () => {
    expect(toHex(fromHex('0x01,0x03 0004')!)).toBe('01 03 00 04');
    expect(fromHex('0G')).toBeUndefined();
    expect(fromHex('123')).toBeUndefined();
  });
});
