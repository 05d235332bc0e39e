import type { FastifyBaseLogger } from 'fastify';
import { type FlvTag, FlvTagReader } from './flv-tags.js';

/** Someone watching: an HTTP response or a WebSocket. */
export interface Viewer {
  send(bytes: Buffer): void;
  /** Bytes queued to this viewer and not yet taken by its connection. */
  buffered(): number;
  /** Ends the viewer: the stream ended or failed (reason for the log and the WebSocket close). */
  end(reason?: string): void;
}

/** A viewer this far behind skips to the next key frame instead of queueing more. */
const MAX_VIEWER_BACKLOG = 4 * 1024 * 1024;
/** The cached group of pictures is dropped past this size (a stream without key frames). */
const MAX_GOP_BYTES = 8 * 1024 * 1024;
/** After the last viewer leaves, the upstream stays this long (switching back costs nothing). */
const LINGER_MS = 5000;
/** An upstream that sends nothing for this long (or never starts) is given up. */
export const STALL_MS = 15_000;

interface ViewerState {
  viewer: Viewer;
  started: boolean;
  /** Fell behind: waits for the next key frame before it gets frames again. */
  waitingForKey: boolean;
}

/**
 * One upstream connection per camera on this node, shared by every viewer (docs/decisions/0064).
 * A viewer that joins late gets the FLV header, the metadata, the codec headers and the frames since
 * the last key frame, so its player starts decoding at once; a viewer that cannot keep up skips
 * to the next key frame rather than slowing the others or growing memory.
 */
class Channel {
  readonly viewers = new Set<ViewerState>();
  private readonly reader = new FlvTagReader();
  private readonly abort = new AbortController();
  private header: Buffer | null = null;
  private metadata: Buffer | null = null;
  private videoConfig: Buffer | null = null;
  private audioConfig: Buffer | null = null;
  private gop: Buffer[] = [];
  private gopBytes = 0;
  private lingering: NodeJS.Timeout | null = null;
  private ended = false;
  /** Resolves once the first tag arrived (true) or the upstream failed (false). */
  readonly ready: Promise<boolean>;
  private markReady!: (ok: boolean) => void;

  private reached = false;
  /** Refreshed by every chunk: a camera that accepts the connection and then says nothing is given up. */
  private readonly stall: NodeJS.Timeout;

  constructor(
    readonly url: string,
    private readonly onClosed: (channel: Channel, reachedStream: boolean) => void,
    private readonly log: FastifyBaseLogger,
    stallMs: number,
  ) {
    this.ready = new Promise((resolve) => {
      this.markReady = resolve;
    });
    this.stall = setTimeout(() => this.close(this.reached, '视频流超时'), stallMs);
    void this.pull();
  }

