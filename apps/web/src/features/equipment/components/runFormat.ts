import {
  chinaMidnight,
  deriveEquipmentStatus,
  type Equipment,
  type EquipmentStatus,
  type LatestValue,
  type RunCounters,
  signalOn,
} from '@iot/contracts/equipment';
import { useEffect, useState } from 'react';
import type { LiveStore } from '../../monitoring';

/** Milliseconds as hours with one decimal. */
export const hours = (ms: number) => (ms / 3_600_000).toFixed(1);

/** The key of a bound role's value in the live store (gateway:metric), if bound. */
export function liveKey(piece: Equipment, role: string): string | undefined {
  const binding = piece.bindings.find((b) => b.role === role);
  return binding && `${binding.gatewayId}:${binding.dataIdentification}`;
}

/** The newer of the answer's latest value and the socket's. */
export function latest(piece: Equipment, role: string, store: LiveStore): LatestValue | undefined {
  const key = liveKey(piece, role);
  const pushed = key ? store.get(key) : undefined;
  const answered = piece.values[role];
  if (pushed && (!answered || pushed.ts >= answered.ts)) return pushed;
  return answered;
}

/** The status now: the answer's, moved by what the socket pushed since. */
export function liveStatus(piece: Equipment, store: LiveStore): EquipmentStatus {
  return deriveEquipmentStatus({
    manualStatus: piece.manualStatus,
    run: latest(piece, 'run', store)?.value,
    fault: latest(piece, 'fault', store)?.value,
    // Offline as the answer was read, unless the socket has pushed a run value since.
    offline:
      piece.bindings.some((b) => b.role === 'run' && !b.gatewayOnline) &&
      latest(piece, 'run', store) === piece.values.run,
  });
}

/**
 * Running time and starts today and in all: what the server counted, plus the time since its last
 * counted point while the signal is on, and a start it has not counted yet (the server counts them
 * on its next round, decision 0051).
 */
export function today(run: RunCounters, live: LatestValue | undefined, now: number) {
  const on = live ? signalOn(live.value) : null;
  const midnight = chinaMidnight(now);
  const from = run.lastOn && run.accountedTo !== null ? run.accountedTo : on && live ? live.ts : null;
  let open = 0;
  let openToday = 0;
  if (from !== null) {
    const to = live && on === false && live.ts > from ? live.ts : now;
    open = Math.max(0, to - from);
    openToday = Math.max(0, to - Math.max(from, midnight));
  }
  const started = on === true && !run.lastOn && live !== undefined && live.ts > (run.accountedTo ?? -1);
  return {
    ms: run.todayMs + openToday,
    starts: run.todayStarts + (started && live.ts >= midnight ? 1 : 0),
    totalMs: run.totalMs + open,
    totalStarts: run.starts + (started ? 1 : 0),
  };
}

/** The time now, every `ms`. */
export function useNow(ms = 10_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
