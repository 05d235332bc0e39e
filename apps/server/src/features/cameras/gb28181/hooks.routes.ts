import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Router } from '../../../platform/http/route.js';

/** Where ZLMediaKit's hook.on_stream_none_reader and on_stream_not_found are pointed (with `?secret=<its api.secret>`). */
export const NONE_READER_HOOK_PATH = '/iot/cameras/gb28181/hooks/on_stream_none_reader';
export const NOT_FOUND_HOOK_PATH = '/iot/cameras/gb28181/hooks/on_stream_not_found';

const hookBody = z
  .object({ app: z.string().max(128).optional(), stream: z.string().max(256).optional() })
  .passthrough();

/**
 * The media server's "nobody watches this stream any more" hook (ZLMediaKit
 * `on_stream_none_reader`, POST JSON {app, stream, …}): a GB28181 stream our platform invited is
 * ended with BYE (the last viewer left). The answer is the hook's own format: `{code: 0, close}`
 * — close true for our streams, false for others (the media server decides about those). The
 * caller proves itself with the media secret in the query; any other caller gets code -1.
 */
export function registerGbHookRoutes(
  router: Router,
  deps: {
    secret: string | undefined;
    noReader(streamId: string): Promise<boolean>;
    notFound(streamId: string): boolean;
  },
): void {
  const trusted = (secret: string | undefined) => {
    const given = Buffer.from(secret ?? '');
    const expected = Buffer.from(deps.secret ?? '');
    return Boolean(deps.secret) && given.length === expected.length && timingSafeEqual(given, expected);
  };
  router.publicRoute({
    method: 'POST',
    url: NONE_READER_HOOK_PATH,
    summary: '流媒体服务器回调：GB28181 流无人观看时结束会话（BYE）',
    tags: ['视频监控'],
    query: z.object({ secret: z.string().max(256).optional() }).passthrough(),
    body: hookBody,
    raw: true,
    handler: async ({ query, body }) => {
      if (!trusted(query.secret)) return { code: -1, msg: 'secret' };
      if (body.app !== 'rtp' || !body.stream) return { code: 0, close: false };
      return { code: 0, close: await deps.noReader(body.stream) };
    },
  });
  // A player asked for a live stream that is gone (BYE'd after its last viewer, device restarted):
  // invite it again; the media server holds the player a while for it to arrive.
  router.publicRoute({
    method: 'POST',
    url: NOT_FOUND_HOOK_PATH,
    summary: '流媒体服务器回调：播放器请求的 GB28181 直播流不存在时重新邀请（INVITE）',
    tags: ['视频监控'],
    query: z.object({ secret: z.string().max(256).optional() }).passthrough(),
    body: hookBody,
    raw: true,
    handler: async ({ query, body }) => {
      if (!trusted(query.secret)) return { code: -1, msg: 'secret' };
      if (body.app === 'rtp' && body.stream) deps.notFound(body.stream);
      return { code: 0, msg: 'success' };
    },
  });
}