  private async pull(): Promise<void> {
    try {
      const response = await fetch(this.url, { signal: this.abort.signal });
      if (!response.ok || !response.body) throw new Error(`upstream answered ${response.status}`);
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        this.stall.refresh();
        for (const piece of this.reader.push(Buffer.from(chunk))) {
          if (piece.kind === 'header') this.header = piece.bytes;
          else this.onTag(piece);
          if (!this.reached && this.header && piece.kind === 'tag') {
            this.reached = true;
            this.markReady(true);
          }
        }
        if (this.ended) break;
      }
      this.close(this.reached, '视频流已结束');
    } catch (error) {
      if (!this.ended) this.log.warn({ err: error, camera: redact(this.url) }, 'camera stream failed');
      this.close(this.reached, '视频流中断');
    }
  }

  private onTag(tag: FlvTag): void {
    if (tag.isMetadata) this.metadata ??= tag.bytes;
    else if (tag.isVideoConfig) this.videoConfig = tag.bytes;
    else if (tag.isAudioConfig) this.audioConfig = tag.bytes;
    else {
      if (tag.isKeyFrame) {
        this.gop = [];
        this.gopBytes = 0;
      }
      if (this.gopBytes + tag.bytes.length <= MAX_GOP_BYTES) {
        this.gop.push(tag.bytes);
        this.gopBytes += tag.bytes.length;
      }
    }
    const codecHeader = tag.isMetadata || tag.isVideoConfig || tag.isAudioConfig;
    for (const state of this.viewers) {
      if (!state.started) {
        this.start(state);
        continue;
      }
      if (state.viewer.buffered() > MAX_VIEWER_BACKLOG) {
        state.waitingForKey = true;
        continue;
      }
      if (state.waitingForKey) {
        if (!tag.isKeyFrame && !codecHeader) continue;
        state.waitingForKey = false;
      }
      state.viewer.send(tag.bytes);
    }
  }

  /** A viewer's first bytes: everything a decoder needs to start now. */
  private start(state: ViewerState): void {
    if (!this.header || (this.gop.length === 0 && !this.videoConfig && !this.audioConfig)) return;
    const parts = [this.header, this.metadata, this.videoConfig, this.audioConfig, ...this.gop];
    state.viewer.send(Buffer.concat(parts.filter((p): p is Buffer => p !== null)));
    state.started = true;
  }

  add(viewer: Viewer): () => void {
    if (this.lingering) clearTimeout(this.lingering);
    this.lingering = null;
    const state: ViewerState = { viewer, started: false, waitingForKey: false };
    this.viewers.add(state);
    this.start(state);
    return () => {
      if (!this.viewers.delete(state) || this.viewers.size > 0 || this.ended) return;
      this.lingering = setTimeout(() => {
        if (this.viewers.size === 0) this.close(true, 'no viewers');
      }, LINGER_MS);
      this.lingering.unref();
    };
  }

  close(reachedStream: boolean, reason: string): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.stall);
    if (this.lingering) clearTimeout(this.lingering);
    this.markReady(reachedStream);
    this.abort.abort();
    for (const state of this.viewers) state.viewer.end(reason);
    this.viewers.clear();
    this.onClosed(this, reachedStream);
  }
}

/** The address without user info or query (camera passwords live there), for logs. */
function redact(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return '(invalid url)';
  }
}

export interface RelayStats {
  channels: number;
  viewers: number;
}

/** The node's HTTP-FLV relay: one Channel per camera while anyone watches it. */
export class FlvRelay {
  private readonly channels = new Map<number, Channel>();

  constructor(
    private readonly log: FastifyBaseLogger,
    /** Told when a camera's stream was reached or could not be (its online state). */
    private readonly onReachability: (cameraId: number, reached: boolean) => void,
    private readonly stallMs = STALL_MS,
  ) {}

  /**
   * Adds a viewer of the camera's stream, opening the upstream if no one watches it yet. Answers
   * whether the stream was reached and the function that removes the viewer; a viewer ended before
   * its first bytes means the camera was not reached.
   */
  watch(cameraId: number, url: string, viewer: Viewer): { ready: Promise<boolean>; leave: () => void } {
    let channel = this.channels.get(cameraId);
    if (!channel || channel.url !== url) {
      channel?.close(true, '视频地址已修改');
      const created = new Channel(
        url,
        (closed, reached) => {
          if (this.channels.get(cameraId) === closed) this.channels.delete(cameraId);
          if (!reached) this.onReachability(cameraId, false);
        },
        this.log,
        this.stallMs,
      );
      void created.ready.then((ok) => ok && this.onReachability(cameraId, true));
      this.channels.set(cameraId, created);
      channel = created;
    }
    return { ready: channel.ready, leave: channel.add(viewer) };
  }

  /** Ends the camera's stream for everyone (camera changed or deleted). */
  drop(cameraId: number): void {
    this.channels.get(cameraId)?.close(true, '摄像头已修改');
  }

  stats(): RelayStats {
    let viewers = 0;
    for (const channel of this.channels.values()) viewers += channel.viewers.size;
    return { channels: this.channels.size, viewers };
  }

  close(): void {
    for (const channel of [...this.channels.values()]) channel.close(true, 'server closing');
  }
}
