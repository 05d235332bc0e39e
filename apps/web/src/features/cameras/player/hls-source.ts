import { CameraMessages } from '@iot/contracts/cameras';
import { failureMessage, playAddress } from './address';
import type { MediaSource } from './source';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/**
 * An HLS stream (cloud service B's live address): played with hls.js (loaded only when an HLS
 * camera plays), or by the browser itself where it has HLS but no Media Source Extensions. The
 * vendor's CDN answers with CORS headers, so the address is opened directly.
 */
export const hlsSource: MediaSource = async (video, request, fail) => {
  const url = await playAddress(request);
  let stopped = false;
  let release: () => void = () => undefined;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    release();
    video.removeAttribute('src');
    video.load();
  };
  const failed = () => {
    if (stopped) return;
    stop();
    fail(failureMessage(request));
  };
  const start = async () => {
    try {
      await video.play();
    } catch {
      // Refused or interrupted: a stop already reported it; otherwise this is the failure.
      if (stopped) return;
      stop();
      throw new Error(failureMessage(request));
    }
  };

  // A playback ends where its range ends; a live stream that ends was closed by the platform.
  if (!request.playback) video.addEventListener('ended', failed);
  const unlisten = () => video.removeEventListener('ended', failed);

  // hls.js wherever Media Source Extensions exist: Chromium answers canPlayType 'maybe' for HLS yet
  // its own HLS fails to parse ordinary H.264 + AAC segments (DEMUXER_ERROR_COULD_NOT_PARSE, measured
  // with Chromium 156). The browser's own HLS only where there is no MSE (iPhone before iOS 17.1).
  if (!('MediaSource' in window || 'ManagedMediaSource' in window)) {
    if (video.canPlayType(HLS_TYPE) === '') {
      unlisten();
      throw new Error(CameraMessages.PLAY_FAILED);
    }
    video.addEventListener('error', failed);
    release = () => {
      unlisten();
      video.removeEventListener('error', failed);
    };
    video.src = url;
    await start();
    return { stop };
  }

  const { default: Hls } = await import('hls.js');
  if (!Hls.isSupported()) {
    unlisten();
    throw new Error(CameraMessages.PLAY_FAILED);
  }
  const hls = new Hls({ liveDurationInfinity: true, backBufferLength: 30 });
  release = () => {
    unlisten();
    hls.destroy();
  };
  // Non-fatal errors (a late segment) are retried by hls.js itself; a fatal one ends the stream.
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) failed();
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  await start();
  return { stop };
};
