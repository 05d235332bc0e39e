import { AggType, CameraMessages, type PlaybackRecord } from '@iot/contracts/cameras';
import { type CameraBackend, CameraBackendError, type CameraRef, type PtzCommand } from '../backend.js';
import { PresetInstruction, ptzMove, ptzPreset, ptzStop } from '../gb28181/ptz-cmd.js';
import { formatChinaTime } from './china-time.js';
import { asOperation, type VendorOperation, vendorFailure } from './vendor-errors.js';
import { field, joinUrl, vendorBytes, vendorJson } from './vendor-http.js';

/**
 * GB28181 cameras (decisions 0065, 0070): a security-management platform speaks SIP with the
 * devices (REGISTER, INVITE, MESSAGE) and a ZLMediaKit-style media server receives their RTP and
 * serves it. This adapter talks HTTP to the media server (`/index/api/…?secret=`, answers
 * `{code: 0, …}`) and asks the platform — the Gb28181Signalling seam, filled by the built-in SIP
 * server (features/cameras/gb28181/) when CAMERA_GB28181_SIP_PASSWORD is set — for the rest.
 */
export interface ZlmSettings {
  /** CAMERA_GB28181_MEDIA_URL: the media server's HTTP API. Absent: nothing plays. */
  apiUrl: string | undefined;
  /** CAMERA_GB28181_MEDIA_SECRET: its api.secret. */
  secret: string | undefined;
  /** CAMERA_GB28181_PLAY_URL: where browsers reach its HTTP-FLV (default: apiUrl). */
  playUrl: string | undefined;
  /** CAMERA_GB28181_MEDIA_IP: where devices send RTP (default: apiUrl's host). */
  rtpIp?: string | undefined;
  timeoutMs: number;
}

/** What the security-management platform is asked to do; one implementation per platform product. */
export interface Gb28181Signalling {
  /** The SIP id of the device's channel a camera's channelNo names. */
  channelId(deviceId: string, channelNo: number): Promise<string>;
  /**
   * INVITE the device's channel to send PS-over-RTP to the media server's address and port
   * (whose RTP server was opened for this stream id); with `playback`, the recording of that range.
   */
  invite(request: {
    deviceId: string;
    channelId: string;
    mediaIp: string;
    mediaPort: number;
    streamId: string;
    playback?: { begin: Date; end: Date };
  }): Promise<void>;
  /** BYE: the stream is no longer wanted. */
  bye(streamId: string): Promise<void>;
  /** Whether the platform holds a dialog for the stream. */
  running(streamId: string): boolean;
  /** RecordInfo: the channel's recordings within the range. */
  records(deviceId: string, channelId: string, begin: Date, end: Date): Promise<{ begin: Date; end: Date }[]>;
  /** DeviceControl with this PTZCmd (16 hex digits). */
  ptz(deviceId: string, channelId: string, command: string): Promise<void>;
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
  /** PTZ, presets and playback go through the platform's SIP; talk (broadcast) is not built (decision 0070). */
  readonly supports: CameraBackend['supports'];
  /** Streams being invited now, by stream id. */
  private readonly starting = new Map<string, Promise<string>>();

  constructor(
    private readonly media: ZlmSettings,
    private readonly signalling: Gb28181Signalling | null = null,
  ) {
    const sip = signalling !== null;
    this.supports = { ptz: sip, talk: false, playback: sip, presets: sip };
  }

  /** The stream id of a device channel: `<device id>_<channel no>` (the platforms' usual convention). */
  streamId(camera: CameraRef): string {
    return `${camera.deviceSerial}_${camera.channelNo}`;
  }

