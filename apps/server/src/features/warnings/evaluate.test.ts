import { describe, expect, it } from 'vitest';
import { inSchedule, NORMAL, type RuleDefinition, type RuleState, step } from './evaluate.js';

const base: RuleDefinition = {
  kind: 'above',
  low: null,
  high: 50,
  value: null,
  ratePerMinute: null,
  delaySeconds: 0,
  delayCount: 0,
  hysteresis: 0,
  schedule: null,
};

/** Runs values one minute apart through a rule; answers the transitions as "raise@i" / "release@i". */
function run(rule: Partial<RuleDefinition>, values: (number | string)[], from: RuleState = NORMAL) {
  let state = from;
  const seen: string[] = [];
  values.forEach((value, i) => {
    const result = step({ ...base, ...rule }, state, { ts: Date.UTC(2026, 0, 5) + i * 60_000, value });
    state = result.state;
    if (result.transition) seen.push(`${result.transition.type}@${i}`);
  });
  return { seen, state };
}

describe('warning rule evaluation', () => {
  it('raises above the limit and releases below it', () => {
    expect(run({}, [10, 60, 70, 40, 55]).seen).toEqual(['raise@1', 'release@3', 'raise@4']);
  });

  it('releases only past the hysteresis', () => {
    expect(run({ hysteresis: 5 }, [60, 48, 46, 44, 60]).seen).toEqual(['raise@0', 'release@3', 'raise@4']);
  });

  it('waits for consecutive values and for the delay, and forgets an interrupted excursion', () => {
    expect(run({ delayCount: 3 }, [60, 60, 10, 60, 60, 60]).seen).toEqual(['raise@5']);
    // Held for 2 minutes: the third value (t+2 min) is the first at which it has held 120 s.
    expect(run({ delaySeconds: 120 }, [60, 60, 60, 60]).seen).toEqual(['raise@2']);
  });

  it('handles below, outside, inside, equals and rate', () => {
    expect(run({ kind: 'below', low: 6 }, [7, 5, 6]).seen).toEqual(['raise@1', 'release@2']);
    expect(run({ kind: 'outside', low: 6, high: 9 }, [7, 9.5, 8, 5, 7]).seen).toEqual([
      'raise@1',
      'release@2',
      'raise@3',
      'release@4',
    ]);
    expect(run({ kind: 'inside', low: 0, high: 1 }, [5, 0.5, 3]).seen).toEqual(['raise@1', 'release@2']);
    expect(run({ kind: 'equals', value: '1' }, [0, 1, 1, 0]).seen).toEqual(['raise@1', 'release@3']);
    // 10 → 40 in one minute is 30/min.
    expect(run({ kind: 'rate', ratePerMinute: 20 }, [10, 40, 45, 50]).seen).toEqual(['raise@1', 'release@2']);
  });

  it('ignores text for numeric rules and values not newer than the last', () => {
    expect(run({}, ['high', 60]).seen).toEqual(['raise@1']);
    const { state } = run({}, [60]);
    const again = step(base, state, { ts: state.lastTs!, value: 10 });
    expect(again.transition).toBeNull();
    expect(again.state).toBe(state);
  });

  it('raises only inside the schedule (China time), releases at any time', () => {
    // 2026-01-05 is a Monday; 00:00 UTC is 08:00 in China.
    const weekdays = { days: [1, 2, 3, 4, 5], from: '08:00', to: '08:01' };
    expect(run({ schedule: weekdays }, [60, 60, 60, 10]).seen).toEqual(['raise@0', 'release@3']);
    // Outside the window (08:02 on) a new excursion raises nothing.
    expect(run({ schedule: weekdays }, [10, 10, 10, 60]).seen).toEqual([]);
    expect(run({ schedule: { days: [6, 7], from: '08:00', to: '18:00' } }, [60, 60]).seen).toEqual([]);
    expect(inSchedule({ days: [1], from: '22:00', to: '06:00' }, Date.UTC(2026, 0, 5, 15))).toBe(true); // Mon 23:00
    expect(inSchedule({ days: [1], from: '22:00', to: '06:00' }, Date.UTC(2026, 0, 5, 21))).toBe(true); // Tue 05:00
    expect(inSchedule({ days: [1], from: '22:00', to: '06:00' }, Date.UTC(2026, 0, 6, 21))).toBe(false); // Wed 05:00
  });

  it("raises nothing while the site is out of the rule's modes; an open warning still releases", () => {
    expect(run({ inMode: false }, [60, 70, 80]).seen).toEqual([]);
    const active = run({}, [60]).state;
    expect(run({ inMode: false }, [70, 10], active).seen).toEqual(['release@1']);
  });
});
