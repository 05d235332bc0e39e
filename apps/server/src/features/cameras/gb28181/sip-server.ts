import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { GbDevicesRepository } from './devices.repository.js';
import { DigestAuthority } from './digest.js';
import { GbRefusedError, GbUnreachableError } from './errors.js';
import { childText, decodeBody, parseXml, type XmlElement } from './manscdp.js';
import { GbQueries } from './queries.js';
import { GbSessions } from './sessions.js';
import { GB_ID, type GbSipSettings } from './settings.js';
import { buildRequest, newCallId, newTag, SipEndpoint } from './sip-endpoint.js';
import { headerParam, responseTo, type SipRequest, type SipResponse, uriUser } from './sip-message.js';
import type { SipRemote } from './sip-transport.js';

/** How to reach a registered device, as the parts that talk to it need. */
export interface GbTarget {
  deviceId: string;
  remote: SipRemote;
  /** Our address as the device reaches it (Via, Contact, From). */
  localAddress: string;
}

const DEFAULT_EXPIRES_S = 3600;
const MAX_EXPIRES_S = 7 * 24 * 3600;

/**
 * The platform side of GB/T 28181-2016 (decision 0070): devices REGISTER here with digest
 * authentication (realm = the SIP domain, username = the device's 20-digit id), keep alive with
 * MESSAGE Notify Keepalive, and answer our queries with MESSAGE Response; we INVITE their channels
 * (GbSessions) and send Query/Control MESSAGEs (GbQueries). Their state is stored (migration 0051)
 * and shown on the cameras that name them.
 */
export class GbSipServer {
  readonly endpoint: SipEndpoint;
  readonly queries: GbQueries;
  readonly sessions: GbSessions;
  private readonly digest: DigestAuthority;
  private cseq = 1;
  private sweeper: NodeJS.Timeout | null = null;
  port = 0;
  /** Called when a device comes online (registered, or keeping alive again): the catalog is asked then. */
  onOnline: (deviceId: string) => void = () => undefined;

  constructor(
    readonly settings: GbSipSettings & { password: string },
    private readonly devices: GbDevicesRepository,
    private readonly log: FastifyBaseLogger,
  ) {
    this.digest = new DigestAuthority(settings.domain, settings.password);
    this.endpoint = new SipEndpoint(
      (request, remote) => this.handle(request, remote),
      (remote, error) =>
        log.debug({ remote, reason: error.message }, 'GB28181: malformed SIP message dropped'),
      (error) => log.warn({ err: error }, 'GB28181: a SIP request failed'),
    );
    this.queries = new GbQueries(this);
    this.sessions = new GbSessions(this);
  }

