/**
 * Failures that mean "the database is away" (stopped, restarting, failing over, out of reach) as
 * opposed to a bad statement or a rule it enforces. They are marked where they leave the
 * PostgreSQL driver (connect.ts), so an ECONNREFUSED from anything else (a webhook, an SMS
 * provider) is never taken for one. Decision 0027.
 */
const unavailable = new WeakSet<object>();

/** SQLSTATEs of a server that is going away or not taking connections yet. */
const UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown: pg_ctl stop -m fast, a failover terminating sessions
  '57P02', // crash_shutdown: another backend crashed, every session is ended
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '53300', // too_many_connections
]);

/** Socket failures under a connection. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What node-postgres says when the connection under a client ends or never comes. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /not queryable/,
  /^Query read timeout/,
];

function describesOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  // Class 08: connection exceptions.
  if (code.startsWith('08') || UNAVAILABLE_STATES.has(code) || SOCKET_CODES.has(code)) return true;
  return DRIVER_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** Rethrows a driver error, marked when it means the database is away. */
export function rethrowDatabaseError(error: unknown): never {
  if (describesOutage(error) && typeof error === 'object' && error !== null) unavailable.add(error);
  throw error;
}

/** Whether an error (or one it was caused by) came from a database that is away. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    if (typeof cause === 'object' && unavailable.has(cause)) return true;
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return false;
}
