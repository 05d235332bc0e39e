import { AggType, CAMERA_STREAM_PATH, CameraMessages, CameraTexts } from '@iot/contracts/cameras';
import { type CameraBackend, CameraBackendError, type CameraRef } from '../backend.js';
import { type DemoVideoSource, isDemoAddress } from '../demo-source.js';
import { ffmpegAvailable, grabFrame } from '../snapshot-ffmpeg.js';
import type { StreamTickets } from '../stream-tickets.js';

/**
 * The built-in back-end (feature-areas §2 "plain HTTP-FLV"): the camera's videoUrl is an FLV stream
 * the server relays through its own route (flv-relay.ts), so the browser never needs to reach the
 * camera and the play URL carries a ticket instead of the camera's address. No PTZ, talk or
 * playback; snapshots by ffmpeg when it is installed. A `demo://` address is the demo video
 * source's (demo-source.ts): without ffmpeg it says so instead of failing to play.
 */
export function httpFlvBackend(tickets: StreamTickets, demo: DemoVideoSource): CameraBackend {
  return {
    aggType: AggType.HTTP_FLV,
    supports: { ptz: false, talk: false, playback: false, presets: false },
    async playUrl(camera: CameraRef) {
      if (!camera.videoUrl) throw new CameraBackendError(CameraMessages.NO_PLAY_URL);
      if (isDemoAddress(camera.videoUrl) && !demo.available())
        throw new CameraBackendError(CameraTexts.DEMO_VIDEO_UNAVAILABLE);
      return `${CAMERA_STREAM_PATH}?ticket=${encodeURIComponent(tickets.issue(camera.viewId ?? camera.id))}`;
    },
    async talkUrl() {
      throw new CameraBackendError(CameraMessages.NO_TALK);
    },
    async playbacks() {
      throw new CameraBackendError(CameraMessages.NO_PLAYBACK);
    },
    async ptz() {
      throw new CameraBackendError(CameraMessages.NO_PTZ);
    },
    async snapshot(camera: CameraRef, at?: number) {
      if (!ffmpegAvailable()) throw new CameraBackendError(CameraTexts.SNAPSHOT_UNAVAILABLE);
      if (!camera.videoUrl) return null;
      if (!isDemoAddress(camera.videoUrl)) return grabFrame(camera.videoUrl);
      return grabFrame(await demo.address(camera.videoUrl, camera.name ?? '', at));
    },
  };
}
