import type { CameraBackend, CameraRef } from '../backend.js';

/**
 * What some vendor back-ends offer beyond CameraBackend, for routes that want them (decision 0065).
 * Kept beside the adapters so the shared seam (backend.ts) stays as the routes know it.
 */

/**
 * Cloud services A and B play in their vendor's web SDK, which needs a token beside the URL
 * (feature-areas §7 "get access token by account id, get kit token per camera").
 */
export interface PlayerTokenBackend extends CameraBackend {
  playerToken(camera: CameraRef): Promise<string>;
}

export type WebRtcMode = 'play' | 'push';

/**
 * The link platform (feature-areas §7): the browser makes a WebRTC offer, the server passes it to
 * the platform with its token and returns the platform's answer. playUrl/talkUrl answer a
 * streamPath the player then negotiates with webrtcAnswer.
 */
export interface WebRtcBackend extends CameraBackend {
  webrtcAnswer(camera: CameraRef, streamPath: string, offer: string, mode: WebRtcMode): Promise<string>;
  /** Starts or stops the camera's speaker for a talk stream (after its WebRTC push is up). */
  talk(camera: CameraRef, streamPath: string, action: 'start' | 'stop'): Promise<void>;
  /** Ends a play, playback or talk session on the platform. */
  bye(camera: CameraRef, streamPath: string): Promise<void>;
}

export function hasPlayerToken(backend: CameraBackend): backend is PlayerTokenBackend {
  return typeof (backend as Partial<PlayerTokenBackend>).playerToken === 'function';
}

export function isWebRtcBackend(backend: CameraBackend): backend is WebRtcBackend {
  return typeof (backend as Partial<WebRtcBackend>).webrtcAnswer === 'function';
}

/** GB28181 (decision 0070): a play or playback stream the viewer is done with is ended (BYE). */
export interface StreamEndingBackend extends CameraBackend {
  endSession(camera: CameraRef, streamPath: string): Promise<void>;
}

export function endsStreams(backend: CameraBackend): backend is StreamEndingBackend {
  return typeof (backend as Partial<StreamEndingBackend>).endSession === 'function';
}
