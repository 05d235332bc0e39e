import type { AggType, PlaybackRecord, PtzDirection } from '@iot/contracts/cameras';

/**
 * The seam between the camera routes and a vendor's camera platform (feature-areas §2 "Player
 * chooses a back-end by the camera's aggregation type"). One adapter per AggType; the built-in
 * HTTP-FLV back-end works on a fresh install, the vendor adapters are tested against local fakes
 * that speak each vendor's documented API.
 */
export interface CameraRef {
  /** The camera at its platform: for a shared camera, the owner's camera (decision 0069). */
  id: number;
  /** Shown on a demo camera's picture (decision 0064, "Demo cameras"). */
  name?: string;
  groupId: number;
  /**
   * The id the viewer reaches the camera by, when it differs from `id`: a shared camera's copy in
   * the target project. The relay's ticket names it, so the stream is judged (and ended) per copy.
   */
  viewId?: number;
  deviceSerial: string;
  channelNo: number;
  videoUrl: string | null;
  /** The cloud account the camera belongs to (cloud services A and B), if any. */
  account: CameraAccountRef | null;
  /** ifEncrypt 2: the stream is encrypted with this code. */
  validateCode: string | null;
}

export interface CameraAccountRef {
  id: number;
  aggType: AggType;
  /** The platform's base URL (the vendor's public API unless configured otherwise). */
  baseUrl: string | null;
  appKey: string;
  /** Decrypted only when a call needs it; never answered or logged. */
  appSecret: string;
}

export interface PtzCommand {
  action: 'start' | 'stop';
  direction: PtzDirection;
  speed: number;
}

export class CameraBackendError extends Error {
  /** The Chinese message of feature-areas §8 to show (e.g. 回放不存在). */
  constructor(
    message: string,
    readonly vendorCode?: string | number,
  ) {
    super(message);
  }
}

export interface CameraBackend {
  readonly aggType: AggType;
  readonly supports: { ptz: boolean; talk: boolean; playback: boolean; presets: boolean };
  /** A URL the browser's player can open (the routes cache it 5 minutes per camera). */
  playUrl(camera: CameraRef): Promise<string>;
  talkUrl(camera: CameraRef): Promise<string>;
  playbacks(camera: CameraRef, begin: Date, end: Date): Promise<{ url: string; playbacks: PlaybackRecord[] }>;
  ptz(camera: CameraRef, command: PtzCommand): Promise<void>;
  /**
   * A JPEG of the camera now, or null when the platform has none yet. `at` is the moment the
   * picture is for (a warning's time); only a demo camera can show it, the others ignore it.
   */
  snapshot(camera: CameraRef, at?: number): Promise<Buffer | null>;
  /** Move to / store a preset position, where supported. */
  presetGoto?(camera: CameraRef, index: number): Promise<void>;
  presetSet?(camera: CameraRef, index: number): Promise<void>;
}
