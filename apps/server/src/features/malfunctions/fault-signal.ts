import { signalOn } from '@iot/contracts/equipment';

/**
 * What one stored point of a fault signal does (docs/decisions/0056-malfunctions.md). The state is
 * the signal as last accounted: the newest point's time and whether it read on. A point no newer
 * than that does nothing (a replay, or one that arrived after a newer one); a newer one that reads
 * the other way is a transition (open or close); a newer one that reads the same only moves the
 * time on. The repository's two conditional UPDATEs are this function in SQL, so whichever node
 * (or replay) runs them, each transition happens once.
 */
export interface FaultState {
  lastTs: number;
  on: boolean;
}

/** Before the first point: off, nothing seen. */
export const NO_FAULT: FaultState = { lastTs: -1, on: false };

export type FaultDecision =
  | { kind: 'open' | 'close'; ts: number }
  | { kind: 'advance'; ts: number }
  | { kind: 'ignore' };

export function faultStep(
  state: FaultState,
  point: { ts: number; value: number | string },
): { state: FaultState; decision: FaultDecision } {
  const on = signalOn(point.value);
  if (on === null || point.ts <= state.lastTs) return { state, decision: { kind: 'ignore' } };
  if (on === state.on)
    return { state: { lastTs: point.ts, on }, decision: { kind: 'advance', ts: point.ts } };
  return { state: { lastTs: point.ts, on }, decision: { kind: on ? 'open' : 'close', ts: point.ts } };
}

/** A signal's points in the order they arrive: the transitions they make (tests, reasoning). */
export function faultTransitions(
  state: FaultState,
  points: { ts: number; value: number | string }[],
): { state: FaultState; transitions: { kind: 'open' | 'close'; ts: number }[] } {
  const transitions: { kind: 'open' | 'close'; ts: number }[] = [];
  let current = state;
  for (const point of points) {
    const step = faultStep(current, point);
    current = step.state;
    if (step.decision.kind === 'open' || step.decision.kind === 'close')
      transitions.push({ kind: step.decision.kind, ts: step.decision.ts });
  }
  return { state: current, transitions };
}
