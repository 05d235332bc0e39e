import { AggType, type PlaybackRecord, type PtzDirection } from '@iot/contracts/cameras';
import type { CameraAccountRef, CameraBackend, CameraRef, PtzCommand } from '../backend.js';
import type { PlayerTokenBackend } from './capabilities.js';
import { formatChinaTime } from './china-time.js';
import { TokenCache } from './token-cache.js';
import { asOperation, type VendorOperation, vendorFailure } from './vendor-errors.js';
import { field, joinUrl, vendorBytes, vendorJson } from './vendor-http.js';

/**
 * Cloud camera service A, in the style of the Ezviz (萤石) Open Platform HTTP API: form-encoded POSTs
 * under /api/lapp/…, answers `{code: "200", msg, data}` (decision 0065 lists the calls).
 */
export interface CloudAOptions {
  /** The vendor's API when the account names none (https://open.ys7.com). */
  defaultBaseUrl: string;
  timeoutMs: number;
  now?: () => number;
}

const SUCCESS = '200';
/** accessToken expired or invalid: fetch a new one and try the call once more. */
const TOKEN_EXPIRED = '10002';
/** The platform's PTZ direction codes. */
const DIRECTIONS: Record<PtzDirection, number> = {
  up: 0,
  down: 1,
  left: 2,
  right: 3,
  upLeft: 4,
  downLeft: 5,
  upRight: 6,
  downRight: 7,
  zoomIn: 8,
  zoomOut: 9,
};
/** Its stream protocols and address types (v2 live address). */
const PROTOCOL = { ezopen: '1', flv: '4' } as const;
const ADDRESS_TYPE = { live: '1', localPlayback: '2', cloudPlayback: '3' } as const;
/** A record's recType: 1 stored in the vendor's cloud, 2 on the device. */
const CLOUD_RECORD = 1;
/** A live address lives an hour; the routes keep it five minutes. */
const ADDRESS_EXPIRE_SECONDS = '3600';
/** The token lasts 7 days; take a new one an hour before. */
const TOKEN_MARGIN_MS = 3600_000;

class EzvizCode extends Error {
  constructor(readonly code: string) {
    super(`vendor code ${code}`);
  }
}

export class CloudABackend implements CameraBackend, PlayerTokenBackend {
  readonly aggType = AggType.CLOUD_A;
  readonly supports = { ptz: true, talk: true, playback: true, presets: true };
  private readonly tokens: TokenCache;

  constructor(private readonly options: CloudAOptions) {
    this.tokens = new TokenCache(TOKEN_MARGIN_MS, options.now);
  }

  private base(account: CameraAccountRef): string {
    return account.baseUrl || this.options.defaultBaseUrl;
  }

  private account(camera: CameraRef): CameraAccountRef {
    if (!camera.account) throw vendorFailure('token', 'no-account');
    return camera.account;
  }

  private tokenKey(account: CameraAccountRef): string {
    return `${account.id}|${this.base(account)}|${account.appKey}`;
  }

  /** POST /api/lapp/token/get {appKey, appSecret} → data {accessToken, expireTime (epoch ms)}. */
  private accessToken(account: CameraAccountRef): Promise<string> {
    return this.tokens.get(this.tokenKey(account), () =>
      asOperation('token', async () => {
        const answer = await vendorJson({
          url: joinUrl(this.base(account), '/api/lapp/token/get'),
          form: { appKey: account.appKey, appSecret: account.appSecret },
          timeoutMs: this.options.timeoutMs,
        });
        const code = String(field(answer, 'code'));
        const data = field(answer, 'data');
        const value = field(data, 'accessToken');
        const expiresAt = Number(field(data, 'expireTime'));
        if (code !== SUCCESS || typeof value !== 'string' || !Number.isFinite(expiresAt))
          throw vendorFailure('token', code);
        return { value, expiresAt };
      }),
    );
  }

  /** One authorised call; a token the platform calls expired is replaced once. */
  private async call(
    operation: VendorOperation,
    camera: CameraRef,
    path: string,
    form: Record<string, string>,
  ): Promise<unknown> {
    const account = this.account(camera);
    for (let attempt = 0; ; attempt++) {
      const accessToken = await this.accessToken(account);
      try {
        return await asOperation(operation, async () => {
          const answer = await vendorJson({
            url: joinUrl(this.base(account), path),
            form: { accessToken, ...form },
            timeoutMs: this.options.timeoutMs,
          });
          const code = String(field(answer, 'code'));
          if (code !== SUCCESS) throw new EzvizCode(code);
          return field(answer, 'data');
        });
      } catch (error) {
        if (!(error instanceof EzvizCode)) throw error;
        if (error.code === TOKEN_EXPIRED && attempt === 0) {
          this.tokens.forget(this.tokenKey(account));
          continue;
        }
        throw vendorFailure(error.code === TOKEN_EXPIRED ? 'token' : operation, error.code);
      }
    }
  }

