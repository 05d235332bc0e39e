import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-locale.js';
import {
  address,
  businessLicence,
  decimal,
  decimalProblem,
  imageAddress,
  integerBetween,
  isNumberText,
  isPositiveInteger,
  isStrongPassword,
  latitude,
  longitude,
  mobile,
  optionalBusinessLicence,
  optionalMobile,
  positiveInteger,
  positiveIntegerParam,
  requiredText,
} from './validation.js';

const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

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

describe('mobile and business licence', () => {
  it('mobile: exactly 11 digits, 输入的手机号错误; the optional variant takes empty', () => {
    expect(mobile.safeParse('13800000000').success).toBe(true);
    for (const bad of ['1380000000', '138000000001', '1380000000a', '+8613800000', ''])
      expect(messageOf(mobile, bad), bad).toBe('输入的手机号错误');
    expect(optionalMobile.safeParse('').success).toBe(true);
    expect(messageOf(optionalMobile, '123')).toBe('输入的手机号错误');
  });

  it('business licence: 15 to 18 letters or digits, 输入的营业执照错误; optional', () => {
    expect(businessLicence.safeParse('91330100MA2B3C4D5E').success).toBe(true);
    expect(businessLicence.safeParse('330100000012345').success).toBe(true);
    for (const bad of ['33010000001234', '91330100MA2B3C4D5E1', '91330100-MA2B3C4D', ''])
      expect(messageOf(businessLicence, bad), bad).toBe('输入的营业执照错误');
    expect(optionalBusinessLicence.safeParse('').success).toBe(true);
  });
});

describe('longitude and latitude: required, no minus sign, integer range, 1 to 6 decimals', () => {
  it.each(['118.796877', '0.1', '180.0', '180.000000', '7.5'])('longitude %s passes', (value) => {
    expect(longitude.safeParse(value).success).toBe(true);
  });
  it.each(['118', '181.1', '180.1', '118.1234567', '-118.5', '118.', 'abc'])(
    'longitude %s is refused',
    (value) => {
      expect(messageOf(longitude, value)).toBe('输入的经度错误(整数部分为0～180，必须输入1到6位小数)');
    },
  );
  it.each(['32.060255', '0.5', '90.0', '9.123456'])('latitude %s passes', (value) => {
    expect(latitude.safeParse(value).success).toBe(true);
  });
  it.each(['91.0', '90.5', '-32.06', '32', '32.1234567'])('latitude %s is refused', (value) => {
    expect(messageOf(latitude, value)).toBe('输入的纬度错误(整数部分为0～90，必须输入1到6位小数)');
  });
  it('empty asks for the value', () => {
    expect(messageOf(longitude, '')).toBe('请输入经度');
    expect(messageOf(latitude, ' ')).toBe('请输入纬度');
  });
});

describe('address', () => {
  it('optional protocol, IPv4 or host name, optional port and path', () => {
    for (const ok of [
      '192.168.1.10',
      'mqtt://broker.example.com:1883',
      'example.com/path',
      'localhost:8080',
      'https://hooks.example.com/iot?x=1',
    ]) {
      expect(address.safeParse(ok).success, ok).toBe(true);
    }
    expect(messageOf(address, '')).toBe('请输入地址');
    for (const bad of ['not an address', 'http://', 'javascript:alert(1)', 'a..b', '-bad.example.com'])
      expect(messageOf(address, bad), bad).toBe('输入的地址格式错误');
  });

  it('an image address: empty, a path on this site, or an address', () => {
    for (const ok of [
      '',
      '/iot/files/logos/a.png',
      'https://cdn.example.com/logo.png',
      'cdn.example.com/l.png',
    ])
      expect(imageAddress.safeParse(ok).success, ok).toBe(true);
    for (const bad of [
      'logo .png',
      '//evil.example.com/x.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
    ])
      expect(messageOf(imageAddress, bad), bad).toBe('输入的地址格式错误');
  });
});

describe('number: 请输入数字！', () => {
  it('any number field given something else, through the locale', () => {
    for (const bad of ['abc', '12', null, true, Number.NaN, Number.POSITIVE_INFINITY, undefined])
      expect(messageOf(z.number(), bad), String(bad)).toBe('请输入数字！');
    expect(messageOf(z.object({ n: z.number().int() }), { n: 'x' })).toBe('请输入数字！');
    expect(messageOf(z.coerce.number().int(), 'abc')).toBe('请输入数字！');
    expect(messageOf(z.number().int(), 1.5)).toBe('请输入整数');
  });

  it('number text: digits with optional sign, point and exponent', () => {
    for (const ok of ['1', '-1.5', '+2', '.5', '3.', '1e3', ' 12 ']) expect(isNumberText(ok), ok).toBe(true);
    for (const bad of ['', 'abc', '1,000', '1.2.3', '--1', '0x10', '12元'])
      expect(isNumberText(bad), bad).toBe(false);
  });
});

