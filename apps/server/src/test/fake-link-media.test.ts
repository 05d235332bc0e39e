import { describe, expect, it } from 'vitest';
import { readIvf, vp8Payloads } from './fake-link-media.js';

/** The fake link platform's packetiser: what Chromium decodes only if it is right. */
describe('fake link media', () => {
  it('reads IVF frames after the header, by their 12-byte frame headers', () => {
    const header = Buffer.alloc(32);
    header.write('DKIF', 0, 'latin1');
    header.writeUInt16LE(32, 6);
    const frame = (bytes: number[]) => {
      const head = Buffer.alloc(12);
      head.writeUInt32LE(bytes.length, 0);
      return Buffer.concat([head, Buffer.from(bytes)]);
    };
    const frames = readIvf(Buffer.concat([header, frame([1, 2, 3]), frame([4])]));
    expect(frames.map((f) => [...f])).toEqual([[1, 2, 3], [4]]);
    expect(() => readIvf(Buffer.from('RIFF0000'))).toThrow();
  });

  it('splits a VP8 frame into RTP payloads, the start bit only on the first', () => {
    const frame = Buffer.alloc(2500, 7);
    const payloads = vp8Payloads(frame, 1000);
    expect(payloads.map((p) => p.length)).toEqual([1001, 1001, 501]);
    expect(payloads.map((p) => p[0])).toEqual([0x10, 0x00, 0x00]);
    expect(Buffer.concat(payloads.map((p) => p.subarray(1)))).toEqual(frame);
  });
});
