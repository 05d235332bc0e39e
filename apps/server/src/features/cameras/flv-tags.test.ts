import { describe, expect, it } from 'vitest';
import { FlvTagReader } from './flv-tags.js';
import { formatSpecTime, parseSpecTime } from './spec-time.js';

/** One FLV tag: type, timestamp (with the extended byte), data, PreviousTagSize. */
function tag(type: number, timestamp: number, data: number[]): Buffer {
  const header = Buffer.alloc(11);
  header[0] = type;
  header.writeUIntBE(data.length, 1, 3);
  header.writeUIntBE(timestamp & 0xffffff, 4, 3);
  header[7] = timestamp >>> 24;
  const size = Buffer.alloc(4);
  size.writeUInt32BE(11 + data.length);
  return Buffer.concat([header, Buffer.from(data), size]);
}

const HEADER = Buffer.from([0x46, 0x4c, 0x56, 1, 5, 0, 0, 0, 9, 0, 0, 0, 0]);

describe('the FLV tag reader', () => {
  it('splits a stream arriving a byte at a time into the header and whole tags, telling their kinds', () => {
    const stream = Buffer.concat([
      HEADER,
      tag(18, 0, [2, 0, 10]),
      tag(9, 0, [0x17, 0, 0, 0, 0]),
      tag(8, 0, [0xaf, 0]),
      tag(9, 40, [0x17, 1, 0, 0, 0, 9]),
      tag(8, 46, [0xaf, 1, 7]),
      tag(9, 0x01000050, [0x27, 1, 0, 0, 0, 9]),
    ]);
    const reader = new FlvTagReader();
    const pieces = [...stream].flatMap((byte) => reader.push(Buffer.from([byte])));
    expect(pieces[0]).toMatchObject({ kind: 'header' });
    expect(pieces[0]!.bytes.length).toBe(13);
    const tags = pieces
      .slice(1)
      .map((p) =>
        p.kind === 'tag'
          ? [
              p.type,
              p.timestamp,
              p.isMetadata,
              p.isVideoConfig,
              p.isAudioConfig,
              p.isKeyFrame,
              p.bytes.length,
            ]
          : null,
      );
    expect(tags).toEqual([
      [18, 0, true, false, false, false, 18],
      [9, 0, false, true, false, false, 20],
      [8, 0, false, false, true, false, 17],
      [9, 40, false, false, false, true, 21],
      [8, 46, false, false, false, false, 18],
      [9, 0x01000050, false, false, false, false, 21],
    ]);
  });

  it('refuses a stream that is not FLV', () => {
    expect(() => new FlvTagReader().push(Buffer.from('HTTP/1.1 200 OK\r\n'))).toThrow('not an FLV stream');
  });
});

describe('spec times', () => {
  it("read 'YYYY-MM-DD HH:mm:ss' as China time, and write it back", () => {
    expect(parseSpecTime('2026-11-25 08:00:00')).toBe(Date.UTC(2026, 10, 25, 0, 0, 0));
    expect(formatSpecTime(Date.UTC(2026, 10, 25, 0, 0, 0))).toBe('2026-11-25 08:00:00');
    expect(() => parseSpecTime('2026-11-25T08:00:00')).toThrow();
  });
});
