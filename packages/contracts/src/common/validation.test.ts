import { describe, expect, it } from 'vitest';
import { address, isStrongPassword, latitude, longitude, mobile } from './validation.js';

describe('password strength (spec core §5)', () => {
  it.each(['Admin@2026', 'aB3!aB3!', 'Zz9^Zz9^Zz9^Zz9^', 'Pass(w0rd)'])('accepts %s', (value) => {
    expect(isStrongPassword(value)).toBe(true);
  });

  it.each([
    ['too short', 'aB3!aB3'],
    ['too long', 'aB3!aB3!aB3!aB3!a'],
    ['no digit', 'aBc!aBc!'],
    ['no lowercase', 'AB3!AB3!'],
    ['no uppercase', 'ab3!ab3!'],
    ['no symbol', 'aB3aB3aB'],
    ['a symbol outside the set', 'aB3!aB3-'],
    ['a space', 'aB3! aB3'],
  ])('refuses a password with %s', (_, value) => {
    expect(isStrongPassword(value)).toBe(false);
  });
});

describe('other rules', () => {
  it('mobile: exactly 11 digits', () => {
    expect(mobile.safeParse('13800000000').success).toBe(true);
    expect(mobile.safeParse('1380000000').error?.issues[0]?.message).toBe('输入的手机号错误');
    expect(mobile.safeParse('138000000001').success).toBe(false);
  });

  it('longitude and latitude: integer range and 1 to 6 decimals', () => {
    expect(longitude.safeParse('118.796877').success).toBe(true);
    expect(longitude.safeParse('118').success).toBe(false);
    expect(longitude.safeParse('181.1').success).toBe(false);
    expect(longitude.safeParse('118.1234567').success).toBe(false);
    expect(latitude.safeParse('32.060255').success).toBe(true);
    expect(latitude.safeParse('91.0').error?.issues[0]?.message).toBe(
      '输入的纬度错误(整数部分为0～90，必须输入1到6位小数)',
    );
  });

  it('address: optional protocol, IPv4 or host name, optional port and path', () => {
    for (const ok of [
      '192.168.1.10',
      'mqtt://broker.example.com:1883',
      'example.com/path',
      'localhost:8080',
    ]) {
      expect(address.safeParse(ok).success, ok).toBe(true);
    }
    expect(address.safeParse('').error?.issues[0]?.message).toBe('请输入地址');
    expect(address.safeParse('not an address').error?.issues[0]?.message).toBe('输入的地址格式错误');
  });
});
