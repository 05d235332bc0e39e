import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One FLV tag (Adobe FLV spec E.4.1) with its PreviousTagSize. */
function tag(type: number, timestamp: number, data: Buffer): Buffer {
  const header = Buffer.alloc(11);
  header[0] = type;
  header.writeUIntBE(data.length, 1, 3);
  header.writeUIntBE(timestamp & 0xffffff, 4, 3);
  header[7] = (timestamp >>> 24) & 0xff;
  const size = Buffer.alloc(4);
  size.writeUInt32BE(11 + data.length);
  return Buffer.concat([header, data, size]);
}

/** FLV header (video only) and PreviousTagSize0. */
const FLV_HEADER = Buffer.from([0x46, 0x4c, 0x56, 0x01, 0x01, 0, 0, 0, 9, 0, 0, 0, 0]);
/** AVC sequence header, then key frames: what the relay needs to serve a viewer a decodable start. */
const AVC_CONFIG = Buffer.from([0x17, 0x00, 0, 0, 0, 1, 0x64, 0, 0x1f, 0xff]);
const keyFrame = () => Buffer.from([0x17, 0x01, 0, 0, 0, 0, 0, 0, 1, 0x65]);

export interface FakeFlvCamera {
  url: string;
  requests(): number;
  close(): Promise<void>;
}

/**
 * An HTTP-FLV camera without ffmpeg: a valid FLV stream of tiny AVC key frames, ten a second. Enough
 * for the relay (decision 0064), which splits tags and never decodes them.
 */
export async function startFakeFlvCamera(): Promise<FakeFlvCamera> {
  let count = 0;
  const open = new Set<ServerResponse>();
  const server: Server = createServer((request, response) => {
    count++;
    open.add(response);
    response.writeHead(200, { 'content-type': 'video/x-flv' });
    response.write(Buffer.concat([FLV_HEADER, tag(9, 0, AVC_CONFIG)]));
    let ts = 0;
    const timer = setInterval(() => {
      ts += 100;
      response.write(tag(9, ts, keyFrame()));
    }, 100);
    request.on('close', () => {
      clearInterval(timer);
      open.delete(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/live/cam.flv`,
    requests: () => count,
    async close() {
      for (const response of open) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
