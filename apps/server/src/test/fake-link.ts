import { randomBytes } from 'node:crypto';
import type { LinkMedia } from './fake-link-media.js';
import {
  type FakeAnswer,
  type FakeCall,
  type FakeVendorServer,
  startFakeVendorServer,
} from './fake-vendor-server.js';

/** A camera the fake link platform serves: our (groupId, cameraId) and the device behind it. */
export interface FakeLinkCamera {
  groupId: number;
  cameraId: number;
  serial: string;
  channels: number;
  online: boolean;
  records?: { StartTime: string; EndTime: string }[];
}

export interface FakeLinkSession {
  streamPath: string;
  kind: 'live' | 'playback' | 'talk';
  startTime?: string;
  endTime?: string;
  /** The offers negotiated on it, by type. */
  offers: { type: string; offer: string }[];
  talking: boolean;
  closed: boolean;
}

export interface FakeLink extends FakeVendorServer {
  addCamera(camera: FakeLinkCamera): void;
  sessions: FakeLinkSession[];
  /** The PTZ commands received, in order. */
  ptz: { serial: string; channel: number; command: string; speed: number }[];
  /** Tokens issued so far. */
  readonly issuedTokens: number;
  /** Revokes every token: the next call with one gets 401. */
  revokeTokens(): void;
  /** With `media`: the WebRTC peers answered (real media), to drop them or count what arrived. */
  media: LinkMedia | null;
}

export interface FakeLinkOptions {
  secret: string;
  /** Seconds a token lives. */
  tokenTtlSeconds?: number;
  now?: () => number;
  /**
   * Answer offers with real WebRTC media (fake-link-media.ts: a VP8 test pattern to watch, audio
   * taken on talk). Without it an offer is answered with a canned SDP and no media flows.
   */
  media?: boolean;
}

const COMMANDS = new Set([
  'up',
  'down',
  'left',
  'right',
  'upLeft',
  'downLeft',
  'upRight',
  'downRight',
  'zoomIn',
  'zoomOut',
  'stop',
]);
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** An SDP answer for an offer: the same media sections, the platform's own ICE and fingerprint. */
function sdpAnswer(offer: string): string {
  const media = offer.split(/\r?\n/).filter((line) => line.startsWith('m='));
  return [
    'v=0',
    `o=- ${Date.now()} 2 IN IP4 127.0.0.1`,
    's=link',
    't=0 0',
    ...media.flatMap((m) => [
      m,
      'c=IN IP4 127.0.0.1',
      'a=setup:passive',
      `a=ice-ufrag:${randomBytes(4).toString('hex')}`,
    ]),
    '',
  ].join('\r\n');
}

/**
 * A local server speaking the link platform's HTTP protocol as decision 0065 defines it: JSON POSTs
 * under /api/v1 answered `{code, msg, data}` with code 200 on success, 400 bad parameters,
 * 401 token missing, expired or not this camera's, 403 platform secret refused, 404 unknown
 * camera or stream, 410 device offline. Tokens are `<hex expiry seconds>.<random>`.
 */
