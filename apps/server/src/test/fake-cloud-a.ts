import {
  type FakeAnswer,
  type FakeCall,
  type FakeVendorServer,
  fakeJpeg,
  randomToken,
  startFakeVendorServer,
} from './fake-vendor-server.js';
import { CORS, streamTestPatternFlv } from './media-streams.js';

/** A camera the fake Ezviz-style platform knows. */
export interface FakeCloudADevice {
  serial: string;
  channels: number;
  online: boolean;
  /** Stream password when video encryption is on. */
  encryptCode?: string;
  /** Recordings, epoch ms; recType 1 in the cloud, 2 (default) on the device. */
  records?: { startTime: number; endTime: number; recType?: 1 | 2 }[];
  /** Where capture says the picture is (default: this server's /pictures/…). */
  pictureUrl?: string;
}

export interface FakeCloudA extends FakeVendorServer {
  addDevice(device: FakeCloudADevice): void;
  /** Makes every issued token expired (the platform answers 10002). */
  expireTokens(): void;
  /** Tokens issued so far. */
  readonly issuedTokens: number;
}

export interface FakeCloudAOptions {
  appKey: string;
  appSecret: string;
  /** How long a token lives (the platform: 7 days). */
  tokenTtlMs?: number;
  now?: () => number;
}

/** How long the fake's device-record playback stream lasts. */
export const RECORD_SECONDS = 30;

const ok = (data: unknown = null): FakeAnswer => ({ json: { code: '200', msg: '操作成功!', data } });
const fail = (code: string, msg: string): FakeAnswer => ({ json: { code, msg } });

/**
 * A local server speaking cloud service A's documented API (Ezviz Open Platform style): form POSTs,
 * `{code, msg, data}` answers with the platform's codes — 10001 parameters, 10002 accessToken
 * expired, 10017 appKey unknown, 10030 appKey and appSecret do not match, 20002 device unknown,
 * 20007 offline, 60019 encrypted stream without its password, 20032 channel unknown. Its FLV
 * addresses (`/flv/{serial}/{channel}.live.flv`, `.rec.flv`) stream a real test pattern with CORS
 * headers, as the vendor's CDN does: live endless, a device-record playback RECORD_SECONDS long.
 */
export async function startFakeCloudA(options: FakeCloudAOptions): Promise<FakeCloudA> {
  const now = options.now ?? Date.now;
  const ttl = options.tokenTtlMs ?? 7 * 24 * 3600_000;
  const tokens = new Map<string, number>();
  const devices = new Map<string, FakeCloudADevice>();
  let issued = 0;
  let server: FakeVendorServer;

  const device = (call: FakeCall): { device: FakeCloudADevice } | { refusal: FakeAnswer } => {
    const found = devices.get(call.form.deviceSerial ?? '');
    if (!call.form.deviceSerial) return { refusal: fail('10001', '参数错误') };
    if (!found) return { refusal: fail('20002', '设备不存在') };
    const channel = Number(call.form.channelNo ?? '1');
    if (!Number.isInteger(channel) || channel < 1 || channel > found.channels)
      return { refusal: fail('20032', '该用户下通道不存在') };
    if (!found.online) return { refusal: fail('20007', '设备不在线') };
    return { device: found };
  };

  const handle = (call: FakeCall): FakeAnswer => {
    if (call.method === 'GET' && call.path.startsWith('/flv/')) {
      const match = /^\/flv\/([^/]+)\/\d+\.(live|rec)\.flv$/.exec(call.path);
      if (!match || !devices.get(match[1] ?? '')?.online) return { status: 404 };
      const seconds = match[2] === 'rec' ? RECORD_SECONDS : undefined;
      return { stream: (req, res) => void streamTestPatternFlv(req, res, { seconds, headers: CORS }) };
    }
    if (call.method === 'GET' && call.path.startsWith('/pictures/'))
      return call.path.endsWith('.jpg')
        ? { bytes: fakeJpeg(call.path.slice('/pictures/'.length)), contentType: 'image/jpeg' }
        : { json: { secret: 'not a picture' } };
    if (call.method !== 'POST') return { status: 405 };
    if (call.path === '/api/lapp/token/get') {
      if (!call.form.appKey || !call.form.appSecret) return fail('10001', '参数错误');
      if (call.form.appKey !== options.appKey) return fail('10017', 'appKey不存在');
      if (call.form.appSecret !== options.appSecret) return fail('10030', 'appkey和appSecret不匹配');
      const accessToken = randomToken('at.');
      const expireTime = now() + ttl;
      tokens.set(accessToken, expireTime);
      issued++;
      return ok({ accessToken, expireTime });
    }
    const expiry = tokens.get(call.form.accessToken ?? '');
    if (expiry === undefined || expiry <= now()) return fail('10002', 'accessToken过期或异常');
    const checked = device(call);
    if ('refusal' in checked) return checked.refusal;
    const found = checked.device;
    switch (call.path) {
      case '/api/lapp/v2/live/address/get': {
        const protocol = call.form.protocol ?? '1';
        const type = call.form.type ?? '1';
        if (!['1', '2', '3', '4'].includes(protocol) || !['1', '2', '3'].includes(type))
          return fail('10001', '参数错误');
        if (found.encryptCode && call.form.code !== found.encryptCode) return fail('60019', '加密已开启');
        if (type !== '1' && (!call.form.startTime || !call.form.stopTime)) return fail('10001', '参数错误');
        // Cloud-record playback is offered as ezopen only.
        if (type === '3' && protocol !== '1') return fail('10001', '参数错误');
        const channel = call.form.channelNo ?? '1';
        const suffix = type === '1' ? 'live' : 'rec';
        const url =
          protocol === '4'
            ? `${server.baseUrl}/flv/${found.serial}/${channel}.${suffix}.flv`
            : `ezopen://open.ys7.com/${found.serial}/${channel}.${suffix}`;
        return ok({ id: randomToken(''), url, expireTime: '2099-01-01 00:00:00' });
      }
      case '/api/lapp/device/ptz/start':
      case '/api/lapp/device/ptz/stop': {
        const direction = Number(call.form.direction ?? (call.path.endsWith('stop') ? '0' : 'x'));
        if (!Number.isInteger(direction) || direction < 0 || direction > 11) return fail('10001', '参数错误');
        if (call.path.endsWith('start') && !['0', '1', '2'].includes(call.form.speed ?? ''))
          return fail('10001', '参数错误');
        return ok();
      }
      case '/api/lapp/device/capture':
        return ok({
          picUrl:
            found.pictureUrl ??
            `${server.baseUrl}/pictures/${found.serial}-${call.form.channelNo ?? '1'}.jpg`,
        });
      case '/api/lapp/video/by/time': {
        const from = Number(call.form.startTime);
        const to = Number(call.form.endTime);
        if (!Number.isFinite(from) || !Number.isFinite(to)) return fail('10001', '参数错误');
        const records = (found.records ?? []).filter((r) => r.endTime > from && r.startTime < to);
        return ok(records.map((r, i) => ({ id: String(i), recType: r.recType ?? 2, ...r })));
      }
      case '/api/lapp/device/preset/move':
        return /^\d+$/.test(call.form.index ?? '') ? ok() : fail('10001', '参数错误');
      default:
        return { status: 404 };
    }
  };

  server = await startFakeVendorServer(handle);
  return {
    ...server,
    addDevice: (d: FakeCloudADevice) => void devices.set(d.serial, d),
    expireTokens: () => {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
    get issuedTokens() {
      return issued;
    },
  };
}
