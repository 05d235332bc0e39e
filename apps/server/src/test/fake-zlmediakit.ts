import {
  type FakeAnswer,
  type FakeCall,
  type FakeVendorServer,
  fakeJpeg,
  startFakeVendorServer,
} from './fake-vendor-server.js';
import { CORS, streamTestPatternFlv } from './media-streams.js';

export interface FakeZlm extends FakeVendorServer {
  /** A stream arrives (a device's RTP reached the media server, or a proxy pulled it). */
  publish(app: string, stream: string): void;
  unpublish(app: string, stream: string): void;
  /** RTP servers opened by openRtpServer, by stream id → port. */
  rtpServers: Map<string, number>;
  /** Streams that have a frame to snapshot (others get the default picture). */
  framed: Set<string>;
}

/** ZLMediaKit's api.defaultSnap: a PNG it answers while it has no frame. */
const DEFAULT_SNAP = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A local server speaking the part of ZLMediaKit's HTTP API the GB28181 adapter uses:
 * `/index/api/{getMediaList, openRtpServer, closeRtpServer, getSnap}` by GET or form POST, each
 * checking `secret` (-100 when wrong), answering HTTP 200 with `{code, msg?, data?}` (0 success,
 * -300 bad arguments, -1 failure); getSnap answers the picture itself — a JPEG of a stream with a
 * frame, else the default picture. A published stream plays at `/{app}/{stream}.live.flv` (a real
 * test pattern, with the CORS header ZLMediaKit sends by default, http.allow_cross_domains=1).
 */
export async function startFakeZlm(options: { secret: string }): Promise<FakeZlm> {
  const streams = new Set<string>();
  const rtpServers = new Map<string, number>();
  const framed = new Set<string>();
  let nextPort = 30000;

  const handle = (call: FakeCall): FakeAnswer => {
    const flv = /^\/([^/]+)\/([^/]+)\.live\.flv$/.exec(call.path);
    if (call.method === 'GET' && flv) {
      if (!streams.has(`${flv[1]}/${decodeURIComponent(flv[2] ?? '')}`)) return { status: 404 };
      return { stream: (req, res) => void streamTestPatternFlv(req, res, { headers: CORS }) };
    }
    if (!call.path.startsWith('/index/api/')) return { status: 404 };
    const params = { ...Object.fromEntries(call.query), ...call.form };
    if (params.secret !== options.secret) return { json: { code: -100, msg: 'secret错误' } };
    switch (call.path.slice('/index/api/'.length)) {
      case 'getMediaList': {
        const data = [...streams]
          .map((key) => key.split('/') as [string, string])
          .filter(
            ([app, stream]) =>
              (!params.app || params.app === app) && (!params.stream || params.stream === stream),
          )
          .flatMap(([app, stream]) =>
            ['rtmp', 'rtsp'].map((schema) => ({
              app,
              stream,
              schema,
              vhost: '__defaultVhost__',
              readerCount: 0,
            })),
          );
        return { json: { code: 0, data } };
      }
      case 'openRtpServer': {
        if (!params.stream_id || params.port === undefined)
          return { json: { code: -300, msg: '参数不合法' } };
        if (rtpServers.has(params.stream_id))
          return { json: { code: -1, msg: 'This stream already exists' } };
        const port = params.port === '0' ? nextPort++ : Number(params.port);
        rtpServers.set(params.stream_id, port);
        return { json: { code: 0, port } };
      }
      case 'closeRtpServer': {
        const hit = rtpServers.delete(params.stream_id ?? '') ? 1 : 0;
        // Closing the RTP server ends the stream it was receiving.
        if (hit) streams.delete(`rtp/${params.stream_id}`);
        return { json: { code: 0, hit } };
      }
      case 'getSnap': {
        if (!params.url || !params.timeout_sec || !params.expire_sec)
          return { json: { code: -300, msg: '参数不合法' } };
        const match = /\/([^/]+)\/([^/]+)\.live\.flv$/.exec(new URL(params.url).pathname);
        const key = match ? `${match[1]}/${decodeURIComponent(match[2] ?? '')}` : '';
        if (streams.has(key) && framed.has(key)) return { bytes: fakeJpeg(key), contentType: 'image/jpeg' };
        return { bytes: DEFAULT_SNAP, contentType: 'image/png' };
      }
      default:
        return { json: { code: -1, msg: 'not found' } };
    }
  };

  const server = await startFakeVendorServer(handle);
  return {
    ...server,
    rtpServers,
    framed,
    publish: (app, stream) => void streams.add(`${app}/${stream}`),
    unpublish: (app, stream) => void streams.delete(`${app}/${stream}`),
  };
}
