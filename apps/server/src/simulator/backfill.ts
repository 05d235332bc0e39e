import { demoReading, type Episode, hash, localMidnight, random } from './profiles.js';
import { type DemoSite, SCRIPTED_EPISODES } from './sites.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A point as the telemetry storage path takes it. */
export interface BackfillPoint {
  gatewayIndicatorId: number;
  ts: number;
  value: number;
}

/**
 * What the backfill needs of the server, all public functions of its features: the telemetry
 * storage path (points at their own times, hours marked for rollups), the warning engine, and the
 * rollup computation. The backfill never writes rollups or warnings itself.
 */
export interface HistorySink {
  store(points: BackfillPoint[]): Promise<void>;
  evaluate(points: BackfillPoint[]): Promise<void>;
  recomputeRollups(): Promise<number>;
}

export interface BackfillOptions {
  /** Where history ends (the live devices take over from here). */
  to: number;
  days: number;
  /** Time between two backfilled readings. */
  stepMs: number;
  /** Readings of every gateway stored per write: one transaction, then the event loop is free again. */
  chunkMs?: number;
  /** History rolled up per pass. */
  rollupEveryMs?: number;
  /** Asked between chunks: true stops the backfill (the server is shutting down). */
  stopping?: () => boolean;
}

/** Thrown when `stopping` said so; a later start writes the history again. */
export class BackfillStopped extends Error {
  constructor() {
    super('demo history stopped before it was complete');
  }
}

export interface BackfillReport {
  from: number;
  to: number;
  points: number;
  /** Storing and evaluating (ms). */
  storeMs: number;
  /** Rolling up the hours (ms). */
  rollupMs: number;
  /** Hours rolled up by the backfill's own calls (the rollup job may have done others meanwhile). */
  rollupHours: number;
}

const yieldToRequests = () => new Promise((resolve) => setImmediate(resolve));

/** The scripted episodes of a site, as times relative to the end of the history. */
export function episodesOf(site: string, to: number): Episode[] {
  const midnight = localMidnight(to);
  return SCRIPTED_EPISODES.filter((e) => e.site === site).map((e) => {
    const from = midnight - e.daysAgo * DAY_MS + e.hour * HOUR_MS;
    return { key: e.key, from, to: from + e.minutes * 60_000, peak: e.peak };
  });
}

/**
 * Writes `days` of readings before `to` for the demo's gateways, with the live devices' model (so
 * the curves run on into the live data without a seam), through the storage path in chunks of a
 * few hours, each run through the warning rules in time order — so the scripted excursions raise
 * and release real warnings at their own times — and rolled up before the next.
 */
export async function backfill(
  gateways: { site: DemoSite; indicatorIds: Record<string, number> }[],
  sink: HistorySink,
  options: BackfillOptions,
): Promise<BackfillReport> {
  const chunkMs = options.chunkMs ?? 6 * HOUR_MS;
  const to = options.to - (options.to % options.stepMs);
  const from = to - options.days * DAY_MS;
  const series = gateways.flatMap(({ site, indicatorIds }) => {
    const episodes = episodesOf(site.name, to);
    const state = new Map(site.profiles.filter((p) => p.io === 'rw').map((p) => [p.key, p.base]));
    return site.profiles.flatMap((profile) => {
      const id = indicatorIds[profile.key];
      if (id === undefined) return [];
      return [
        {
          id,
          profile,
          state,
          rng: random(hash(`${site.name}:${profile.key}`)),
          episodes: episodes.filter((e) => e.key === profile.key),
        },
      ];
    });
  });

  let points = 0;
  let storeMs = 0;
  let rollupMs = 0;
  let rollupHours = 0;
  let rolledUpTo = from;
  const rollupEveryMs = options.rollupEveryMs ?? 3 * DAY_MS;
  // Chunks end on the hour, so each hour is written (and rolled up) once.
  for (let start = from, end = 0; start < to; start = end) {
    if (options.stopping?.()) throw new BackfillStopped();
    end = Math.min(to, Math.floor((start + chunkMs) / HOUR_MS) * HOUR_MS);
    const chunk: BackfillPoint[] = [];
    for (const s of series) {
      for (let ts = start; ts < end; ts += options.stepMs) {
        const episode = s.episodes.find((e) => ts >= e.from && ts < e.to);
        chunk.push({
          gatewayIndicatorId: s.id,
          ts,
          value: demoReading(s.profile, ts, s.rng, s.state, episode),
        });
      }
    }
    const storing = performance.now();
    await sink.store(chunk);
    await sink.evaluate(chunk);
    points += chunk.length;
    storeMs += performance.now() - storing;
    await yieldToRequests();
    // A day's hours rolled up at a time: never a month's backlog in one pass (on SQLite a pass
    // holds the event loop until it ends), nor a pass per chunk (a transaction per indicator each).
    if (end - rolledUpTo < rollupEveryMs && end < to) continue;
    rolledUpTo = end;
    const rolling = performance.now();
    rollupHours += await sink.recomputeRollups();
    rollupMs += performance.now() - rolling;
    await yieldToRequests();
  }
  return {
    from,
    to,
    points,
    storeMs: Math.round(storeMs),
    rollupMs: Math.round(rollupMs),
    rollupHours,
  };
}
