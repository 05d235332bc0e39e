import { GbRefusedError } from './errors.js';
import { buildOffer, ssrcFor } from './sdp.js';
import { buildRequest, newCallId, newTag } from './sip-endpoint.js';
import { headerParam, type SipRequest, type SipResponse } from './sip-message.js';
import type { GbSipServer, GbTarget } from './sip-server.js';
import type { SipRemote } from './sip-transport.js';

/** One INVITE dialog: a device channel sending one stream to the media server. */
export interface GbSession {
  streamId: string;
  deviceId: string;
  channelId: string;
  ssrc: string;
  callId: string;
  fromTag: string;
  toTag: string;
  /** Where in-dialog requests go: the device's Contact of its 200. */
  remoteUri: string;
  remote: SipRemote;
  localAddress: string;
  cseq: number;
  playback: boolean;
}

export interface InviteRequest {
  deviceId: string;
  channelId: string;
  mediaIp: string;
  mediaPort: number;
  streamId: string;
  playback?: { begin: Date; end: Date };
}

/**
 * Live and playback streams (GB/T 28181-2016 §9.2, §9.8): INVITE with our SDP offer → the
 * device's 200 with its answer → ACK; BYE ends it (ours, or the device's when a recording ends).
 * Dialogs are kept in memory on the node whose SIP server the device registered with; one per
 * stream id, so a running stream is re-used rather than invited twice.
 */
export class GbSessions {
  private readonly byStream = new Map<string, GbSession>();
  /** INVITEs under way: a second viewer of the same stream waits for the first one's. */
  private readonly inviting = new Map<string, Promise<GbSession>>();
  private ssrcSequence = 1;

  constructor(private readonly server: GbSipServer) {
    server.endpoint.onStrayResponse = (response) => this.repeatAck(response);
  }

  /** The device did not get our ACK and repeats its 200 (RFC 3261 §13.3.1.4): ACK again. */
  private repeatAck(response: SipResponse): void {
    if (response.status < 200 || response.status >= 300) return;
    if (!response.headers.get('cseq')?.endsWith('INVITE')) return;
    const callId = response.headers.get('call-id');
    const session = [...this.byStream.values()].find((s) => s.callId === callId);
    if (!session) return;
    void this.server.endpoint
      .send(session.remote, this.inDialog(session, 'ACK', session))
      .catch(() => undefined);
  }

  has(streamId: string): boolean {
    return this.byStream.has(streamId);
  }

  get(streamId: string): GbSession | undefined {
    return this.byStream.get(streamId);
  }

  invite(input: InviteRequest): Promise<GbSession> {
    const running = this.byStream.get(input.streamId);
    if (running) return Promise.resolve(running);
    const under = this.inviting.get(input.streamId);
    if (under) return under;
    const started = this.start(input).finally(() => this.inviting.delete(input.streamId));
    this.inviting.set(input.streamId, started);
    return started;
  }

