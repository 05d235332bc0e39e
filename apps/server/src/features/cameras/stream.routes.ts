import { ResultCode } from '@iot/contracts';
import { AggType, CAMERA_STREAM_PATH, CameraMessages, CameraTexts } from '@iot/contracts/cameras';
import { type WebSocket, WebSocketServer } from 'ws';
import { z } from 'zod';
import { forbidden, notFound } from '../../platform/errors.js';
import type { Router } from '../../platform/http/route.js';
import { refuseUpgrade, type UpgradeRouter } from '../../platform/http/upgrade.js';
import type { CamerasRepository } from './cameras.repository.js';
import { type DemoVideoSource, isDemoAddress } from './demo-source.js';
import type { FlvRelay, Viewer } from './flv-relay.js';
import type { StreamTickets } from './stream-tickets.js';

/** WebSocket close codes of the relay (4000–4999 are the application's). */
const CLOSE_UNREACHABLE = 4502;
const CLOSE_ENDED = 4000;

/**
 * The HTTP-FLV relay's two doors, one path (docs/decisions/0064-cameras.md): GET answers the camera's
 * FLV stream as `video/x-flv` (HTTP-FLV); the same URL upgraded is WebSocket-FLV, one binary
 * message per FLV tag — a wall of 16 players then is not held to HTTP/1.1's six connections per
 * host. Either is opened with the ticket the play-URL route handed out.
 */
export function registerStreamRoutes(
  router: Router,
  upgrades: UpgradeRouter,
  deps: { relay: FlvRelay; tickets: StreamTickets; repository: CamerasRepository; demo: DemoVideoSource },
): { close(): void } {
  const { relay, tickets, repository, demo } = deps;

  async function source(ticket: string | null): Promise<{ cameraId: number; url: string }> {
    const cameraId = ticket ? tickets.verify(ticket) : null;
    if (cameraId === null) throw forbidden(CameraTexts.TICKET_INVALID);
    const camera = await repository.findAnywhere(cameraId);
    if (!camera) throw notFound(CameraTexts.NOT_FOUND);
    // A shared camera's copy plays the owner's stream while the share stands (decision 0069): the
    // ticket outlives a revocation by up to 15 minutes, so the grant is judged again here.
    const source =
      camera.share_owner_id === null
        ? camera
        : (await repository.shareSource(camera.project_id, camera))?.row;
    if (!source) throw notFound(CameraMessages.SHARED_CAMERA_GONE(camera.name));
    if (source.agg_type !== AggType.HTTP_FLV || !source.video_url) throw notFound(CameraTexts.NOT_FOUND);
    // A demo camera's stream is this node's demo video source, wherever it listens now.
    const url = isDemoAddress(source.video_url)
      ? await demo.address(source.video_url, source.name)
      : source.video_url;
    return { cameraId, url };
  }

  router.publicRoute({
    method: 'GET',
    url: CAMERA_STREAM_PATH,
    summary:
      'HTTP-FLV 摄像头的视频流（播放地址里的票据，15 分钟有效）；同一地址以 WebSocket 升级即 WebSocket-FLV',
    tags: ['视频监控'],
    query: z.object({ ticket: z.string().min(1).max(512) }),
    raw: true,
    handler: async ({ query, request, reply }) => {
      const { cameraId, url } = await source(query.ticket);
      reply.hijack();
      const raw = reply.raw;
      const viewer: Viewer = {
        send(bytes) {
          if (!raw.headersSent)
            raw.writeHead(200, {
              'content-type': 'video/x-flv',
              'cache-control': 'no-store',
              'x-request-id': request.id,
            });
          raw.write(bytes);
        },
        buffered: () => raw.writableLength,
        // Ended before any byte came: the camera was never reached.
        end: () => {
          if (!raw.headersSent) {
            raw.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
            raw.end(
              JSON.stringify({ code: ResultCode.ERROR, message: CameraTexts.STREAM_UNREACHABLE, data: null }),
            );
          } else raw.end();
        },
      };
      const { leave } = relay.watch(cameraId, url, viewer);
      request.raw.on('close', leave);
      return undefined;
    },
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  upgrades.on(CAMERA_STREAM_PATH, (request, socket, head, url) => {
    source(url.searchParams.get('ticket')).then(
      ({ cameraId, url: upstream }) =>
        wss.handleUpgrade(request, socket, head, (ws) => serve(ws, cameraId, upstream)),
      (error: unknown) =>
        error instanceof Error && 'httpStatus' in error && error.httpStatus === 404
          ? refuseUpgrade(socket, 404, 'Not Found')
          : refuseUpgrade(socket, 403, 'Forbidden'),
    );
  });

  function serve(ws: WebSocket, cameraId: number, upstream: string): void {
    let sent = false;
    const viewer: Viewer = {
      send: (bytes) => {
        sent = true;
        if (ws.readyState === ws.OPEN) ws.send(bytes, { binary: true });
      },
      buffered: () => ws.bufferedAmount,
      // Ended before any byte came: the camera was never reached.
      end: () => {
        if (ws.readyState === ws.OPEN)
          ws.close(sent ? CLOSE_ENDED : CLOSE_UNREACHABLE, sent ? 'stream ended' : 'stream unreachable');
      },
    };
    const { leave } = relay.watch(cameraId, upstream, viewer);
    ws.on('close', leave);
    ws.on('error', () => ws.terminate());
  }

  return {
    close() {
      relay.close();
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}
