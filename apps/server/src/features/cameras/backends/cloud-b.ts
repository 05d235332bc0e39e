import { AggType, CameraLimits, type PlaybackRecord, type PtzDirection } from '@iot/contracts/cameras';
import {
  type CameraAccountRef,
  type CameraBackend,
  CameraBackendError,
  type CameraRef,
  type PtzCommand,
} from '../backend.js';
import type { PlayerTokenBackend } from './capabilities.js';
import { formatChinaTime } from './china-time.js';
import { cloudBEnvelope } from './cloud-b-sign.js';
import { TokenCache } from './token-cache.js';
import { asOperation, type VendorOperation, vendorFailure } from './vendor-errors.js';
import { field, joinUrl, VendorTransportError, vendorBytes, vendorJson } from './vendor-http.js';

/**
 * Cloud camera service B, in the style of the Imou / 乐橙 Open API: signed JSON envelopes
 * (cloud-b-sign.ts), answers `{result: {code, msg, data}, id}` with code "0" for success — the
 * adapter turns that into our success and every other code into a §8 message.
 */
export interface CloudBOptions {
  /** The vendor's API when the account names none (https://openapi.lechange.cn). */
  defaultBaseUrl: string;
  timeoutMs: number;
  now?: () => number;
}

const SUCCESS = '0';
/** The administrator token expired: fetch a new one and try the call once more. */
const TOKEN_EXPIRED = 'TK1002';
/** The live address does not exist yet (getLiveStreamInfo): create it with bindDeviceLive. */
const LIVE_MISSING = 'LV1002';
/** controlMovePTZ operation codes; 10 stops (CameraLimits.CLOUD_B_STOP_OPERATION). */
const OPERATIONS: Record<PtzDirection, number> = {
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
/** The administrator token lives 3 days; renew an hour before. */
const TOKEN_MARGIN_MS = 3600_000;
/** The kit token lives 2 hours; the vendor advises keeping it one hour. */
const KIT_TOKEN_LIFE_MS = 2 * 3600_000;
const KIT_TOKEN_MARGIN_MS = 3600_000;
/** getKitToken type 0: every right (live, playback, PTZ, talk) in the vendor's player. */
const KIT_TOKEN_ALL = '0';

class ImouCode extends Error {
  constructor(readonly code: string) {
    super(`vendor code ${code}`);
  }
}

export class CloudBBackend implements CameraBackend, PlayerTokenBackend {
  readonly aggType = AggType.CLOUD_B;
  readonly supports = { ptz: true, talk: true, playback: true, presets: false };
  private readonly tokens: TokenCache;
  private readonly kitTokens: TokenCache;
  private readonly now: () => number;

  constructor(private readonly options: CloudBOptions) {
    this.now = options.now ?? Date.now;
    this.tokens = new TokenCache(TOKEN_MARGIN_MS, this.now);
    this.kitTokens = new TokenCache(KIT_TOKEN_MARGIN_MS, this.now);
  }

  private base(account: CameraAccountRef): string {
    return account.baseUrl || this.options.defaultBaseUrl;
  }

  private account(camera: CameraRef): CameraAccountRef {
    if (!camera.account) throw vendorFailure('token', 'no-account');
    return camera.account;
  }

  private accountKey(account: CameraAccountRef): string {
    return `${account.id}|${this.base(account)}|${account.appKey}`;
  }

  /** One signed call; its result.data, or ImouCode with the vendor's code. */
  private async post(
    account: CameraAccountRef,
    method: string,
    params: Record<string, unknown>,
  ): Promise<unknown> {
    const answer = await vendorJson({
      url: joinUrl(this.base(account), `/openapi/${method}`),
      json: cloudBEnvelope(account.appKey, account.appSecret, params, this.now()),
      timeoutMs: this.options.timeoutMs,
    });
    const result = field(answer, 'result');
    const code = field(result, 'code');
    if (typeof code !== 'string') throw new VendorTransportError('format', 'no result.code');
    if (code !== SUCCESS) throw new ImouCode(code);
    return field(result, 'data');
  }

  /** accessToken {} → data {accessToken, expireTime: seconds it remains valid}. */
  private accessToken(account: CameraAccountRef): Promise<string> {
    return this.tokens.get(this.accountKey(account), () =>
      asOperation('token', async () => {
        try {
          const data = await this.post(account, 'accessToken', {});
          const value = field(data, 'accessToken');
          const seconds = Number(field(data, 'expireTime'));
          if (typeof value !== 'string' || !Number.isFinite(seconds)) throw vendorFailure('token', 'format');
          return { value, expiresAt: this.now() + seconds * 1000 };
        } catch (error) {
          if (error instanceof ImouCode) throw vendorFailure('token', error.code);
          throw error;
        }
      }),
    );
  }

  /** An authorised call (params.token); an expired token is replaced once. */
  private async call(
    operation: VendorOperation,
    camera: CameraRef,
    method: string,
    params: Record<string, unknown>,
  ): Promise<unknown> {
    const account = this.account(camera);
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken(account);
      try {
        return await asOperation(operation, () => this.post(account, method, { token, ...params }));
      } catch (error) {
        if (!(error instanceof ImouCode)) throw error;
        if (error.code === TOKEN_EXPIRED && attempt === 0) {
          this.tokens.forget(this.accountKey(account));
          continue;
        }
        // SN… (signature) and TK… (token) codes mean the account itself is refused.
        throw vendorFailure(/^(SN|TK)\d/.test(error.code) ? 'token' : operation, error.code);
      }
    }
  }

  private device(camera: CameraRef): Record<string, string> {
    return { deviceId: camera.deviceSerial, channelId: String(camera.channelNo) };
  }

  /** getKitToken {token, deviceId, channelId, type} → data.kitToken, for the vendor's web player. */
  playerToken(camera: CameraRef): Promise<string> {
    const key = `${this.accountKey(this.account(camera))}|${camera.deviceSerial}|${camera.channelNo}`;
    return this.kitTokens.get(key, async () => {
      const data = await this.call('token', camera, 'getKitToken', {
        ...this.device(camera),
        type: KIT_TOKEN_ALL,
      });
      const value = field(data, 'kitToken');
      if (typeof value !== 'string' || value === '') throw vendorFailure('token', 'format');
      return { value, expiresAt: this.now() + KIT_TOKEN_LIFE_MS };
    });
  }

  /** The HD (streamId 0) HLS address: getLiveStreamInfo, created first with bindDeviceLive if missing. */
  async playUrl(camera: CameraRef): Promise<string> {
    let data: unknown;
    try {
      data = await this.call('play', camera, 'getLiveStreamInfo', this.device(camera));
    } catch (error) {
      if (!(error instanceof CameraBackendError) || error.vendorCode !== LIVE_MISSING) throw error;
      data = await this.call('play', camera, 'bindDeviceLive', { ...this.device(camera), streamId: 0 });
    }
    const streams = field(data, 'streams');
    const list = Array.isArray(streams) ? streams : [];
    const hd = list.find((s) => Number(field(s, 'streamId')) === 0) ?? list[0];
    const hls = field(hd, 'hls');
    if (typeof hls !== 'string' || hls === '') throw vendorFailure('play', 'no-url');
    return hls;
  }

  /**
   * Talk runs in the vendor's player (imou:// address + kit token); the kit token is taken here so
   * a camera the platform refuses says 无法对讲，未获得对讲地址 at once.
   */
  async talkUrl(camera: CameraRef): Promise<string> {
    await this.playerToken(camera).catch((error: unknown) => {
      throw error instanceof CameraBackendError ? vendorFailure('talk', error.vendorCode) : error;
    });
    return `imou://open.lechange.com/${camera.deviceSerial}/${camera.channelNo}/1?streamId=0`;
  }

  /** Local (SD card) records by time, and the player's playback address over the range. */
  async playbacks(camera: CameraRef, begin: Date, end: Date) {
    const beginTime = formatChinaTime(begin);
    const endTime = formatChinaTime(end);
    const data = await this.call('records', camera, 'queryLocalRecords', {
      ...this.device(camera),
      beginTime,
      endTime,
      type: 'All',
      queryRange: '1-100',
    });
    const records = field(data, 'records');
    const playbacks: PlaybackRecord[] = (Array.isArray(records) ? records : []).flatMap((record) => {
      const from = field(record, 'beginTime');
      const to = field(record, 'endTime');
      return typeof from === 'string' && typeof to === 'string' ? [{ beginTime: from, endTime: to }] : [];
    });
    if (playbacks.length === 0) return { url: '', playbacks };
    const query = new URLSearchParams({ recordType: 'localRecord', beginTime, endTime });
    return {
      url: `imou://open.lechange.com/${camera.deviceSerial}/${camera.channelNo}/2?${query}`,
      playbacks,
    };
  }

  /** controlMovePTZ moves for 1000 ms per start (the player repeats it while held); stop is operation 10. */
  async ptz(camera: CameraRef, command: PtzCommand): Promise<void> {
    const operation =
      command.action === 'stop' ? CameraLimits.CLOUD_B_STOP_OPERATION : OPERATIONS[command.direction];
    await this.call('ptz', camera, 'controlMovePTZ', {
      ...this.device(camera),
      operation: String(operation),
      duration: String(CameraLimits.CLOUD_B_MOVE_MS),
    });
  }

  /**
   * setDeviceSnapEnhanced → data.url; the picture may take a moment to appear at that address
   * (HTTP 404 meanwhile), which is "no snapshot yet" (null), not a failure.
   */
  async snapshot(camera: CameraRef): Promise<Buffer | null> {
    const data = await this.call('snapshot', camera, 'setDeviceSnapEnhanced', this.device(camera));
    const url = field(data, 'url');
    if (typeof url !== 'string' || url === '') return null;
    try {
      return (await vendorBytes({ url, timeoutMs: this.options.timeoutMs })).body;
    } catch (error) {
      if (error instanceof VendorTransportError && error.status === 404) return null;
      return asOperation('snapshot', () => Promise.reject(error));
    }
  }
}
