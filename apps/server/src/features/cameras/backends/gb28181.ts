import { AggType, CameraMessages } from '@iot/contracts/cameras';
import { type CameraBackend, CameraBackendError, type CameraRef } from '../backend.js';
import { asOperation, type VendorOperation, vendorFailure } from './vendor-errors.js';
import { field, joinUrl, vendorBytes, vendorJson } from './vendor-http.js';

/**
 * GB28181 cameras (decision 0065): a security-management platform speaks SIP with the devices
 * (REGISTER, INVITE, MESSAGE) and a ZLMediaKit-style media server receives their RTP and serves it.
 * This adapter talks HTTP to the media server (`/index/api/…?secret=`, answers `{code: 0, …}`);
 * the SIP side is the Gb28181Signalling seam, which no built-in implementation fills yet.
 */
export interface ZlmSettings {
  /** CAMERA_GB28181_MEDIA_URL: the media server's HTTP API. Absent: nothing plays. */
  apiUrl: string | undefined;
  /** CAMERA_GB28181_MEDIA_SECRET: its api.secret. */
  secret: string | undefined;
  /** CAMERA_GB28181_PLAY_URL: where browsers reach its HTTP-FLV (default: apiUrl). */
  playUrl: string | undefined;
  timeoutMs: number;
}

/** What the security-management platform is asked to do; one implementation per platform product. */
export interface Gb28181Signalling {
  /**
   * INVITE the device's channel to send PS-over-RTP to the media server's port, SSRC-free
   * (the media server's RTP server was opened for this stream id).
   */
  invite(request: {
    deviceId: string;
    channelId: string;
    mediaPort: number;
    streamId: string;
  }): Promise<void>;
  /** BYE: the stream is no longer wanted. */
  bye(streamId: string): Promise<void>;
}

/** ZLMediaKit's API codes: 0 success, -100 secret refused, -300 bad arguments, -1 other failure. */
const SUCCESS = 0;
/** The app GB28181 RTP streams appear under. */
const RTP_APP = 'rtp';
/** How long a freshly invited stream may take to appear, and how often to look. */
const STREAM_WAIT_MS = 8000;
const STREAM_POLL_MS = 250;

export class Gb28181Backend implements CameraBackend {
  readonly aggType = AggType.GB28181;
  /** PTZ, talk and playback need SIP MESSAGE / INVITE-with-range through the platform: not built (decision 0065). */
  readonly supports = { ptz: false, talk: false, playback: false, presets: false };

  constructor(
    private readonly media: ZlmSettings,
    private readonly signalling: Gb28181Signalling | null = null,
  ) {}

  /** The stream id of a device channel: `<device id>_<channel id>` (the platforms' usual convention). */
  streamId(camera: CameraRef): string {
    return `${camera.deviceSerial}_${camera.channelNo}`;
  }

  private async api(operation: VendorOperation, name: string, params: Record<string, string>) {
    if (!this.media.apiUrl) throw vendorFailure(operation, 'not-configured');
    const url = joinUrl(this.media.apiUrl, `/index/api/${name}`);
    const answer = await asOperation(operation, () =>
      vendorJson({
        url,
        form: { secret: this.media.secret ?? '', ...params },
        timeoutMs: this.media.timeoutMs,
      }),
    );
    const code = Number(field(answer, 'code'));
    if (code !== SUCCESS) throw vendorFailure(operation, code);
    return answer;
  }

  /** getMediaList for the stream: whether the media server has it now. */
  private async online(operation: VendorOperation, streamId: string): Promise<boolean> {
    const answer = await this.api(operation, 'getMediaList', { app: RTP_APP, stream: streamId });
    const data = field(answer, 'data');
    return Array.isArray(data) && data.some((media) => field(media, 'stream') === streamId);
  }

  private flvUrl(streamId: string): string {
    return joinUrl(
      this.media.playUrl || this.media.apiUrl || '',
      `/${RTP_APP}/${encodeURIComponent(streamId)}.live.flv`,
    );
  }

  /**
   * The stream's HTTP-FLV address on the media server. A stream not there yet is invited through
   * the platform (openRtpServer, INVITE, wait until it appears); without one it cannot play.
   */
  async playUrl(camera: CameraRef): Promise<string> {
    const streamId = this.streamId(camera);
    if (await this.online('play', streamId)) return this.flvUrl(streamId);
    if (!this.signalling) throw vendorFailure('play', 'no-stream');
    const opened = await this.api('play', 'openRtpServer', { port: '0', tcp_mode: '0', stream_id: streamId });
    const mediaPort = Number(field(opened, 'port'));
    const signalling = this.signalling;
    await asOperation('play', async () => {
      try {
        await signalling.invite({
          deviceId: camera.deviceSerial,
          channelId: String(camera.channelNo),
          mediaPort,
          streamId,
        });
      } catch {
        throw vendorFailure('play', 'invite');
      }
    });
    const deadline = Date.now() + STREAM_WAIT_MS;
    while (Date.now() < deadline) {
      if (await this.online('play', streamId)) return this.flvUrl(streamId);
      await new Promise((resolve) => setTimeout(resolve, STREAM_POLL_MS));
    }
    await this.api('play', 'closeRtpServer', { stream_id: streamId }).catch(() => undefined);
    await signalling.bye(streamId).catch(() => undefined);
    throw vendorFailure('play', 'stream-timeout');
  }

  async talkUrl(): Promise<string> {
    throw new CameraBackendError(CameraMessages.NO_TALK);
  }

  async playbacks(): Promise<never> {
    throw new CameraBackendError(CameraMessages.NO_PLAYBACK);
  }

  async ptz(): Promise<void> {
    throw new CameraBackendError(CameraMessages.NO_PTZ);
  }

  /**
   * getSnap of the stream's own FLV address. The media server answers its default picture (not a
   * JPEG) while it has no frame: that is "no snapshot yet". A stream that is not there has none.
   */
  async snapshot(camera: CameraRef): Promise<Buffer | null> {
    const streamId = this.streamId(camera);
    if (!(await this.online('snapshot', streamId))) return null;
    const query = new URLSearchParams({
      secret: this.media.secret ?? '',
      url: this.flvUrl(streamId),
      timeout_sec: '10',
      expire_sec: '30',
    });
    const picture = await asOperation('snapshot', () =>
      vendorBytes({
        url: joinUrl(this.media.apiUrl ?? '', `/index/api/getSnap?${query}`),
        timeoutMs: Math.max(this.media.timeoutMs, 12_000),
      }),
    );
    return picture.contentType.includes('image/jpeg') ? picture.body : null;
  }
}