  async start(): Promise<number> {
    this.port = await this.endpoint.listen(this.settings.host, this.settings.port);
    const every = Math.min(10_000, Math.max(200, Math.floor(this.settings.keepaliveTimeoutMs / 4)));
    this.sweeper = setInterval(() => void this.sweep().catch(() => undefined), every);
    this.sweeper.unref();
    return this.port;
  }

  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    await this.sessions.closeAll();
    this.queries.closeAll();
    await this.endpoint.close();
  }

  /** Devices silent past the keepalive timeout, or whose registration ran out, go offline. */
  async sweep(now = Date.now()): Promise<void> {
    for (const deviceId of await this.devices.lapsed(now, now - this.settings.keepaliveTimeoutMs)) {
      this.log.info({ deviceId }, 'GB28181: device offline (keepalives missed)');
      await this.offline(deviceId);
    }
  }

  private async offline(deviceId: string): Promise<void> {
    await this.devices.setOffline(deviceId);
    await this.devices.setCamerasOnline(deviceId, false);
    this.sessions.dropDevice(deviceId);
  }

  // Requests from devices.

  private async handle(request: SipRequest, remote: SipRemote): Promise<SipResponse | null> {
    switch (request.method) {
      case 'REGISTER':
        return this.register(request, remote);
      case 'MESSAGE':
        return this.message(request, remote);
      case 'BYE':
        // A device ending a call (a recording played to its end); 481 for a dialog we do not hold.
        if (this.sessions.remoteBye(request)) return responseTo(request, 200, 'OK');
        return responseTo(request, 481, 'Call/Transaction Does Not Exist');
      case 'ACK':
        return null;
      case 'OPTIONS':
        return responseTo(request, 200, 'OK');
      default:
        return responseTo(request, 405, 'Method Not Allowed');
    }
  }

  private async register(request: SipRequest, remote: SipRemote): Promise<SipResponse> {
    const deviceId = uriUser(request.headers.get('from'));
    if (!deviceId || !GB_ID.test(deviceId)) return responseTo(request, 400, 'Bad Request');
    const verdict = this.digest.verify(request.headers.get('authorization'), {
      method: 'REGISTER',
      deviceId,
    });
    if (verdict === 'stale') {
      const challenge = responseTo(request, 401, 'Unauthorized', newTag());
      challenge.headers.set('www-authenticate', this.digest.challenge());
      return challenge;
    }
    if (verdict === 'refused') {
      this.log.warn({ deviceId, remote }, 'GB28181: REGISTER refused (wrong credentials)');
      return responseTo(request, 403, 'Forbidden', newTag());
    }
    const contact = request.headers.get('contact');
    const asked = Number(
      request.headers.get('expires') ?? headerParam(contact, 'expires') ?? DEFAULT_EXPIRES_S,
    );
    const expires = Number.isFinite(asked)
      ? Math.min(MAX_EXPIRES_S, Math.max(0, Math.floor(asked)))
      : DEFAULT_EXPIRES_S;
    const answer = responseTo(request, 200, 'OK', newTag());
    if (contact) answer.headers.set('contact', contact);
    answer.headers.set('expires', expires);
    // GB/T 28181 §9.10: the 200 to REGISTER carries the time devices set their clocks by (China time).
    answer.headers.set('date', chinaIsoTime(new Date()));
    if (expires === 0) {
      this.log.info({ deviceId }, 'GB28181: device unregistered');
      await this.devices.unregister(deviceId);
      await this.devices.setCamerasOnline(deviceId, false);
      this.sessions.dropDevice(deviceId);
      return answer;
    }
    const before = await this.devices.device(deviceId);
    await this.devices.register(
      deviceId,
      remote,
      this.localAddressFor(request.uri),
      Date.now() + expires * 1000,
    );
    await this.devices.setCamerasOnline(deviceId, true);
    if (!before?.online || before.expires_at <= Date.now()) setImmediate(() => this.onOnline(deviceId));
    this.log.info({ deviceId, remote, expires }, 'GB28181: device registered');
    return answer;
  }

  /** The address of ours the device wrote in its REGISTER's request URI, when it is one. */
  private localAddressFor(uri: string): string {
    const host = /^sips?:(?:[^@]*@)?([^:;>]+)/i.exec(uri)?.[1];
    if (host && isIP(host)) return host;
    if (this.settings.host !== '0.0.0.0' && isIP(this.settings.host)) return this.settings.host;
    for (const addresses of Object.values(networkInterfaces()))
      for (const address of addresses ?? [])
        if (address.family === 'IPv4' && !address.internal) return address.address;
    return '127.0.0.1';
  }

  private async message(request: SipRequest, remote: SipRemote): Promise<SipResponse> {
    const deviceId = uriUser(request.headers.get('from'));
    if (!deviceId || !GB_ID.test(deviceId)) return responseTo(request, 400, 'Bad Request');
    let root: XmlElement;
    try {
      root = parseXml(decodeBody(request.body));
    } catch {
      return responseTo(request, 400, 'Bad Request');
    }
    const device = await this.devices.device(deviceId);
    // Only a registered device, from the address it registered from, is heard.
    if (!device || device.expires_at <= Date.now() || device.host !== remote.host)
      return responseTo(request, 403, 'Forbidden');
    const cmdType = childText(root, 'CmdType') ?? '';
    if (root.name === 'Notify' && cmdType === 'Keepalive') {
      if (!(await this.devices.keepalive(deviceId, remote))) return responseTo(request, 403, 'Forbidden');
      if (!device.online) {
        this.log.info({ deviceId }, 'GB28181: device online again (keepalive)');
        await this.devices.setCamerasOnline(deviceId, true);
        setImmediate(() => this.onOnline(deviceId));
      }
      return responseTo(request, 200, 'OK');
    }
    if (root.name === 'Response') this.queries.deliver(deviceId, cmdType, root);
    return responseTo(request, 200, 'OK');
  }

  // Requests to devices.

  /** Where a device is, if it may be asked now. */
  async target(deviceId: string): Promise<GbTarget> {
    const device = await this.devices.device(deviceId);
    if (!device?.online || device.expires_at <= Date.now()) throw new GbUnreachableError(deviceId);
    return {
      deviceId,
      remote: { transport: device.transport === 'TCP' ? 'TCP' : 'UDP', host: device.host, port: device.port },
      localAddress: device.local_address,
    };
  }

  nextCSeq(): number {
    return this.cseq++;
  }

  /** Our SIP URI as the device reaches it. */
  localUri(target: GbTarget): string {
    return `sip:${this.settings.id}@${target.localAddress}:${this.port}`;
  }

  /** A MESSAGE with a MANSCDP body to the device (or one of its channels); resolves on its 200. */
  async sendMessage(deviceId: string, targetId: string, body: Buffer, contentType: string): Promise<void> {
    const target = await this.target(deviceId);
    const request = buildRequest({
      method: 'MESSAGE',
      uri: `sip:${targetId}@${target.remote.host}:${target.remote.port}`,
      via: { transport: target.remote.transport, address: target.localAddress, port: this.port },
      from: `<sip:${this.settings.id}@${this.settings.domain}>;tag=${newTag()}`,
      to: `<sip:${targetId}@${this.settings.domain}>`,
      callId: newCallId(),
      cseq: this.nextCSeq(),
      contentType,
      body,
    });
    const response = await this.endpoint.request(target.remote, request, this.settings.requestTimeoutMs);
    if (response.status >= 300) throw new GbRefusedError(response.status);
  }
}

/** `2026-11-25T12:00:00.000` in China time (UTC+8), the form GB/T 28181 devices expect. */
export function chinaIsoTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 23);
}
