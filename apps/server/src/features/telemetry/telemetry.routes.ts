import { ResultCode } from '@iot/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, badRequest } from '../../platform/errors.js';
import type { Router } from '../../platform/http/route.js';
import type { IngestService } from './ingest.service.js';

/** Absent (many small HTTP stacks send none), application/json or a +json type. */
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** Why a body's declared type is not JSON, or undefined when it is (or none is declared). */
function contentTypeProblem(request: FastifyRequest): string | undefined {
  const header = request.headers['content-type'];
  if (header === undefined) return undefined;
  const type = header.split(';')[0]?.trim() ?? '';
  if (JSON_TYPE.test(type)) return undefined;
  const shown = type.length > 60 ? `${type.slice(0, 59)}…` : type;
  return `请求的 Content-Type 须为 application/json（收到 ${shown || '空值'}）`;
}

/**
 * ThingsBoard-compatible HTTP telemetry: the device's access token in the path. The body is read
 * as bytes and judged by the ingest pipeline, so a body that is not JSON is counted and listed on
 * the gateway like the same payload over MQTT, and answered 400 with the reason.
 */
export function registerTelemetryRoutes(router: Router, ingest: IngestService): void {
  router.publicRoute({
    method: 'POST',
    url: '/api/v1/:token/telemetry',
    summary: '设备通过 HTTP 上报遥测数据（ThingsBoard 兼容：{key: value}、{ts, values} 或其数组）',
    tags: ['设备接入'],
    params: z.object({ token: z.string().min(1) }),
    rawBody: true,
    body: z.unknown(),
    response: z.object({ stored: z.number(), unknownKeys: z.number(), rejectedValues: z.number() }),
    handler: async ({ params, body, request }) => {
      const device = await ingest.authenticate(params.token, undefined);
      if (!device) throw new ApiError(ResultCode.TOKEN_ERROR, '设备凭证无效', 401);
      const text = Buffer.isBuffer(body) ? body.toString('utf8') : '';
      const wrongType = contentTypeProblem(request);
      const { refused, ...counts } = wrongType
        ? await ingest.refuse(device, wrongType, text)
        : await ingest.ingest(device, text);
      if (refused) throw badRequest(refused, counts);
      return counts;
    },
  });
}
