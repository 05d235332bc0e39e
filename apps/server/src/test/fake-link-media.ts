import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters, RtpHeader, RtpPacket } from 'werift';

/** A test pattern, VP8 in IVF, 320×240 at 10 fps with a key frame each second (see fixtures/README.md). */
const PATTERN = fileURLToPath(new URL('./fixtures/link-pattern.ivf', import.meta.url));
const FRAME_MS = 100;
const VIDEO_CLOCK_PER_FRAME = 9000;
/** RTP payload per packet: well under the loopback MTU with SRTP and headers. */
const MAX_PAYLOAD = 1100;

/** The frames of an IVF file (32-byte header, then 12-byte frame headers). */
export function readIvf(bytes: Buffer): Buffer[] {
  if (bytes.toString('latin1', 0, 4) !== 'DKIF') throw new Error('not an IVF file');
  const frames: Buffer[] = [];
  let offset = bytes.readUInt16LE(6);
  while (offset + 12 <= bytes.length) {
    const size = bytes.readUInt32LE(offset);
    frames.push(bytes.subarray(offset + 12, offset + 12 + size));
    offset += 12 + size;
  }
  return frames;
}

/** A VP8 frame as RTP payloads (RFC 7741): a 1-byte descriptor, S set on the first packet. */
export function vp8Payloads(frame: Buffer, max = MAX_PAYLOAD): Buffer[] {
  const payloads: Buffer[] = [];
  for (let offset = 0; offset < frame.length; offset += max)
    payloads.push(
      Buffer.concat([Buffer.from([offset === 0 ? 0x10 : 0x00]), frame.subarray(offset, offset + max)]),
    );
  return payloads;
}

/** One WebRTC peer the fake platform answered. */
export interface LinkMediaPeer {
  streamPath: string;
  type: 'play' | 'push';
  state: string;
  /** Video frames sent (play). */
  framesSent: number;
  /** Audio RTP packets received from the browser (push: the microphone reached the platform). */
  audioPackets: number;
  close(): Promise<void>;
}

/**
 * The media side of the fake link platform: a pure-JS WebRTC stack (werift) answers the browser's
 * offer with a real SDP. Play: the test pattern goes out as a VP8 track, from its first (key) frame,
 * looped, in real time. Push: the browser's audio is taken and its RTP packets counted. Only the
 * loopback address is offered and no STUN server is asked: nothing leaves this machine.
 */
export class LinkMedia {
  readonly peers: LinkMediaPeer[] = [];
  private readonly frames = readIvf(readFileSync(PATTERN));

  async answer(streamPath: string, type: 'play' | 'push', offer: string): Promise<string> {
    const pc = new RTCPeerConnection({
      iceServers: [],
      iceUseIpv6: false,
      iceAdditionalHostAddresses: ['127.0.0.1'],
      iceFilterCandidatePair: (pair) => pair.localCandidate.host === '127.0.0.1',
      codecs: {
        video: [new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000 })],
        audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2 })],
      },
    });
    let timer: ReturnType<typeof setInterval> | undefined;
    const peer: LinkMediaPeer = {
      streamPath,
      type,
      state: 'new',
      framesSent: 0,
      audioPackets: 0,
      close: async () => {
        clearInterval(timer);
        await pc.close();
      },
    };
    this.peers.push(peer);
    pc.connectionStateChange.subscribe((state) => {
      peer.state = state;
      if (state !== 'connected') clearInterval(timer);
    });
    pc.onTrack.subscribe((track) => {
      if (track.kind === 'audio') track.onReceiveRtp.subscribe(() => void peer.audioPackets++);
    });

    await pc.setRemoteDescription({ type: 'offer', sdp: withoutMdns(offer) });
    if (type === 'play') {
      const video = pc.getTransceivers().find((t) => t.kind === 'video');
      if (video) {
        const track = new MediaStreamTrack({ kind: 'video' });
        await video.sender.replaceTrack(track);
        video.setDirection('sendonly');
        pc.connectionStateChange.subscribe((state) => {
          if (state === 'connected') timer = this.send(track, peer);
        });
      }
    }
    await pc.setLocalDescription(await pc.createAnswer());
    return loopbackOnly(pc.localDescription!.sdp);
  }

  /** The pattern in real time from frame 0 (a key frame), so a new peer decodes at once. */
  private send(track: MediaStreamTrack, peer: LinkMediaPeer): ReturnType<typeof setInterval> {
    let sequence = Math.floor(Math.random() * 0xffff);
    const base = Math.floor(Math.random() * 0xffffffff);
    let index = 0;
    return setInterval(() => {
      const frame = this.frames[index % this.frames.length]!;
      const timestamp = (base + index * VIDEO_CLOCK_PER_FRAME) >>> 0;
      const payloads = vp8Payloads(frame);
      payloads.forEach((payload, i) => {
        sequence = (sequence + 1) & 0xffff;
        const header = new RtpHeader({
          payloadType: 96,
          sequenceNumber: sequence,
          timestamp,
          marker: i === payloads.length - 1,
        });
        track.writeRtp(new RtpPacket(header, payload));
      });
      index++;
      peer.framesSent++;
    }, FRAME_MS);
  }

  /** Ends peers as a lost network would: the browser sees ICE disconnect. All, or a stream's. */
  async drop(streamPath?: string): Promise<void> {
    await Promise.all(
      this.peers.filter((p) => streamPath === undefined || p.streamPath === streamPath).map((p) => p.close()),
    );
  }

  async close(): Promise<void> {
    await this.drop();
  }
}

/** The answer offers the platform's loopback candidates only. */
function loopbackOnly(sdp: string): string {
  return sdp
    .split(/\r\n/)
    .filter((line) => !line.startsWith('a=candidate:') || / 127\.0\.0\.1 /.test(line))
    .join('\r\n');
}

/** mDNS candidates (*.local) would need a multicast lookup: the browser is asked not to send them. */
function withoutMdns(sdp: string): string {
  return sdp
    .split(/\r\n/)
    .filter((line) => !(line.startsWith('a=candidate:') && /\s\S+\.local\s/.test(line)))
    .join('\r\n');
}