describe('the decimal rule', () => {
  const rule = { integerDigits: 3, maxDecimals: 2 };
  it.each([
    ['', '请输入数字'],
    [null, '请输入数字'],
    ['abc', '请输入数字！'],
    ['1234', '只能3位以内整数'],
    [1234.5, '只能3位以内整数'],
    ['12.345', '2位以内小数'],
    [0.001, '2位以内小数'],
    [1e21, '只能3位以内整数'],
    [1.5e-7, '2位以内小数'],
  ])('%s → %s', (value, message) => {
    expect(decimalProblem(value, rule)).toBe(message);
  });

  it.each(['123', '-123.45', '0.5', '007', 12.5, 0, '12.30'])('%s passes', (value) => {
    expect(decimalProblem(value, rule)).toBeNull();
  });

  it('a whole-number rule says 只能N位以内整数 for any decimals; a min–max rule names the range', () => {
    expect(decimalProblem('1.5', { integerDigits: 4, maxDecimals: 0 })).toBe('只能4位以内整数');
    const ranged = { integerDigits: 3, minDecimals: 1, maxDecimals: 6 };
    expect(decimalProblem('12', ranged)).toBe('1-6位小数');
    expect(decimalProblem('12.1234567', ranged)).toBe('1-6位小数');
    expect(decimalProblem('12.5', ranged)).toBeNull();
    expect(decimalProblem('1', { integerDigits: 3, minDecimals: 2, maxDecimals: 2 })).toBe('2位小数');
  });

  it('as a request number: 请输入数字！ for text, the rule for numbers', () => {
    expect(messageOf(decimal(rule), '12')).toBe('请输入数字！');
    expect(messageOf(decimal(rule), 12.345)).toBe('2位以内小数');
    expect(decimal(rule).safeParse(-12.34).success).toBe(true);
  });
});

describe('positive integer: ^[1-9]\\d*$', () => {
  it('the pattern', () => {
    for (const ok of [1, 64, '10', ' 7 ']) expect(isPositiveInteger(ok), String(ok)).toBe(true);
    for (const bad of [0, -1, 1.5, '01', '', 'a', null, 1e21])
      expect(isPositiveInteger(bad), String(bad)).toBe(false);
  });

  it('as a request number and as a query value', () => {
    expect(messageOf(positiveInteger(100), 0)).toBe('请输入正整数');
    expect(messageOf(positiveInteger(100), 2.5)).toBe('请输入正整数');
    expect(messageOf(positiveInteger(100), 101)).toBe('不能大于100');
    expect(messageOf(positiveInteger(100), 'x')).toBe('请输入数字！');
    expect(messageOf(positiveInteger(247, '从站地址须为 1～247 的整数'), 0)).toBe(
      '从站地址须为 1～247 的整数',
    );
    expect(positiveIntegerParam(1000).parse('20')).toBe(20);
    expect(messageOf(positiveIntegerParam(1000), '-5')).toBe('请输入正整数');
    expect(messageOf(positiveIntegerParam(1000), 'abc')).toBe('请输入数字！');
  });

  it('a whole number in a range names the range', () => {
    expect(messageOf(integerBetween(0, 10), 11)).toBe('请输入0～10的整数');
    expect(messageOf(integerBetween(0, 10), 0.5)).toBe('请输入0～10的整数');
    expect(messageOf(integerBetween(0, 10), '5')).toBe('请输入数字！');
    expect(integerBetween(-1, 10).safeParse(-1).success).toBe(true);
  });
});

describe('not empty: 不能为空', () => {
  it('a required text, and any unlabelled min(1) on a text', () => {
    expect(messageOf(requiredText(8), '   ')).toBe('不能为空');
    expect(messageOf(requiredText(8), '123456789')).toBe('最多输入8个字符');
    expect(messageOf(z.string().trim().min(1), ' ')).toBe('不能为空');
    expect(messageOf(z.string().min(1, '请输入账号'), '')).toBe('请输入账号');
  });
});
