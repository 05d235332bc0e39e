import { AggType, CameraLimits, type PlaybackRecord } from '@iot/contracts/cameras';
import type { CameraBackend, CameraRef, PtzCommand } from '../backend.js';
import type { WebRtcBackend, WebRtcMode } from './capabilities.js';
import { formatChinaTime } from './china-time.js';
import { linkTokenExpiry } from './link-token.js';
import { TokenCache } from './token-cache.js';
import { asOperation, type VendorOperation, vendorFailure } from './vendor-errors.js';
import { field, joinUrl, vendorJson } from './vendor-http.js';

/**
 * The link platform's back-end media service (feature-areas §7; its HTTP shapes are ours, decision
 * 0065): JSON POSTs under /api/v1, answers `{code: 200, msg, data}`. A token per camera
 * (groupId, cameraId) is taken with the platform secret and kept until the expiry it carries.
 * Media goes browser ↔ platform over WebRTC; this server only passes the SDP offer and answer.
 */
export interface LinkOptions {
  /** CAMERA_LINK_URL; absent: every call says the operation's §8 message. */
  baseUrl: string | undefined;
  /** CAMERA_LINK_SECRET, sent as a bearer token when asking for a camera token. */
  secret: string | undefined;
  timeoutMs: number;
  now?: () => number;
}

const SUCCESS = 200;
/** The token expired or is not this camera's: take a new one and try once more. */
const TOKEN_REFUSED = 401;
/** Take a new token this long before the expiry it carries. */
const TOKEN_MARGIN_MS = 30_000;

class LinkCode extends Error {
  constructor(readonly code: number) {
    super(`link code ${code}`);
  }
}

export class LinkBackend implements CameraBackend, WebRtcBackend {
  readonly aggType = AggType.LINK;
  readonly supports = { ptz: true, talk: true, playback: true, presets: false };
  private readonly tokens: TokenCache;

  constructor(private readonly options: LinkOptions) {
    this.tokens = new TokenCache(TOKEN_MARGIN_MS, options.now);
  }

  private base(operation: VendorOperation): string {
    if (!this.options.baseUrl) throw vendorFailure(operation, 'not-configured');
    return this.options.baseUrl;
  }

  private async post(
    operation: VendorOperation,
    path: string,
    body: unknown,
    headers?: Record<string, string>,
  ) {
    const answer = await asOperation(operation, () =>
      vendorJson({
        url: joinUrl(this.base(operation), path),
        json: body,
        headers,
        timeoutMs: this.options.timeoutMs,
      }),
    );
    const code = Number(field(answer, 'code'));
    if (code !== SUCCESS) throw new LinkCode(code);
    return field(answer, 'data');
  }

  private tokenKey(camera: CameraRef): string {
    return `${camera.groupId}|${camera.id}`;
  }

  /** POST /api/v1/token {groupId, cameraId} (Authorization: Bearer secret) → data.token. */
  private token(camera: CameraRef): Promise<string> {
    return this.tokens.get(this.tokenKey(camera), async () => {
      try {
        const data = await this.post(
          'token',
          '/api/v1/token',
          { groupId: camera.groupId, cameraId: camera.id },
          this.options.secret ? { authorization: `Bearer ${this.options.secret}` } : {},
        );
        const value = field(data, 'token');
        const expiresAt = typeof value === 'string' ? linkTokenExpiry(value) : null;
        if (typeof value !== 'string' || expiresAt === null) throw vendorFailure('token', 'format');
        return { value, expiresAt };
      } catch (error) {
        if (error instanceof LinkCode) throw vendorFailure('token', error.code);
        throw error;
      }
    });
  }

