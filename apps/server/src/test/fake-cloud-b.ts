import { cloudBSign } from '../features/cameras/backends/cloud-b-sign.js';
import {
  type FakeAnswer,
  type FakeCall,
  type FakeVendorServer,
  fakeJpeg,
  randomToken,
  startFakeVendorServer,
} from './fake-vendor-server.js';
import { HlsPatterns } from './media-streams.js';

/** A camera the fake Imou-style platform knows. */
export interface FakeCloudBDevice {
  deviceId: string;
  channels: number;
  online: boolean;
  /** Local records, 'YYYY-MM-DD HH:mm:ss' China time (compared as text, as they sort). */
  records?: { beginTime: string; endTime: string }[];
  /** Whether bindDeviceLive was called for it (getLiveStreamInfo answers LV1002 until then). */
  liveBound?: boolean;
  /** The snapshot is not stored yet: its address answers 404. */
  snapPending?: boolean;
}

export interface FakeCloudB extends FakeVendorServer {
  addDevice(device: FakeCloudBDevice): void;
  device(deviceId: string): FakeCloudBDevice | undefined;
  /** Makes every issued administrator token expired (TK1002). */
  expireTokens(): void;
}

export interface FakeCloudBOptions {
  appId: string;
  appSecret: string;
  /** Seconds an administrator token lives (the platform: 3 days). */
  tokenTtlSeconds?: number;
  now?: () => number;
}

const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
/** How far the request's time may be from the platform's clock. */
const MAX_SKEW_SECONDS = 300;

/**
 * A local server speaking cloud service B's documented API (Imou / 乐橙 Open API style): JSON
 * envelopes `{system: {ver, appId, sign, time, nonce}, id, params}` checked as the platform does —
 * md5 signature over time, nonce and appSecret (SN1001), a time within five minutes and a nonce
 * used once (SN1002), the administrator token (TK1002) — answering `{result: {code, msg, data}, id}`
 * with code "0" on success. Device cases: DV1003 unknown device or channel, DV1007 offline,
 * LV1001/LV1002 live address exists / does not exist, OP1001 bad parameter. Its HLS addresses
 * (`/hls/{deviceId}/{channel}/{streamId}.m3u8`) serve a real live test pattern with CORS headers,
 * as the vendor's CDN does, for a bound, online device.
 */
export async function startFakeCloudB(options: FakeCloudBOptions): Promise<FakeCloudB> {
  const now = options.now ?? Date.now;
  const ttl = options.tokenTtlSeconds ?? 3 * 24 * 3600;
  const tokens = new Map<string, number>();
  const nonces = new Set<string>();
  const devices = new Map<string, FakeCloudBDevice>();
  let server: FakeVendorServer;
  const hls = new HlsPatterns();

  const handle = (call: FakeCall): FakeAnswer => {
    if (call.method === 'GET' && call.path.startsWith('/hls/')) {
      const match = /^\/hls\/([^/]+)\/(\d+)\/([^/]+)$/.exec(call.path);
      const found = devices.get(match?.[1] ?? '');
      if (!match || !found?.online || !found.liveBound) return { status: 404 };
      return { stream: (_req, res) => hls.serve(`${match[1]}/${match[2]}`, match[3] ?? '', res) };
    }
    if (call.method === 'GET' && call.path.startsWith('/snap/')) {
      const id = call.path.slice('/snap/'.length).split('-')[0] ?? '';
      if (devices.get(id)?.snapPending) return { status: 404 };
      return { bytes: fakeJpeg(call.path.slice('/snap/'.length)), contentType: 'image/jpeg' };
    }
    if (call.method !== 'POST' || !call.path.startsWith('/openapi/')) return { status: 404 };
    const body = call.json as {
      system?: { ver?: string; appId?: string; sign?: string; time?: number; nonce?: string };
      id?: string;
      params?: Record<string, unknown>;
    };
    const answer = (code: string, msg: string, data?: unknown): FakeAnswer => ({
      json: { result: { code, msg, ...(data === undefined ? {} : { data }) }, id: body?.id ?? '' },
    });
    const system = body?.system;
    if (system?.ver !== '1.0' || system.appId !== options.appId || typeof system.nonce !== 'string')
      return answer('SN1001', '签名校验失败');
    const time = Number(system.time);
    if (system.sign !== cloudBSign(time, system.nonce, options.appSecret))
      return answer('SN1001', '签名校验失败');
    if (Math.abs(time - now() / 1000) > MAX_SKEW_SECONDS || nonces.has(system.nonce))
      return answer('SN1002', '请求已过期或重复');
    nonces.add(system.nonce);
    const params = body.params ?? {};
    const method = call.path.slice('/openapi/'.length);
    if (method === 'accessToken') {
      const accessToken = randomToken('At_');
      tokens.set(accessToken, now() + ttl * 1000);
      return answer('0', '操作成功。', { accessToken, expireTime: ttl });
    }
    const expiry = tokens.get(String(params.token ?? ''));
    if (expiry === undefined || expiry <= now()) return answer('TK1002', 'accessToken失效');
    const device = devices.get(String(params.deviceId ?? ''));
    const channel = Number(params.channelId);
    if (!device || !Number.isInteger(channel) || channel < 0 || channel >= device.channels)
      return answer('DV1003', '设备或通道不存在');
    if (!device.online) return answer('DV1007', '设备离线');
    const streams = () =>
      [0, 1].map((streamId) => ({
        streamId,
        hls: `${server.baseUrl}/hls/${device.deviceId}/${channel}/${streamId}.m3u8`,
        coverUrl: `${server.baseUrl}/snap/${device.deviceId}-${channel}.jpg`,
      }));
    switch (method) {
      case 'getKitToken':
        if (!['0', '1', '2', '6'].includes(String(params.type))) return answer('OP1001', '参数错误');
        return answer('0', '操作成功。', { kitToken: randomToken('Kt_') });
      case 'getLiveStreamInfo':
        return device.liveBound
          ? answer('0', '操作成功。', { streams: streams() })
          : answer('LV1002', '直播不存在');
      case 'bindDeviceLive':
        if (device.liveBound) return answer('LV1001', '直播已存在');
        device.liveBound = true;
        return answer('0', '操作成功。', {
          streams: streams().filter((s) => s.streamId === Number(params.streamId ?? 0)),
        });
      case 'controlMovePTZ': {
        const operation = Number(params.operation);
        const duration = Number(params.duration);
        if (!Number.isInteger(operation) || operation < 0 || operation > 10 || !(duration > 0))
          return answer('OP1001', '参数错误');
        return answer('0', '操作成功。', {});
      }
      case 'queryLocalRecords': {
        const begin = String(params.beginTime ?? '');
        const end = String(params.endTime ?? '');
        if (!TIME.test(begin) || !TIME.test(end) || !params.queryRange) return answer('OP1001', '参数错误');
        const records = (device.records ?? [])
          .filter((r) => r.endTime > begin && r.beginTime < end)
          .map((r, i) => ({ recordId: String(i + 1), type: 'All', fileLength: 1024, ...r }));
        return answer('0', '操作成功。', { records });
      }
      case 'setDeviceSnapEnhanced':
        return answer('0', '操作成功。', { url: `${server.baseUrl}/snap/${device.deviceId}-${channel}.jpg` });
      default:
        return answer('OP1002', '接口不存在');
    }
  };

  server = await startFakeVendorServer(handle);
  return {
    ...server,
    close: async () => {
      hls.close();
      await server.close();
    },
    addDevice: (d: FakeCloudBDevice) => void devices.set(d.deviceId, d),
    device: (id: string) => devices.get(id),
    expireTokens: () => {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
  };
}
