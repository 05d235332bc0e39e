import { Messages, ResultCode } from '@iot/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/outage.js';
import { ApiError } from '../errors.js';

const FRAMEWORK_MESSAGES: Record<number, string> = {
  400: '请求格式错误',
  404: Messages.NOT_FOUND,
  413: '请求内容过大',
  415: '不支持的请求内容类型',
};

/** What a client is told to wait before trying again while the database is away. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * One renderer for every error: spec errors as they are; framework errors (bad JSON, wrong
 * content type) as 40000 with a Chinese message; the database being away as HTTP 503 with 40000
 * and a message saying so (decision 0027); anything else logged with the request id and answered
 * without internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof ApiError) {
      return reply
        .status(error.httpStatus)
        .send({ code: error.code, message: error.message, data: error.data });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({
        code: ResultCode.ERROR,
        message: FRAMEWORK_MESSAGES[status] ?? FRAMEWORK_MESSAGES[400],
        data: null,
      });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ code: ResultCode.ERROR, message: Messages.DATABASE_UNAVAILABLE, data: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ code: ResultCode.ERROR, message: Messages.SYSTEM_ERROR, data: { requestId: request.id } });
  });
}

/** API paths answer JSON 404s; everything else is the web app's to route. */
export function isApiPath(url: string): boolean {
  return /^\/(iot|data-server|api|socket|openapi\.json)(\/|\?|$)/.test(url);
}
