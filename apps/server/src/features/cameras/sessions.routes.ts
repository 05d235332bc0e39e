import { id, Permission } from '@iot/contracts';
import {
  byeBody,
  CAMERA_MENU,
  CameraMessages,
  playerToken,
  talkBody,
  webrtcAnswer,
  webrtcBody,
} from '@iot/contracts/cameras';
import { z } from 'zod';
import { badRequest } from '../../platform/errors.js';
import type { Router } from '../../platform/http/route.js';
import { endsStreams, hasPlayerToken, isWebRtcBackend } from './backends/capabilities.js';
import type { CamerasService } from './cameras.service.js';

const tags = ['视频监控'];
const base = '/iot/groups/:groupId/cameras/:id';
const params = z.object({ groupId: id, id });
const scopeId = ({ params }: { params: { groupId: number } }) => params.groupId;
const read = { menu: CAMERA_MENU, bit: Permission.READ, scope: 'project' as const, scopeId };
const create = { ...read, bit: Permission.CREATE };

/**
 * The vendor sessions beyond a play URL (decision 0065): the link platform's WebRTC exchange, talk
 * and bye, and the player token of cloud services A and B. A camera whose back-end has none of
 * them answers what it cannot do (不支持对讲, 无法播放…).
 */
export function registerCameraSessionRoutes(router: Router, service: CamerasService): void {
  // Watching needs the read bit; pushing the microphone is talking, which needs create (§6).
  for (const [url, mode, access, summary] of [
    [`${base}/webrtc`, 'play', read, '视频联网平台：提交浏览器观看用的 WebRTC offer，返回平台的 answer'],
    [
      `${base}/talk/webrtc`,
      'push',
      create,
      '视频联网平台：提交对讲（推流）用的 WebRTC offer，返回 answer；需新建权限',
    ],
  ] as const) {
    router.route({
      method: 'POST',
      url,
      summary,
      tags,
      params,
      body: webrtcBody,
      access,
      response: webrtcAnswer,
      handler: async ({ scope, params, body }) => {
        const answer = await service.call(
          scope!.id,
          params.id,
          (backend, camera) => {
            if (!isWebRtcBackend(backend)) throw badRequest(CameraMessages.NO_PLAY_URL);
            return backend.webrtcAnswer(camera, body.streamPath, body.offer, mode);
          },
          // Pushing a microphone is talking: refused on a shared (read-only) camera.
          { write: mode === 'push' },
        );
        return { answer };
      },
    });
  }
  router.route({
    method: 'POST',
    url: `${base}/talk`,
    summary: '对讲开始/结束（action start/stop，需新建权限）',
    tags,
    params,
    body: talkBody,
    access: create,
    response: z.null(),
    handler: async ({ scope, params, body }) => {
      await service.call(
        scope!.id,
        params.id,
        (backend, camera) => {
          if (!isWebRtcBackend(backend)) throw badRequest(CameraMessages.NO_TALK);
          return backend.talk(camera, body.streamPath, body.action);
        },
        { write: true },
      );
      return null;
    },
  });
  router.route({
    method: 'POST',
    url: `${base}/bye`,
    summary: '结束一次播放、回放或对讲会话；缓存的播放地址随之作废',
    tags,
    params,
    body: byeBody,
    access: read,
    response: z.null(),
    handler: async ({ scope, params, body }) => {
      await service.call(scope!.id, params.id, async (backend, camera) => {
        try {
          if (isWebRtcBackend(backend)) await backend.bye(camera, body.streamPath);
          else if (endsStreams(backend)) await backend.endSession(camera, body.streamPath);
        } finally {
          // Even a bye the platform refuses (the stream already gone) ends the cached play URL: the
          // player says bye before it invites anew after a refused offer.
          service.forgetPlayUrl(params.id);
        }
      });
      return null;
    },
  });
  router.route({
    method: 'GET',
    url: `${base}/playerToken`,
    summary: '云平台播放器令牌（萤石云、乐橙云的网页播放器需要）',
    tags,
    params,
    access: read,
    response: playerToken,
    handler: async ({ scope, params }) => {
      const token = await service.call(scope!.id, params.id, (backend, camera) => {
        if (!hasPlayerToken(backend)) throw badRequest(CameraMessages.NO_PLAY_URL);
        return backend.playerToken(camera);
      });
      return { token };
    },
  });
}
