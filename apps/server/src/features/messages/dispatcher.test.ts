import { describe, expect, it } from 'vitest';
import { chinaTime, render } from './dispatcher.js';

describe('templates', () => {
  it('replace known placeholders and keep unknown ones as written', () => {
    expect(
      render('{gatewayAlias} 的 {indicatorName}={value}{unit}', {
        gatewayAlias: '1号',
        indicatorName: 'pH',
        value: '9.5',
      }),
    ).toBe('1号 的 pH=9.5{unit}');
    expect(render('{a}{a}', { a: 'x' })).toBe('xx');
  });

  it('write times in China time', () => {
    expect(chinaTime(Date.UTC(2026, 10, 21, 16, 30, 5))).toBe('2026-11-22 00:30:05');
  });
});
