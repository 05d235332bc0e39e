/**
 * MTBF and MTTR per piece of equipment over a range (docs/decisions/0056-malfunctions.md), computed
 * the same way on the server (the figures) and in tests (a known set):
 *
 * - the range is [from, to); time after `now` is not observed yet, so the observed span is
 *   [from, min(to, now));
 * - downtime is the union of the malfunctions' intervals (an open one lasts until `now`), clipped to
 *   the observed span: two records of one fault at once (a signal and a warning) count once;
 * - failures are the malfunctions that started in the range;
 * - MTTR is the mean full duration (end − start) of the malfunctions that ended in the range;
 * - MTBF is (observed span − downtime) / failures: the mean up time between failures;
 * - availability is 1 − downtime / observed span.
 * No failure: MTBF null (not infinite); nothing ended: MTTR null.
 */
export interface Interval {
  startedAt: number;
  /** null while it lasts. */
  endedAt: number | null;
}

export interface Reliability {
  failures: number;
  /** Malfunctions ended in the range (what MTTR is the mean of). */
  repaired: number;
  downtimeMs: number;
  /** The observed span: the range up to now. */
  observedMs: number;
  mtbfMs: number | null;
  mttrMs: number | null;
  /** 0 … 1; null when nothing of the range is observed yet. */
  availability: number | null;
}

export function reliability(
  range: { from: number; to: number },
  intervals: Interval[],
  now: number,
): Reliability {
  const end = Math.min(range.to, now);
  const observedMs = Math.max(0, end - range.from);
  const failures = intervals.filter((i) => i.startedAt >= range.from && i.startedAt < range.to).length;
  const ended = intervals.filter(
    (i): i is { startedAt: number; endedAt: number } =>
      i.endedAt !== null && i.endedAt >= range.from && i.endedAt < range.to,
  );
  const repaired = ended.length;
  const mttrMs =
    repaired === 0
      ? null
      : ended.reduce((sum, i) => sum + Math.max(0, i.endedAt - i.startedAt), 0) / repaired;
  // The union of the intervals, clipped to [from, end).
  const clipped = intervals
    .map((i) => [Math.max(i.startedAt, range.from), Math.min(i.endedAt ?? now, end)] as const)
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  let downtimeMs = 0;
  let coveredTo = Number.NEGATIVE_INFINITY;
  for (const [s, e] of clipped) {
    if (e <= coveredTo) continue;
    downtimeMs += e - Math.max(s, coveredTo);
    coveredTo = e;
  }
  const mtbfMs = failures === 0 ? null : (observedMs - downtimeMs) / failures;
  const availability = observedMs === 0 ? null : 1 - downtimeMs / observedMs;
  return { failures, repaired, downtimeMs, observedMs, mtbfMs, mttrMs, availability };
}

/**
 * The figures of several pieces together (a site, the project): downtime and observed time add up
 * piece by piece, so MTBF is the fleet's up time per failure and MTTR the mean over every repair.
 */
export function combineReliability(items: Reliability[]): Reliability {
  const sum = (pick: (r: Reliability) => number) => items.reduce((total, r) => total + pick(r), 0);
  const failures = sum((r) => r.failures);
  const repaired = sum((r) => r.repaired);
  const downtimeMs = sum((r) => r.downtimeMs);
  const observedMs = sum((r) => r.observedMs);
  const repairMs = sum((r) => (r.mttrMs ?? 0) * r.repaired);
  return {
    failures,
    repaired,
    downtimeMs,
    observedMs,
    mtbfMs: failures === 0 ? null : (observedMs - downtimeMs) / failures,
    mttrMs: repaired === 0 ? null : repairMs / repaired,
    availability: observedMs === 0 ? null : 1 - downtimeMs / observedMs,
  };
}

/** A duration as people read it: 2天3小时、3小时5分、5分12秒、12秒. */
export function durationText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  if (days > 0) return `${days}天${hours}小时`;
  if (hours > 0) return `${hours}小时${minutes}分`;
  if (minutes > 0) return `${minutes}分${seconds}秒`;
  return `${seconds}秒`;
}
