import { describe, expect, it } from 'vitest';
import { faultStep, faultTransitions, NO_FAULT } from './fault-signal.js';

describe('the fault signal, one point at a time', () => {
  it('opens on the first on, closes on the next off, and ignores values that say the same', () => {
    const { transitions, state } = faultTransitions(NO_FAULT, [
      { ts: 1, value: 0 },
      { ts: 2, value: 1 },
      { ts: 3, value: 1 },
      { ts: 4, value: 'true' },
      { ts: 5, value: 0 },
      { ts: 6, value: 'off' },
    ]);
    expect(transitions).toEqual([
      { kind: 'open', ts: 2 },
      { kind: 'close', ts: 5 },
    ]);
    expect(state).toEqual({ lastTs: 6, on: false });
  });

  it('does nothing for replayed or late points', () => {
    const first = faultTransitions(NO_FAULT, [
      { ts: 10, value: 1 },
      { ts: 20, value: 0 },
    ]);
    // The same points again, and an older on that arrives late.
    const again = faultTransitions(first.state, [
      { ts: 10, value: 1 },
      { ts: 20, value: 0 },
      { ts: 15, value: 1 },
    ]);
    expect(again.transitions).toEqual([]);
    expect(again.state).toEqual(first.state);
  });

  it('moves the time on for a newer point that reads the same, so a late older one cannot close', () => {
    const on = faultTransitions(NO_FAULT, [
      { ts: 10, value: 1 },
      { ts: 30, value: 1 },
    ]);
    expect(faultStep(on.state, { ts: 20, value: 0 }).decision).toEqual({ kind: 'ignore' });
  });

  it('skips values that are neither on nor off', () => {
    expect(faultStep(NO_FAULT, { ts: 1, value: '' }).decision).toEqual({ kind: 'ignore' });
    expect(faultStep(NO_FAULT, { ts: 1, value: 2.5 }).decision).toEqual({ kind: 'open', ts: 1 });
  });
});
