import type { Camera } from '@iot/contracts/cameras';

/** What the player opens: the camera live, or one playback range (feature-areas §5). */
export interface PlayRequest {
  projectId: number;
  camera: Camera;
  /** Absent: live. Present: the playbacks call's answer and the record chosen. */
  playback?: { url: string; beginTime: string; endTime: string };
  /** How the built-in relay is reached: WebSocket-FLV (default) or HTTP-FLV. */
  transport: 'ws' | 'http';
}

/** A started stream. stop releases everything it holds: sockets, peer connections, vendor sessions. */
export interface MediaSession {
  stop(): void;
}

/**
 * One browser-side back-end per aggType (feature-areas §2: "the player chooses a back-end by the
 * camera's aggregation type"). start attaches the stream to the video element and resolves once it
 * is loading; a failure later (the stream ended, ICE gave up) is reported once through fail with the
 * Chinese message to show. A source throws an Error whose message is shown when it cannot start.
 */
export type MediaSource = (
  video: HTMLVideoElement,
  request: PlayRequest,
  fail: (message: string) => void,
) => Promise<MediaSession>;
