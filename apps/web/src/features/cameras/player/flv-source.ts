import { CameraMessages } from '@iot/contracts/cameras';
import { streamAddress } from '../api';
import { failureMessage, playAddress } from './address';
import type { MediaSource } from './source';

/**
 * An FLV stream played with mpegts.js: the built-in HTTP-FLV back-end through the server's relay
 * (a path on this host, opened over WebSocket-FLV so a wall of 16 is not held to HTTP/1.1's six
 * connections), or an absolute FLV address a platform answered — cloud service A's CDN, the
 * GB28181 media server — opened directly (those answer with CORS headers).
 */
export const flvSource: MediaSource = async (video, request, fail) => {
  const url = await playAddress(request);
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
    fail(failureMessage(request));
  };
  player.on(mpegts.Events.ERROR, failed);
  // A live stream never completes: the relay closed it (camera unreachable, or gone). A playback
  // completes when its range was read; the video then plays to its end.
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
