import type { FastifyRequest } from 'fastify';

const SECRET_QUERY =
  /([?&](?:token|accessToken|access_token|refreshToken|refresh_token|clientSecret|password)=)[^&]*/gi;

/** Tokens travel in some query strings (the spec's check_token and exit): keep them out of logs. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1***');
}

/** The request as logged: no headers (authorization), no secret query values. */
export function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
}
