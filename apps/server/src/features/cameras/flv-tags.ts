/** FLV tag types (Adobe FLV spec, E.4.1). */
const AUDIO = 8;
const VIDEO = 9;
const SCRIPT = 18;
const HEADER_BYTES = 9 + 4; // FLV header + PreviousTagSize0
const TAG_HEADER_BYTES = 11;

export interface FlvTag {
  kind: 'tag';
  /** The whole tag: header, data and the PreviousTagSize after it. */
  bytes: Buffer;
  type: number;
  /** Milliseconds (24 bits plus the extended byte). */
  timestamp: number;
  isMetadata: boolean;
  /** AVC/HEVC sequence header: the decoder's configuration. */
  isVideoConfig: boolean;
  /** AAC sequence header. */
  isAudioConfig: boolean;
  isKeyFrame: boolean;
}

export type FlvPiece = { kind: 'header'; bytes: Buffer } | FlvTag;

/**
 * Splits an FLV byte stream, arriving in chunks of any size, into its header and whole tags,
 * telling apart what a late viewer needs (metadata, codec configuration, key frames).
 */
export class FlvTagReader {
  private pending: Buffer = Buffer.alloc(0);
  private headerSeen = false;

  push(chunk: Buffer): FlvPiece[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const pieces: FlvPiece[] = [];
    let offset = 0;
    if (!this.headerSeen) {
      if (this.pending.length < HEADER_BYTES) return pieces;
      if (this.pending.toString('latin1', 0, 3) !== 'FLV') throw new Error('not an FLV stream');
      const dataOffset = this.pending.readUInt32BE(5);
      if (this.pending.length < dataOffset + 4) return pieces;
      pieces.push({ kind: 'header', bytes: this.pending.subarray(0, dataOffset + 4) });
      offset = dataOffset + 4;
      this.headerSeen = true;
    }
    while (this.pending.length - offset >= TAG_HEADER_BYTES) {
      const type = this.pending[offset]! & 0x1f;
      const size = this.pending.readUIntBE(offset + 1, 3);
      const total = TAG_HEADER_BYTES + size + 4;
      if (this.pending.length - offset < total) break;
      const timestamp = (this.pending.readUIntBE(offset + 4, 3) | (this.pending[offset + 7]! << 24)) >>> 0;
      const bytes = this.pending.subarray(offset, offset + total);
      const first = size > 0 ? this.pending[offset + TAG_HEADER_BYTES]! : 0;
      const second = size > 1 ? this.pending[offset + TAG_HEADER_BYTES + 1]! : -1;
      const codec = first & 0x0f;
      const videoCodecWithConfig = codec === 7 || codec === 12; // AVC, HEVC
      pieces.push({
        kind: 'tag',
        bytes,
        type,
        timestamp,
        isMetadata: type === SCRIPT,
        isVideoConfig: type === VIDEO && videoCodecWithConfig && second === 0,
        isAudioConfig: type === AUDIO && first >> 4 === 10 && second === 0,
        isKeyFrame: type === VIDEO && first >> 4 === 1 && !(videoCodecWithConfig && second === 0),
      });
      offset += total;
    }
    // Copy the remainder: a subarray would keep the whole chunk alive.
    this.pending = offset === 0 ? this.pending : Buffer.from(this.pending.subarray(offset));
    return pieces;
  }
}
