import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AccessService } from './auth/access.service.js';
import type { SessionsRepository } from './auth/sessions.repository.js';
import type { TokenSigner } from './auth/tokens.js';
import type { LiveBus } from './bus.js';
import type { ClusterBus } from './cluster-bus.js';
import type { Config } from './config.js';
import type { Dialect, SqliteHandleLender } from './db/connect.js';
import type { Database } from './db/schema.js';
import type { FileStore } from './files.js';
import type { Router } from './http/route.js';
import type { UpgradeRouter } from './http/upgrade.js';
import type { Jobs } from './jobs.js';
import type { SmsSender } from './sms.js';

/** What every feature is built from: configuration, storage, the router and shared services. */
export interface Platform {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  /** SQLite only: the raw handle for a hot path's prepared statements (connect.ts). */
  withSqliteHandle?: SqliteHandleLender;
  router: Router;
  upgrades: UpgradeRouter;
  access: AccessService;
  signer: TokenSigner;
  sessions: SessionsRepository;
  sms: SmsSender;
  files: FileStore;
  jobs: Jobs;
  bus: LiveBus;
  /** Messages between server nodes: socket frames, cache invalidations (in-process on one node). */
  cluster: ClusterBus;
  log: FastifyBaseLogger;
}
