import type { OperationKind } from '@iot/contracts/operation-logs';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * What the route layer knows of a call worth an operation-log entry, set on the request while it is
 * handled: who (once the token was checked), where (once the scope was resolved), which route and
 * which thing (its path parameters — never its body, which may hold passwords and secrets).
 */
export interface OperationContext {
  kind: OperationKind;
  userId: number | null;
  username: string;
  /** The project's root group id when the route acts in a project. */
  projectId: number | null;
  summary: string;
  target: string;
}

/** One finished operation, as the log stores it. */
export interface OperationRecord extends OperationContext {
  at: number;
  method: string;
  route: string;
  code: number;
  status: number;
  ip: string;
  userAgent: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    operation?: OperationContext;
    /** The body code of the answer, read as it was sent. */
    operationCode?: number;
  }
}

const MAX_TEXT = 256;
const clip = (text: string) => (text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text);

/** `groupId=3 id=17`: the path parameters that name what was acted on. */
export function targetOf(params: unknown): string {
  if (typeof params !== 'object' || params === null) return '';
  return clip(
    Object.entries(params as Record<string, unknown>)
      .map(([key, value]) => `${key}=${String(value)}`)
      .join(' '),
  );
}

// Every answer starts with its code: {"code":20000,… (the envelope, the error handler, the token grant).
const CODE_AT_START = /^\{"code":(-?\d+)/;

/**
 * Hooks that turn each request carrying an operation context into an OperationRecord, after the
 * answer has left: the log costs the caller nothing but a few property writes.
 */
export function installOperationHooks(app: FastifyInstance, sink: (record: OperationRecord) => void): void {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.operation && typeof payload === 'string') {
      const match = CODE_AT_START.exec(payload.slice(0, 24));
      if (match) request.operationCode = Number(match[1]);
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const operation = request.operation;
    if (!operation) return;
    sink({
      ...operation,
      at: Date.now(),
      method: request.method,
      route: clip(request.routeOptions.url ?? request.url.split('?')[0] ?? ''),
      status: reply.statusCode,
      code: request.operationCode ?? (reply.statusCode < 400 ? 20000 : 40000),
      ip: clip(request.ip ?? ''),
      userAgent: clip(String(request.headers['user-agent'] ?? '')),
    });
  });
}

/** Sets or completes the operation context of a request (the route layer, the sign-in route). */
export function noteOperation(request: FastifyRequest, context: Partial<OperationContext>): void {
  request.operation = {
    kind: 'write',
    userId: null,
    username: '',
    projectId: null,
    summary: '',
    target: '',
    ...request.operation,
    ...context,
  };
}