  private async start(input: InviteRequest): Promise<GbSession> {
    const target = await this.server.target(input.deviceId);
    const { settings } = this.server;
    const ssrc = ssrcFor(settings.domain, Boolean(input.playback), this.ssrcSequence++);
    const fromTag = newTag();
    const callId = newCallId();
    const cseq = this.server.nextCSeq();
    const sdp = buildOffer({
      platformId: settings.id,
      channelId: input.channelId,
      mediaIp: input.mediaIp,
      mediaPort: input.mediaPort,
      ssrc,
      ...(input.playback ? { playback: input.playback } : {}),
    });
    const request = buildRequest({
      method: 'INVITE',
      uri: `sip:${input.channelId}@${target.remote.host}:${target.remote.port}`,
      via: { transport: target.remote.transport, address: target.localAddress, port: this.server.port },
      from: `<sip:${settings.id}@${settings.domain}>;tag=${fromTag}`,
      to: `<sip:${input.channelId}@${settings.domain}>`,
      callId,
      cseq,
      contact: `<${this.server.localUri(target)}>`,
      // §9.2.2: Subject = media sender id:its SSRC, receiver id:0.
      extra: [['Subject', `${input.channelId}:${ssrc},${settings.id}:0`]],
      contentType: 'APPLICATION/SDP',
      body: Buffer.from(sdp),
    });
    const response = await this.server.endpoint.request(target.remote, request, settings.requestTimeoutMs);
    const toTag = headerParam(response.headers.get('to'), 'tag') ?? '';
    if (response.status >= 300) {
      // The transaction's ACK for a failure shares the INVITE's branch (RFC 3261 §17.1.1.3).
      const ack = this.inDialog(target, 'ACK', {
        callId,
        fromTag,
        toTag,
        cseq,
        remoteUri: request.uri,
        channelId: input.channelId,
      });
      ack.headers.set('via', request.headers.get('via') ?? '');
      await this.server.endpoint.send(target.remote, ack).catch(() => undefined);
      throw new GbRefusedError(response.status);
    }
    const contact = /<([^>]+)>/.exec(response.headers.get('contact') ?? '')?.[1] ?? request.uri;
    const session: GbSession = {
      streamId: input.streamId,
      deviceId: input.deviceId,
      channelId: input.channelId,
      ssrc,
      callId,
      fromTag,
      toTag,
      remoteUri: contact,
      remote: target.remote,
      localAddress: target.localAddress,
      cseq,
      playback: Boolean(input.playback),
    };
    // The 2xx's ACK is its own transaction, with the INVITE's CSeq number (RFC 3261 §13.2.2.4).
    await this.server.endpoint.send(target.remote, this.inDialog(target, 'ACK', session));
    this.byStream.set(input.streamId, session);
    return session;
  }

  private inDialog(
    target: Pick<GbTarget, 'localAddress'> & { remote: SipRemote },
    method: string,
    dialog: Pick<GbSession, 'callId' | 'fromTag' | 'toTag' | 'cseq' | 'remoteUri' | 'channelId'>,
  ) {
    const { settings } = this.server;
    return buildRequest({
      method,
      uri: dialog.remoteUri,
      via: { transport: target.remote.transport, address: target.localAddress, port: this.server.port },
      from: `<sip:${settings.id}@${settings.domain}>;tag=${dialog.fromTag}`,
      to: `<sip:${dialog.channelId}@${settings.domain}>${dialog.toTag ? `;tag=${dialog.toTag}` : ''}`,
      callId: dialog.callId,
      cseq: dialog.cseq,
    });
  }

  /** Ends the stream's dialog; a device that does not answer the BYE is not waited for long. */
  async bye(streamId: string, timeoutMs = this.server.settings.requestTimeoutMs): Promise<boolean> {
    const session = this.byStream.get(streamId);
    if (!session) return false;
    this.byStream.delete(streamId);
    session.cseq = this.server.nextCSeq();
    const request = this.inDialog(session, 'BYE', session);
    await this.server.endpoint.request(session.remote, request, timeoutMs).catch(() => undefined);
    return true;
  }

  /** A BYE from the device (a recording ended, the device restarts): the dialog is gone. */
  remoteBye(request: SipRequest): boolean {
    const callId = request.headers.get('call-id');
    for (const [streamId, session] of this.byStream)
      if (session.callId === callId) {
        this.byStream.delete(streamId);
        return true;
      }
    return false;
  }

  /** The device went offline or unregistered: its dialogs are over without a BYE. */
  dropDevice(deviceId: string): void {
    for (const [streamId, session] of this.byStream)
      if (session.deviceId === deviceId) this.byStream.delete(streamId);
  }

  streams(): string[] {
    return [...this.byStream.keys()];
  }

  async closeAll(): Promise<void> {
    // Shutting down: a BYE each, waiting briefly for the answers.
    await Promise.all(this.streams().map((streamId) => this.bye(streamId, 1000)));
  }
}
