import type { FastifyInstance } from 'fastify';
import { installOperationHooks } from '../../platform/http/operation.js';
import type { Platform } from '../../platform/platform.js';
import { OperationLogsRepository } from './operation-logs.repository.js';
import { registerOperationLogRoutes } from './operation-logs.routes.js';
import { OperationLogWriter } from './operation-logs.writer.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface OperationLogsFeature {
  /** Stores what is queued now rather than at the next tick of the writer (tests). */
  flush(): Promise<void>;
  /** Entries queued and not stored yet (tests). */
  backlog(): number;
  /** First step of a shutdown: no answer waits for room in the queue any more. */
  release(): void;
  /** One retention pass now, as if at `now`; answers how many entries went. */
  purge(now?: number): Promise<number>;
  /** Last step of a shutdown, after HTTP has stopped: stores every entry still queued. */
  close(): Promise<void>;
}

/**
 * The operation log (docs/decisions/0038-operation-log.md). Installed before any route: the hooks
 * see every request the route layer marks (writes by signed-in callers, sign-in, sign-out).
 */
export function operationLogsFeature(platform: Platform, app: FastifyInstance): OperationLogsFeature {
  const repository = new OperationLogsRepository(platform.db, platform.withSqliteHandle);
  const writer = new OperationLogWriter(repository, platform.log, platform.config.operationLogFlushMs);
  if (platform.config.operationLogEnabled) installOperationHooks(app, (record) => writer.add(record));
  registerOperationLogRoutes(platform.router, repository);
  const retentionDays = platform.config.operationLogRetentionDays;
  const purge = (now = Date.now()) => repository.deleteBefore(now - retentionDays * DAY);
  if (retentionDays > 0)
    platform.jobs.every(
      HOUR,
      'operation-log-retention',
      async () => {
        const removed = await purge();
        if (removed > 0) platform.log.info({ removed, retentionDays }, 'old operation-log entries removed');
      },
      { oneNode: true },
    );
  return {
    flush: () => writer.flush(),
    backlog: () => writer.backlog,
    release: () => writer.release(),
    purge,
    close: () => writer.close(),
  };
}
