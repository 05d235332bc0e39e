/**
 * The SDP of a GB28181 INVITE (GB/T 28181-2016 §9.2, Annex F): the platform offers to receive
 * PS over RTP (payload 96 PS/90000, with 98 H264 and 97 MPEG4 as the standard's alternatives) at
 * the media server's address and port; `s=Play` for live video, `s=Playback` with `u=` the channel
 * and `t=` the range in epoch seconds for recordings; `y=` the SSRC the device must use.
 */
export interface SdpOffer {
  platformId: string;
  channelId: string;
  mediaIp: string;
  mediaPort: number;
  ssrc: string;
  /** Present: a recording between these times. */
  playback?: { begin: Date; end: Date };
}

export function buildOffer(offer: SdpOffer): string {
  const t = offer.playback
    ? `${Math.floor(offer.playback.begin.getTime() / 1000)} ${Math.floor(offer.playback.end.getTime() / 1000)}`
    : '0 0';
  const lines = [
    'v=0',
    `o=${offer.platformId} 0 0 IN IP4 ${offer.mediaIp}`,
    `s=${offer.playback ? 'Playback' : 'Play'}`,
    ...(offer.playback ? [`u=${offer.channelId}:0`] : []),
    `c=IN IP4 ${offer.mediaIp}`,
    `t=${t}`,
    `m=video ${offer.mediaPort} RTP/AVP 96 98 97`,
    'a=recvonly',
    'a=rtpmap:96 PS/90000',
    'a=rtpmap:98 H264/90000',
    'a=rtpmap:97 MPEG4/90000',
    `y=${offer.ssrc}`,
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * A 10-digit SSRC (Annex G): 0 live / 1 playback, then digits 4–8 of the SIP domain, then a
 * 4-digit sequence.
 */
export function ssrcFor(domain: string, playback: boolean, sequence: number): string {
  const middle = (domain.replace(/\D/g, '').slice(3, 8) || '00000').padEnd(5, '0');
  return `${playback ? 1 : 0}${middle}${String(sequence % 10000).padStart(4, '0')}`;
}

/** The fields of an SDP body by line type (the last of each), e.g. s, y, m, c. */
export function sdpFields(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of body.split(/\r?\n/)) {
    const match = /^([a-z])=(.*)$/.exec(line);
    if (match) fields[match[1] ?? ''] = match[2] ?? '';
  }
  return fields;
}
