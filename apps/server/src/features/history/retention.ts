import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connect.js';
import { addPartition, DAY, dropPartition, partitionsOf } from '../../platform/db/partitions.js';
import type { Database } from '../../platform/db/schema.js';
import type { ProjectRetention, RetentionRepository } from './retention.repository.js';
import { HOUR } from './rollups.repository.js';

/** Day partitions kept ready ahead of today (PostgreSQL): a week without the job loses nothing. */
export const PARTITION_DAYS_AHEAD = 7;

/** Hour windows one project purges per pass: a backlog goes on in the next pass, never in one long run. */
const WINDOWS_PER_PASS = 240;

/** What one pass did. `done` is false when a backlog is left for the next pass. */
export interface RetentionReport {
  partitionsCreated: string[];
  partitionsDropped: string[];
  rawDeleted: number;
  rollupsDeleted: number;
  done: boolean;
}

const floorHour = (ms: number) => Math.floor(ms / HOUR) * HOUR;

/**
 * Retention of the time series (docs/decisions/0029-postgres-time-series.md): raw points of a
 * project go after `raw_retention_days`, its hourly rollups after `rollup_retention_days` (0 keeps
 * them for good). On PostgreSQL day partitions are created ahead, and a partition past every
 * project's raw retention is dropped whole; rows of projects with a shorter retention are deleted
 * hour by hour. Runs in the rollup job's turn, so a recomputation never reads an hour half purged.
 */
export class Retention {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly repository: RetentionRepository,
    /** Rolls up every closed dirty hour: before raw points go, their hours must be in the rollups. */
    private readonly recomputeRollups: () => Promise<number>,
  ) {}

  async run(now = Date.now()): Promise<RetentionReport> {
    const report: RetentionReport = {
      partitionsCreated: [],
      partitionsDropped: [],
      rawDeleted: 0,
      rollupsDeleted: 0,
      done: true,
    };
    if (this.dialect === 'postgres') report.partitionsCreated = await this.createAhead(now);
    const projects = await this.repository.projects();
    await this.recomputeRollups();

    const cutoffs = new Map<number, number>();
    for (const p of projects) if (p.rawDays > 0) cutoffs.set(p.projectId, floorHour(now - p.rawDays * DAY));
    // Partitions hold every project's points: only the longest retention may drop one.
    let dropped = 0;
    if (this.dialect === 'postgres' && projects.length > 0 && cutoffs.size === projects.length) {
      dropped = Math.min(...cutoffs.values());
      report.partitionsDropped = await this.dropBefore(dropped);
    }
    for (const p of projects) {
      const cutoff = cutoffs.get(p.projectId);
      if (cutoff === undefined) continue;
      const purged = await this.purgeRaw(p, Math.max(p.purgedBefore, dropped), cutoff);
      report.rawDeleted += purged.deleted;
      report.done &&= purged.done;
    }
    for (const p of projects) {
      if (p.rollupDays <= 0) continue;
      const keep = Math.max(p.rollupDays, p.rawDays);
      report.rollupsDeleted += await this.repository.deleteRollups(p.projectId, floorHour(now - keep * DAY));
    }
    return report;
  }

  /** Deletes the project's raw points in [from, cutoff) an hour at a time, moving its mark along. */
  private async purgeRaw(p: ProjectRetention, from: number, cutoff: number) {
    let start = from;
    if (start <= 0) {
      const oldest = await this.repository.oldestRaw(p.projectId, cutoff);
      start = oldest === null ? cutoff : floorHour(oldest);
    }
    let deleted = 0;
    for (let windows = 0; start < cutoff; windows++) {
      if (windows === WINDOWS_PER_PASS) return { deleted, done: false };
      const stop = Math.min(start + HOUR, cutoff);
      deleted += await this.repository.purgeWindow(p.projectId, start, stop);
      start = stop;
    }
    // Nothing left before the cutoff (or never anything): the mark moves to it.
    if (p.purgedBefore < cutoff) await this.repository.setPurgedBefore(p.projectId, cutoff);
    return { deleted, done: true };
  }

  /** Creates the missing day partitions from today to PARTITION_DAYS_AHEAD days ahead. */
  private async createAhead(now: number): Promise<string[]> {
    const existing = (await partitionsOf(this.db, 'telemetry')).filter((p) => !p.isDefault);
    const created: string[] = [];
    const today = Math.floor(now / DAY) * DAY;
    for (let day = today; day <= today + PARTITION_DAYS_AHEAD * DAY; day += DAY) {
      const taken = existing.some(
        (p) => (p.from ?? Number.NEGATIVE_INFINITY) < day + DAY && (p.to ?? Number.POSITIVE_INFINITY) > day,
      );
      if (!taken) created.push(await addPartition(this.db, 'telemetry', day, day + DAY));
    }
    return created;
  }

  /** Drops the partitions wholly before `before`, and strays older than it in the default partition. */
  private async dropBefore(before: number): Promise<string[]> {
    const dropped: string[] = [];
    for (const p of await partitionsOf(this.db, 'telemetry')) {
      if (p.isDefault || p.to === null || p.to > before) continue;
      await dropPartition(this.db, p.name);
      dropped.push(p.name);
    }
    await this.repository.deleteDefaultBefore(before);
    return dropped;
  }
}