  private device(camera: CameraRef): Record<string, string> {
    return { deviceSerial: camera.deviceSerial, channelNo: String(camera.channelNo) };
  }

  /** The stream password of an encrypted camera (ifEncrypt 2). */
  private code(camera: CameraRef): Record<string, string> {
    return camera.validateCode ? { code: camera.validateCode } : {};
  }

  private async address(operation: VendorOperation, camera: CameraRef, form: Record<string, string>) {
    const data = await this.call(operation, camera, '/api/lapp/v2/live/address/get', {
      ...this.device(camera),
      ...this.code(camera),
      expireTime: ADDRESS_EXPIRE_SECONDS,
      ...form,
    });
    const url = field(data, 'url');
    if (typeof url !== 'string' || url === '') throw vendorFailure(operation, 'no-url');
    return url;
  }

  playerToken(camera: CameraRef): Promise<string> {
    return this.accessToken(this.account(camera));
  }

  /** An HTTP-FLV live address (protocol 4, type 1). */
  playUrl(camera: CameraRef): Promise<string> {
    return this.address('play', camera, { protocol: PROTOCOL.flv, type: ADDRESS_TYPE.live, quality: '1' });
  }

  /** Talk runs in the vendor's web player on its ezopen address, with playerToken. */
  talkUrl(camera: CameraRef): Promise<string> {
    return this.address('talk', camera, { protocol: PROTOCOL.ezopen, type: ADDRESS_TYPE.live });
  }

  /**
   * Records by time (/api/lapp/video/by/time, epoch ms, recType 0 = the platform picks cloud or
   * local), then a playback address over the asked range: HTTP-FLV of the device's own records
   * (type 2); cloud records (type 3) play only as ezopen, in the vendor's player.
   */
  async playbacks(camera: CameraRef, begin: Date, end: Date) {
    const data = await this.call('records', camera, '/api/lapp/video/by/time', {
      ...this.device(camera),
      startTime: String(begin.getTime()),
      endTime: String(end.getTime()),
      recType: '0',
    });
    const records = Array.isArray(data) ? data : [];
    const playbacks: PlaybackRecord[] = records.flatMap((record) => {
      const from = Number(field(record, 'startTime'));
      const to = Number(field(record, 'endTime'));
      if (!Number.isFinite(from) || !Number.isFinite(to)) return [];
      return [{ beginTime: formatChinaTime(from), endTime: formatChinaTime(to) }];
    });
    if (playbacks.length === 0) return { url: '', playbacks };
    const cloud = Number(field(records[0], 'recType')) === CLOUD_RECORD;
    const url = await this.address('playback', camera, {
      protocol: cloud ? PROTOCOL.ezopen : PROTOCOL.flv,
      type: cloud ? ADDRESS_TYPE.cloudPlayback : ADDRESS_TYPE.localPlayback,
      startTime: formatChinaTime(begin),
      stopTime: formatChinaTime(end),
    });
    return { url, playbacks };
  }

  /** Start moves until stop; speed 0 slow, 1 medium, 2 fast (project calls send 1). */
  async ptz(camera: CameraRef, command: PtzCommand): Promise<void> {
    const direction = String(DIRECTIONS[command.direction]);
    if (command.action === 'stop') {
      await this.call('ptz', camera, '/api/lapp/device/ptz/stop', { ...this.device(camera), direction });
      return;
    }
    const speed = String(Math.min(2, Math.max(0, Math.round(command.speed))));
    await this.call('ptz', camera, '/api/lapp/device/ptz/start', {
      ...this.device(camera),
      direction,
      speed,
    });
  }

  /** The device captures a picture (/api/lapp/device/capture → data.picUrl), fetched here. */
  async snapshot(camera: CameraRef): Promise<Buffer | null> {
    const data = await this.call('snapshot', camera, '/api/lapp/device/capture', this.device(camera));
    const picUrl = field(data, 'picUrl');
    if (typeof picUrl !== 'string' || picUrl === '') return null;
    const picture = await asOperation('snapshot', () =>
      vendorBytes({ url: picUrl, timeoutMs: this.options.timeoutMs }),
    );
    return picture.body;
  }

  /** Moves to a preset the device stored (/api/lapp/device/preset/move). */
  async presetGoto(camera: CameraRef, index: number): Promise<void> {
    await this.call('preset', camera, '/api/lapp/device/preset/move', {
      ...this.device(camera),
      index: String(index),
    });
  }
}
