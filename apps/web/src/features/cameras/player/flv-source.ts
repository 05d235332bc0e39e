import { CameraMessages } from '@iot/contracts/cameras';
import { camerasApi, streamAddress } from '../api';
import type { MediaSource } from './source';

/**
 * An FLV stream played with mpegts.js: the built-in HTTP-FLV back-end through the server's relay
 * (a path on this host, opened over WebSocket-FLV so a wall of 16 is not held to HTTP/1.1's six
 * connections), or an absolute FLV address a platform answered.
 */
export const flvSource: MediaSource = async (video, request, fail) => {
  const url = request.playback?.url ?? (await camerasApi.playUrl(request.projectId, request.camera.id)).url;
  if (!url) throw new Error(CameraMessages.NO_PLAY_URL);
  const { default: mpegts } = await import('mpegts.js');
  if (!mpegts.isSupported()) throw new Error(CameraMessages.PLAY_FAILED);
  const address = url.startsWith('/') ? streamAddress(url, request.transport) : url;
  const player = mpegts.createPlayer(
    { type: 'flv', isLive: !request.playback, url: address },
    { enableWorker: false, lazyLoad: false, liveBufferLatencyChasing: true, autoCleanupSourceBuffer: true },
  );
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    player.pause();
    player.unload();
    player.detachMediaElement();
    player.destroy();
  };
  const failed = () => {
    if (stopped) return;
    stop();
    fail(CameraMessages.PLAY_FAILED);
  };
  player.on(mpegts.Events.ERROR, failed);
  // A live stream never completes: the relay closed it (camera unreachable, or gone).
  if (!request.playback) player.on(mpegts.Events.LOADING_COMPLETE, failed);
  player.attachMediaElement(video);
  player.load();
  try {
    await Promise.resolve(player.play());
  } catch (cause) {
    stop();
    throw cause;
  }
  return { stop };
};