  /** A call with the camera's token; a refused token (401) is replaced once. */
  private async call(
    operation: VendorOperation,
    camera: CameraRef,
    path: string,
    body: Record<string, unknown>,
  ) {
    for (let attempt = 0; ; attempt++) {
      const token = await this.token(camera);
      try {
        return await this.post(operation, path, { token, ...body });
      } catch (error) {
        if (!(error instanceof LinkCode)) throw error;
        if (error.code === TOKEN_REFUSED && attempt === 0) {
          this.tokens.forget(this.tokenKey(camera));
          continue;
        }
        throw vendorFailure(operation, error.code);
      }
    }
  }

  private device(camera: CameraRef) {
    return { serial: camera.deviceSerial, channel: camera.channelNo };
  }

  private async streamPath(
    operation: VendorOperation,
    camera: CameraRef,
    path: string,
    body: Record<string, unknown>,
  ) {
    const data = await this.call(operation, camera, path, body);
    const streamPath = field(data, 'streamPath');
    if (typeof streamPath !== 'string' || streamPath === '') throw vendorFailure(operation, 'no-stream');
    return streamPath;
  }

  /** invite {token, serial, channel} → data.streamPath, which the player opens with webrtcAnswer. */
  playUrl(camera: CameraRef): Promise<string> {
    return this.streamPath('play', camera, '/api/v1/invite', this.device(camera));
  }

  /** talk/path {token, serial, channel, protocol: tcp} → the streamPath the browser pushes its microphone to. */
  talkUrl(camera: CameraRef): Promise<string> {
    return this.streamPath('talk', camera, '/api/v1/talk/path', { ...this.device(camera), protocol: 'tcp' });
  }

  /** records {StartTime, EndTime} → data.records; then invite with startTime/endTime for the range. */
  async playbacks(camera: CameraRef, begin: Date, end: Date) {
    const range = { StartTime: formatChinaTime(begin), EndTime: formatChinaTime(end) };
    const data = await this.call('records', camera, '/api/v1/records', { ...this.device(camera), ...range });
    const records = field(data, 'records');
    const playbacks: PlaybackRecord[] = (Array.isArray(records) ? records : []).flatMap((record) => {
      const from = field(record, 'StartTime');
      const to = field(record, 'EndTime');
      return typeof from === 'string' && typeof to === 'string' ? [{ beginTime: from, endTime: to }] : [];
    });
    if (playbacks.length === 0) return { url: '', playbacks };
    const url = await this.streamPath('playback', camera, '/api/v1/invite', {
      ...this.device(camera),
      startTime: range.StartTime,
      endTime: range.EndTime,
    });
    return { url, playbacks };
  }

  /** ptz {command: a direction, zoomIn, zoomOut or stop; speed 160}. */
  async ptz(camera: CameraRef, command: PtzCommand): Promise<void> {
    await this.call('ptz', camera, '/api/v1/ptz', {
      ...this.device(camera),
      command: command.action === 'stop' ? 'stop' : command.direction,
      speed: CameraLimits.LINK_PTZ_SPEED,
    });
  }

  /** The platform shows no snapshot call. */
  async snapshot(): Promise<Buffer | null> {
    return null;
  }

  /** webrtc {token, streamPath, offer, type: play | push} → data.answer (SDP), passed through unread. */
  async webrtcAnswer(
    camera: CameraRef,
    streamPath: string,
    offer: string,
    mode: WebRtcMode,
  ): Promise<string> {
    const data = await this.call('webrtc', camera, '/api/v1/webrtc', { streamPath, offer, type: mode });
    const answer = field(data, 'answer');
    if (typeof answer !== 'string' || answer === '') throw vendorFailure('webrtc', 'no-answer');
    return answer;
  }

  /** talk/start or talk/stop {serial, channel, streamPath}. */
  async talk(camera: CameraRef, streamPath: string, action: 'start' | 'stop'): Promise<void> {
    await this.call('talkChannel', camera, `/api/v1/talk/${action}`, { ...this.device(camera), streamPath });
  }

  /** bye {streamPath}. */
  async bye(camera: CameraRef, streamPath: string): Promise<void> {
    await this.call('play', camera, '/api/v1/bye', { streamPath });
  }
}
