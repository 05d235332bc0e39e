import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '../../platform/errors.js';
import type { Router } from '../../platform/http/route.js';
import type { IngestService } from './ingest.service.js';
import { canPublish, canSubscribe, clientIdAllowed } from './protocol.js';

const tags = ['设备接入'];
const decision = z.object({ result: z.enum(['allow', 'deny']) });

/**
 * mosquitto-go-auth's `acc`: 1 read (a message delivered to the client), 2 write (publish),
 * 3 read and write, 4 subscribe. Reading is allowed where subscribing is: a device may receive
 * only what it may subscribe to.
 */
const GO_AUTH_ACCESS: Record<number, ('publish' | 'subscribe')[]> = {
  1: ['subscribe'],
  2: ['publish'],
  3: ['publish', 'subscribe'],
  4: ['subscribe'],
};

/**
 * Authentication and topic rights for an external broker (EMQX HTTP authn/authz, Mosquitto's
 * go-auth HTTP backend): the same device rules as the embedded broker, asked over HTTP. A refusal
 * is HTTP 403 with `{"result": "deny"}`: go-auth in status mode reads only the status, and EMQX
 * treats a 4xx as "ignore", which at the end of its chain (and with `no_match = deny`) refuses.
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
    handler: async ({ body, request, reply }) => {
      guard(request.headers.authorization);
      const deny = () => reply.status(403).send({ result: 'deny' });
      const device = await ingest.authenticate(body.username, body.password || undefined);
      if (!device) return deny();
      // The broker closes the older session of a duplicate client id: an id must belong to one
      // credential. Ids the broker makes up cannot be told from chosen ones here, so none is taken.
      if (!body.clientid) {
        request.log.warn(
          { gateway: device.serialNumber },
          'mqtt auth hook denied: the broker sent no clientid (add it to the hook body)',
        );
        return deny();
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
        return deny();
      }
      return { result: 'allow' };
    },
  });

  router.publicRoute({
    method: 'POST',
    url: '/iot/mqtt/acl',
    summary:
      '外部 MQTT 代理的主题权限钩子：设备只能发布、订阅自己的主题（EMQX 传 action，mosquitto-go-auth 传 acc）',
    tags,
    body: z
      .object({
        username: z.string(),
        clientid: z.string().optional(),
        topic: z.string(),
        action: z.enum(['publish', 'subscribe']).optional(),
        acc: z.coerce.number().int().optional(),
      })
      .refine((body) => body.action !== undefined || (body.acc !== undefined && body.acc in GO_AUTH_ACCESS), {
        message: '须给出 action（publish 或 subscribe）或 acc（1、2、3、4）',
      }),
    raw: true,
    response: decision,
    handler: async ({ body, request, reply }) => {
      guard(request.headers.authorization);
      const device =
        (await ingest.deviceBySerial(body.username)) ?? (await ingest.authenticate(body.username, undefined));
      const actions = body.action ? [body.action] : (GO_AUTH_ACCESS[body.acc ?? 0] ?? []);
      const allowed =
        device !== null &&
        actions.every((action) =>
          action === 'publish' ? canPublish(device, body.topic) : canSubscribe(device, body.topic),
        );
      if (!allowed) return reply.status(403).send({ result: 'deny' });
      return { result: 'allow' };
    },
  });
}