export async function startFakeLink(options: FakeLinkOptions): Promise<FakeLink> {
  const now = options.now ?? Date.now;
  const ttl = options.tokenTtlSeconds ?? 3600;
  const cameras = new Map<string, FakeLinkCamera>();
  const tokens = new Map<string, { camera: FakeLinkCamera; expiresAt: number }>();
  const sessions: FakeLinkSession[] = [];
  const ptz: FakeLink['ptz'] = [];
  let issued = 0;
  // Loaded only when asked for: the WebRTC stack is a test dependency of these tests alone.
  const media = options.media ? new (await import('./fake-link-media.js')).LinkMedia() : null;

  const reply = (code: number, msg: string, data?: unknown): FakeAnswer => ({
    json: { code, msg, data: data ?? null },
  });

  const handle = async (call: FakeCall): Promise<FakeAnswer> => {
    if (call.method !== 'POST') return { status: 405 };
    const body = (call.json ?? {}) as Record<string, unknown>;
    if (call.path === '/api/v1/token') {
      if (call.headers.authorization !== `Bearer ${options.secret}`) return reply(403, '平台密钥错误');
      const camera = cameras.get(`${body.groupId}|${body.cameraId}`);
      if (!camera) return reply(404, '摄像头不存在');
      const expiry = Math.floor(now() / 1000) + ttl;
      const token = `${expiry.toString(16)}.${randomBytes(8).toString('hex')}`;
      tokens.set(token, { camera, expiresAt: expiry * 1000 });
      issued++;
      return reply(200, 'success', { token });
    }
    const grant = tokens.get(String(body.token ?? ''));
    if (!grant || grant.expiresAt <= now()) return reply(401, 'token无效或已过期');
    const camera = grant.camera;
    const session = () => sessions.find((s) => s.streamPath === body.streamPath && !s.closed);
    // Calls naming a device must name the token's camera and one of its channels.
    if ('serial' in body) {
      const channel = Number(body.channel);
      if (body.serial !== camera.serial) return reply(401, 'token与设备不符');
      if (!Number.isInteger(channel) || channel < 1 || channel > camera.channels)
        return reply(404, '通道不存在');
      if (!camera.online) return reply(410, '设备离线');
    }
    switch (call.path) {
      case '/api/v1/invite': {
        const playback = body.startTime !== undefined || body.endTime !== undefined;
        if (playback && (!TIME.test(String(body.startTime)) || !TIME.test(String(body.endTime))))
          return reply(400, '时间格式错误');
        const streamPath = `${playback ? 'playback' : 'live'}/${camera.serial}_${body.channel}_${randomBytes(3).toString('hex')}`;
        sessions.push({
          streamPath,
          kind: playback ? 'playback' : 'live',
          ...(playback ? { startTime: String(body.startTime), endTime: String(body.endTime) } : {}),
          offers: [],
          talking: false,
          closed: false,
        });
        return reply(200, 'success', { streamPath });
      }
      case '/api/v1/webrtc': {
        const s = session();
        if (!s) return reply(404, '流不存在');
        const offer = String(body.offer ?? '');
        const type = String(body.type);
        if (!offer.startsWith('v=0') || !/^m=/m.test(offer) || !['play', 'push'].includes(type))
          return reply(400, 'SDP或类型错误');
        if ((type === 'push') !== (s.kind === 'talk')) return reply(400, '对讲流只能推流，播放流只能拉流');
        s.offers.push({ type, offer });
        if (!media) return reply(200, 'success', { answer: sdpAnswer(offer) });
        try {
          return reply(200, 'success', {
            answer: await media.answer(s.streamPath, type as 'play' | 'push', offer),
          });
        } catch {
          return reply(400, 'SDP无法协商');
        }
      }
      case '/api/v1/ptz': {
        const command = String(body.command);
        if (!COMMANDS.has(command) || typeof body.speed !== 'number') return reply(400, '参数错误');
        ptz.push({ serial: camera.serial, channel: Number(body.channel), command, speed: body.speed });
        return reply(200, 'success');
      }
      case '/api/v1/talk/path': {
        if (body.protocol !== 'tcp') return reply(400, '对讲仅支持tcp');
        const streamPath = `talk/${camera.serial}_${body.channel}_${randomBytes(3).toString('hex')}`;
        sessions.push({ streamPath, kind: 'talk', offers: [], talking: false, closed: false });
        return reply(200, 'success', { streamPath });
      }
      case '/api/v1/talk/start':
      case '/api/v1/talk/stop': {
        const s = session();
        if (s?.kind !== 'talk') return reply(404, '流不存在');
        if (call.path.endsWith('start') && !s.offers.some((o) => o.type === 'push'))
          return reply(400, '对讲流尚未推流');
        s.talking = call.path.endsWith('start');
        return reply(200, 'success');
      }
      case '/api/v1/bye': {
        const s = session();
        if (!s) return reply(404, '流不存在');
        s.closed = true;
        s.talking = false;
        // The platform ends the stream: every peer watching it (or pushing to it) is cut.
        await media?.drop(s.streamPath);
        return reply(200, 'success');
      }
      case '/api/v1/records': {
        const from = String(body.StartTime);
        const to = String(body.EndTime);
        if (!TIME.test(from) || !TIME.test(to)) return reply(400, '时间格式错误');
        const records = (camera.records ?? []).filter((r) => r.EndTime > from && r.StartTime < to);
        return reply(200, 'success', { records });
      }
      default:
        return { status: 404 };
    }
  };

  const server = await startFakeVendorServer(handle);
  return {
    ...server,
    close: async () => {
      await media?.close();
      await server.close();
    },
    media,
    sessions,
    ptz,
    addCamera: (c: FakeLinkCamera) => void cameras.set(`${c.groupId}|${c.cameraId}`, c),
    revokeTokens: () => tokens.clear(),
    get issuedTokens() {
      return issued;
    },
  };
}
