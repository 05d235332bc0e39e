import { describe, expect, it } from 'vitest';
import { random, reading, WATER_PROFILES } from './profiles.js';

const cod = WATER_PROFILES.find((p) => p.key === 'cod')!;
const day = Date.UTC(2026, 5, 1) - 8 * 3600_000; // local midnight in China

describe('simulated readings', () => {
  it('follow a daily curve: the peak hour reads higher than twelve hours later', () => {
    const calm = { ...cod, noise: 0, excursionChance: 0 };
    const rng = random(1);
    expect(reading(calm, day + 10 * 3600_000, rng)).toBe(46);
    expect(reading(calm, day + 22 * 3600_000, rng)).toBe(30);
  });

  it('stay within the sensor range, with the profile’s decimals, and repeat for a seed', () => {
    const a = random(42);
    const b = random(42);
    for (let i = 0; i < 2000; i++) {
      const value = reading(cod, day + i * 60_000, a);
      expect(value).toBeGreaterThanOrEqual(cod.min);
      expect(value).toBeLessThanOrEqual(cod.max);
      expect(Number(value.toFixed(1))).toBe(value);
      expect(reading(cod, day + i * 60_000, b)).toBe(value);
    }
  });

  it('now and then leave the usual band (excursions)', () => {
    const rng = random(7);
    const values = Array.from({ length: 5000 }, (_, i) => reading(cod, day + i * 60_000, rng));
    expect(values.some((v) => v > 80)).toBe(true);
  });
});
