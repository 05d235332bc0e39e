import { describe, expect, it } from 'vitest';
import { demoReading, random, reading, WATER_PROFILES } from './profiles.js';
import { DEMO_SITES } from './sites.js';

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

describe('the demo plant’s readings', () => {
  const site = (name: string) => DEMO_SITES.find((s) => s.name === name)!;
  const profile = (siteName: string, key: string) => site(siteName).profiles.find((p) => p.key === key)!;
  const none = new Map<string, number>();

  it('follow the state of writable points: DO its setpoint, the pump current its pump', () => {
    const rng = random(3);
    const dissolved = profile('AAO生化池', 'do');
    const at = (setpoint: number) =>
      Array.from({ length: 200 }, (_, i) =>
        demoReading(dissolved, day + i * 300_000, rng, new Map([['doSet', setpoint]])),
      ).reduce((a, b) => a + b, 0) / 200;
    expect(at(2)).toBeCloseTo(2, 0);
    expect(at(4)).toBeCloseTo(4, 0);
    const current = profile('进水泵房', 'current');
    expect(demoReading(current, day, rng, new Map([['pump', 0]]))).toBe(0);
    expect(demoReading(current, day, rng, new Map([['pump', 1]]))).toBeGreaterThan(20);
    expect(demoReading(profile('进水泵房', 'pump'), day, rng, new Map([['pump', 0]]))).toBe(0);
  });

  it('move to an episode’s peak and back, and run booleans on their cycle', () => {
    const nh3n = profile('在线监测站', 'nh3n');
    const rng = random(5);
    const episode = { key: 'nh3n', from: day + 14 * 3600_000, to: day + 16 * 3600_000, peak: 7.5 };
    expect(demoReading(nh3n, day + 13 * 3600_000, rng, none, episode)).toBeLessThan(2);
    expect(demoReading(nh3n, day + 15 * 3600_000, rng, none, episode)).toBeGreaterThan(7);
    expect(demoReading(nh3n, day + 17 * 3600_000, rng, none, episode)).toBeLessThan(2);
    const rake = profile('格栅间', 'rake');
    expect(demoReading(rake, day + 5 * 60_000, rng, none)).toBe(1);
    expect(demoReading(rake, day + 30 * 60_000, rng, none)).toBe(0);
  });

  it('tell influent from effluent, and give a shared indicator one unit and one precision', () => {
    const calm = (siteName: string, key: string) => ({ ...profile(siteName, key), noise: 0 });
    expect(demoReading(calm('格栅间', 'cod'), day, random(1), none)).toBeGreaterThan(
      5 * demoReading(calm('在线监测站', 'cod'), day, random(1), none),
    );
    const byName = new Map<string, string>();
    for (const p of [...WATER_PROFILES, ...DEMO_SITES.flatMap((s) => s.profiles)]) {
      const shape = `${p.type} ${p.unit} ${p.decimals}`;
      expect(byName.get(p.name) ?? shape, p.name).toBe(shape);
      byName.set(p.name, shape);
    }
  });
});