  /** A recording's stream id: the live one with the range in epoch seconds. */
  playbackStreamId(camera: CameraRef, begin: Date, end: Date): string {
    return `${this.streamId(camera)}_${Math.floor(begin.getTime() / 1000)}_${Math.floor(end.getTime() / 1000)}`;
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

  /** Where devices send RTP: the configured address, else the media server API's host. */
  private rtpIp(): string {
    if (this.media.rtpIp) return this.media.rtpIp;
    try {
      return new URL(this.media.apiUrl ?? '').hostname;
    } catch {
      return '127.0.0.1';
    }
  }

  /** One step that asks the platform: its failures become the operation's message (the cause kept as the code). */
  private async sip<T>(
    operation: VendorOperation,
    step: (signalling: Gb28181Signalling) => Promise<T>,
  ): Promise<T> {
    const signalling = this.signalling;
    if (!signalling) throw vendorFailure(operation, 'no-signalling');
    try {
      return await step(signalling);
    } catch (error) {
      if (error instanceof CameraBackendError) throw error;
      const status = (error as { status?: unknown }).status;
      throw vendorFailure(operation, typeof status === 'number' ? status : ((error as Error).name ?? 'sip'));
    }
  }

  /**
   * Opens an RTP server for the stream, has the platform INVITE the channel to it and waits until
   * the stream appears (up to 8 s; else closeRtpServer and BYE). A dialog the platform still holds
   * for a stream the media server no longer has is ended first.
   */
  private startStream(
    operation: VendorOperation,
    camera: Pick<CameraRef, 'deviceSerial' | 'channelNo'>,
    streamId: string,
    playback?: { begin: Date; end: Date },
  ): Promise<string> {
    // Two viewers (or a viewer and the media server's hook) at once: one INVITE, both wait for it.
    const under = this.starting.get(streamId);
    if (under) return under;
    const started = this.inviteStream(operation, camera, streamId, playback).finally(() =>
      this.starting.delete(streamId),
    );
    this.starting.set(streamId, started);
    return started;
  }

  private async inviteStream(
    operation: VendorOperation,
    camera: Pick<CameraRef, 'deviceSerial' | 'channelNo'>,
    streamId: string,
    playback?: { begin: Date; end: Date },
  ): Promise<string> {
    const channelId = await this.sip(operation, (s) => s.channelId(camera.deviceSerial, camera.channelNo));
    if (this.signalling?.running(streamId)) await this.signalling.bye(streamId).catch(() => undefined);
    await this.api(operation, 'closeRtpServer', { stream_id: streamId }).catch(() => undefined);
    const opened = await this.api(operation, 'openRtpServer', {
      port: '0',
      tcp_mode: '0',
      stream_id: streamId,
    });
    const mediaPort = Number(field(opened, 'port'));
    try {
      await this.sip(operation, (s) =>
        s.invite({
          deviceId: camera.deviceSerial,
          channelId,
          mediaIp: this.rtpIp(),
          mediaPort,
          streamId,
          ...(playback ? { playback } : {}),
        }),
      );
    } catch (error) {
      await this.api(operation, 'closeRtpServer', { stream_id: streamId }).catch(() => undefined);
      throw error;
    }
    const deadline = Date.now() + STREAM_WAIT_MS;
    while (Date.now() < deadline) {
      if (await this.online(operation, streamId)) return this.flvUrl(streamId);
      await new Promise((resolve) => setTimeout(resolve, STREAM_POLL_MS));
    }
    await this.endStream(streamId);
    throw vendorFailure(operation, 'stream-timeout');
  }

  /** BYE and closeRtpServer; neither failing matters (the stream is unwanted either way). */
  private async endStream(streamId: string): Promise<void> {
    await this.signalling?.bye(streamId).catch(() => undefined);
    await this.api('play', 'closeRtpServer', { stream_id: streamId }).catch(() => undefined);
  }

  /**
   * The stream's HTTP-FLV address on the media server. A stream already there is re-used; one not
   * there is invited through the platform; without one it cannot play.
   */
  async playUrl(camera: CameraRef): Promise<string> {
    const streamId = this.streamId(camera);
    if (await this.online('play', streamId)) return this.flvUrl(streamId);
    if (!this.signalling) throw vendorFailure('play', 'no-stream');
    return this.startStream('play', camera, streamId);
  }

  async talkUrl(): Promise<string> {
    throw new CameraBackendError(CameraMessages.NO_TALK);
  }

  /**
   * RecordInfo over the range; none answers `{url: '', playbacks: []}` (当前时间段内没有回放).
   * Otherwise the range is INVITEd with s=Playback and played like a live stream.
   */
  async playbacks(
    camera: CameraRef,
    begin: Date,
    end: Date,
  ): Promise<{ url: string; playbacks: PlaybackRecord[] }> {
    if (!this.signalling) throw new CameraBackendError(CameraMessages.NO_PLAYBACK);
    const channelId = await this.sip('records', (s) => s.channelId(camera.deviceSerial, camera.channelNo));
    const records = await this.sip('records', (s) => s.records(camera.deviceSerial, channelId, begin, end));
    const playbacks = records.map((r) => ({
      beginTime: formatChinaTime(r.begin),
      endTime: formatChinaTime(r.end),
    }));
    if (playbacks.length === 0) return { url: '', playbacks };
    const streamId = this.playbackStreamId(camera, begin, end);
    if (await this.online('playback', streamId)) return { url: this.flvUrl(streamId), playbacks };
    return { url: await this.startStream('playback', camera, streamId, { begin, end }), playbacks };
  }

  /** DeviceControl PTZCmd: a move (until stop) or zoom at the speed, or stop. */
  async ptz(camera: CameraRef, command: PtzCommand): Promise<void> {
    if (!this.signalling) throw new CameraBackendError(CameraMessages.NO_PTZ);
    const code = command.action === 'stop' ? ptzStop() : ptzMove(command.direction, command.speed);
    await this.control('ptz', camera, code);
  }

  async presetGoto(camera: CameraRef, index: number): Promise<void> {
    await this.control('preset', camera, ptzPreset(PresetInstruction.CALL, index));
  }

  async presetSet(camera: CameraRef, index: number): Promise<void> {
    await this.control('preset', camera, ptzPreset(PresetInstruction.SET, index));
  }

  private async control(operation: VendorOperation, camera: CameraRef, code: string): Promise<void> {
    if (!this.signalling) throw new CameraBackendError(CameraMessages.NO_PTZ);
    const channelId = await this.sip(operation, (s) => s.channelId(camera.deviceSerial, camera.channelNo));
    await this.sip(operation, (s) => s.ptz(camera.deviceSerial, channelId, code));
  }

  /**
   * The viewer is done (the bye route): the named stream — a playback address, or else the
   * camera's live stream — is ended with BYE and its RTP server closed.
   */
  async endSession(camera: CameraRef, streamPath: string): Promise<void> {
    const named = /\/rtp\/([^/?]+)\.live\.flv/.exec(streamPath)?.[1];
    const streamId = named ? decodeURIComponent(named) : this.streamId(camera);
    // Only this camera's streams: a path naming another camera's stream is ignored.
    if (streamId !== this.streamId(camera) && !streamId.startsWith(`${this.streamId(camera)}_`)) return;
    await this.endStream(streamId);
  }

  /**
   * A player asked the media server for a live stream it does not have (its on_stream_not_found
   * hook): a play URL handed out earlier (the routes keep one 5 minutes) outlived its stream, so
   * the channel is invited again. Answers at once whether it will be; the media server waits.
   */
  streamWanted(streamId: string): boolean {
    const match = /^(\d{20})_(\d{1,4})$/.exec(streamId);
    if (!this.signalling || !match || this.signalling.running(streamId)) return false;
    const device = { deviceSerial: match[1] ?? '', channelNo: Number(match[2]) };
    void this.startStream('play', device, streamId).catch(() => undefined);
    return true;
  }

  /** The media server says nobody watches the stream any more (its on_stream_none_reader hook). */
  async noReader(streamId: string): Promise<boolean> {
    if (!this.signalling?.running(streamId)) return false;
    await this.endStream(streamId);
    return true;
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
