import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '../../platform/errors.js';
import type { Router } from '../../platform/http/route.js';
import type { IngestService } from './ingest.service.js';
import { canPublish, canSubscribe, clientIdAllowed } from './protocol.js';

const tags = ['设备接入'];
const decision = z.object({ result: z.enum(['allow', 'deny']) });

/**
 * Authentication and topic rights for an external broker (EMQX HTTP authn/authz, Mosquitto's
 * go-auth HTTP backend): the same device rules as the embedded broker, asked over HTTP.
 */
export function registerBrokerHookRoutes(
  router: Router,
  ingest: IngestService,
  hookSecret: string | undefined,
): void {
  const guard = (authorization: string | undefined) => {
    if (!hookSecret) return;
    const given = Buffer.from(authorization?.replace(/^Bearer\s+/i, '') ?? '');
    const expected = Buffer.from(hookSecret);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new ApiError(40001, '无效的钩子凭证', 401);
  };

  router.publicRoute({
    method: 'POST',
    url: '/iot/mqtt/auth',
    summary:
      '外部 MQTT 代理的设备认证钩子：username/password 与内置代理相同（序列号+密钥，或访问令牌）；clientid 须为序列号或“序列号:任意后缀”',
    tags,
    body: z.object({
      username: z.string().optional(),
      password: z.string().optional(),
      clientid: z.string().optional(),
    }),
    raw: true,
    response: decision,
    handler: async ({ body, request }) => {
      guard(request.headers.authorization);
      const device = await ingest.authenticate(body.username, body.password || undefined);
      if (!device) return { result: 'deny' };
      // The broker closes the older session of a duplicate client id: an id must belong to one
      // credential. Ids the broker makes up cannot be told from chosen ones here, so none is taken.
      if (!body.clientid) {
        request.log.warn(
          { gateway: device.serialNumber },
          'mqtt auth hook denied: the broker sent no clientid (add it to the hook body)',
        );
        return { result: 'deny' };
      }
      if (!clientIdAllowed(device, body.clientid)) {
        const shown =
          body.clientid === body.username || body.clientid === body.password
            ? '(the credential)'
            : body.clientid;
        request.log.warn(
          { gateway: device.serialNumber, clientId: shown.slice(0, 128) },
          'mqtt auth hook denied: the client id does not belong to this credential',
        );
        return { result: 'deny' };
      }
      return { result: 'allow' };
    },
  });

  router.publicRoute({
    method: 'POST',
    url: '/iot/mqtt/acl',
    summary: '外部 MQTT 代理的主题权限钩子：设备只能发布、订阅自己的主题',
    tags,
    body: z.object({
      username: z.string(),
      password: z.string().optional(),
      topic: z.string(),
      action: z.enum(['publish', 'subscribe']),
    }),
    raw: true,
    response: decision,
    handler: async ({ body, request }) => {
      guard(request.headers.authorization);
      const device =
        (await ingest.deviceBySerial(body.username)) ?? (await ingest.authenticate(body.username, undefined));
      if (!device) return { result: 'deny' };
      const allowed =
        body.action === 'publish' ? canPublish(device, body.topic) : canSubscribe(device, body.topic);
      return { result: allowed ? 'allow' : 'deny' };
    },
  });
}
