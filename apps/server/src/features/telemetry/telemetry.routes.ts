import { ResultCode } from '@iot/contracts';
import { z } from 'zod';
import { ApiError } from '../../platform/errors.js';
import type { Router } from '../../platform/http/route.js';
import type { IngestService } from './ingest.service.js';

/** ThingsBoard-compatible HTTP telemetry: the device's access token in the path. */
export function registerTelemetryRoutes(router: Router, ingest: IngestService): void {
  router.publicRoute({
    method: 'POST',
    url: '/api/v1/:token/telemetry',
    summary: '设备通过 HTTP 上报遥测数据（ThingsBoard 兼容：{key: value}、{ts, values} 或其数组）',
    tags: ['设备接入'],
    params: z.object({ token: z.string().min(1) }),
    body: z.unknown(),
    response: z.object({ stored: z.number(), unknownKeys: z.number(), rejectedValues: z.number() }),
    handler: async ({ params, body }) => {
      const device = await ingest.authenticate(params.token, undefined);
      if (!device) throw new ApiError(ResultCode.TOKEN_ERROR, '设备凭证无效', 401);
      return ingest.ingest(device, JSON.stringify(body ?? null));
    },
  });
}
