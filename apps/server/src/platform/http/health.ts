import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/** How long the readiness probe waits for the database before calling the node not ready. */
const DATABASE_PROBE_MS = 2000;

/**
 * Probes for a process supervisor or load balancer (docs/deployment.md). `/healthz`: the process
 * answers HTTP (restart it when this fails). `/readyz`: it can also reach its database (take it
 * out of the load balancer while this fails; it comes back by itself when the database does).
 * Both are outside /iot so they need no token and reveal nothing but "ok".
 */
export function registerHealthRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const ready = await databaseAnswers(db);
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'database unavailable' });
  });
}

async function databaseAnswers(db: Kysely<Database>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_PROBE_MS);
  });
  const probe = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
