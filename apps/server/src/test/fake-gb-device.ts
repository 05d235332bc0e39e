import { createHash, randomBytes } from 'node:crypto';
import dgram from 'node:dgram';

/**
 * A GB/T 28181-2016 device (an IPC or NVR) as a SIP user agent over UDP, for tests of the
 * platform's SIP server. Written from the standard and RFC 3261 with its own text handling (not
 * the server's parser): it REGISTERs with digest authentication (MD5), keeps alive with MESSAGE
 * Notify Keepalive, answers Catalog / DeviceInfo / RecordInfo queries with MESSAGE Response
 * documents (the catalog in GB2312, split one item per MESSAGE), answers INVITE with 200 + SDP,
 * and records what it was sent: INVITEs (with their SDP), ACKs, BYEs, PTZCmd codes.
 */
export interface FakeGbChannel {
  id: string;
  /** GB2312 bytes of the name (devices write Chinese names in GB2312); else ASCII `name`. */
  nameGb2312?: Buffer;
  name?: string;
}

export interface FakeInvite {
  channelId: string;
  callId: string;
  sdp: string;
  subject: string;
  /** `s=` of the SDP: Play or Playback. */
  session: string;
  mediaPort: number;
  ssrc: string;
}

export interface FakeGbDevice {
  deviceId: string;
  port: number;
  /** REGISTER (answering the 401 challenge); the final status. */
  register(options?: { password?: string; expires?: number }): Promise<number>;
  keepalive(): Promise<number>;
  /** Keeps alive every `ms` in the background (as devices do, 60 s by default) until stopped. */
  startKeepalives(ms: number): void;
  stopKeepalives(): void;
  invites: FakeInvite[];
  acks: string[];
  byes: string[];
  ptz: { channelId: string; command: string }[];
  /** CmdTypes of the queries received. */
  queries: { cmdType: string; deviceId: string; startTime?: string; endTime?: string }[];
  /** Called when an INVITE was answered (a test makes the media "arrive" here). */
  onInvite: (invite: FakeInvite) => void;
  /** Recordings RecordInfo answers with (China time `YYYY-MM-DDTHH:mm:ss`), filtered by the asked range. */
  records: { start: string; end: string }[];
  /** Whether queries get answers at all (a device that says 200 and then nothing). */
  answering: boolean;
  /** Repeats each INVITE's 200 once more after 300 ms, as a device that missed the ACK does. */
  repeatOk: boolean;
  /** A device-side BYE of a running call (a recording that ended). */
  byeFromDevice(callId: string): Promise<number>;
  /** Sends bytes as they are (malformed SIP). */
  sendRaw(bytes: Buffer | string): Promise<void>;
  close(): Promise<void>;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const tag = () => randomBytes(4).toString('hex');
const branch = () => `z9hG4bK${randomBytes(6).toString('hex')}`;

interface Parsed {
  start: string;
  headers: Map<string, string[]>;
  body: Buffer;
}

function parse(data: Buffer): Parsed | null {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const lines = data.subarray(0, end).toString('utf8').split('\r\n');
  const headers = new Map<string, string[]>();
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return { start: lines[0] ?? '', headers, body: data.subarray(end + 4) };
}

const header = (m: Parsed, name: string) => m.headers.get(name)?.[0] ?? '';
const xmlText = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

export async function startFakeGbDevice(options: {
  server: { host: string; port: number };
  deviceId: string;
  password: string;
  /** The platform's id and domain (the REGISTER's request URI and To). */
  platformId: string;
  domain: string;
  channels: FakeGbChannel[];
}): Promise<FakeGbDevice> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const port = socket.address().port;
  const { server, deviceId } = options;
  const waiting = new Map<string, (m: Parsed) => void>();
  let cseq = 1;
  const callId = randomBytes(8).toString('hex');
  const fromTag = tag();
  let keepalives: NodeJS.Timeout | null = null;

  const send = (text: string | Buffer) =>
    new Promise<void>((resolve) => socket.send(text, server.port, server.host, () => resolve()));

  const build = (start: string, headers: [string, string | number][], body: Buffer = Buffer.alloc(0)) =>
    Buffer.concat([
      Buffer.from(
        `${start}\r\n${headers.map(([n, v]) => `${n}: ${v}`).join('\r\n')}\r\nContent-Length: ${body.length}\r\n\r\n`,
      ),
      body,
    ]);

  /** Sends a request and waits for its final response (retransmitting over UDP, as a UA must). */
  const request = (method: string, uri: string, headers: [string, string | number][], body?: Buffer) => {
    const b = branch();
    const seq = cseq++;
    const message = build(
      `${method} ${uri} SIP/2.0`,
      [
        ['Via', `SIP/2.0/UDP 127.0.0.1:${port};rport;branch=${b}`],
        ['CSeq', `${seq} ${method}`],
        ['Max-Forwards', 70],
        ...headers,
      ],
      body,
    );
    return new Promise<Parsed>((resolve, reject) => {
      const timer = setInterval(() => void send(message), 500);
      const deadline = setTimeout(() => {
        clearInterval(timer);
        waiting.delete(b);
        reject(new Error(`${method}: no answer`));
      }, 5000);
      waiting.set(b, (response) => {
        const status = Number(response.start.split(' ')[1]);
        if (status < 200) return;
        clearInterval(timer);
        clearTimeout(deadline);
        waiting.delete(b);
        resolve(response);
      });
      void send(message);
    });
  };

  const from = `<sip:${deviceId}@${options.domain}>;tag=${fromTag}`;
  const to = `<sip:${deviceId}@${options.domain}>`;
  const messageTo = (body: Buffer) =>
    request(
      'MESSAGE',
      `sip:${options.platformId}@${server.host}:${server.port}`,
      [
        ['From', `<sip:${deviceId}@${options.domain}>;tag=${tag()}`],
        ['To', `<sip:${options.platformId}@${options.domain}>`],
        ['Call-ID', randomBytes(8).toString('hex')],
        ['Content-Type', 'Application/MANSCDP+xml'],
      ],
      body,
    );

  const device: FakeGbDevice = {
    deviceId,
    port,
    invites: [],
    acks: [],
    byes: [],
    ptz: [],
    queries: [],
    records: [],
    answering: true,
    repeatOk: false,
    onInvite: () => undefined,

    async register({ password = options.password, expires = 3600 } = {}) {
      const uri = `sip:${options.platformId}@${server.host}:${server.port}`;
      const base: [string, string | number][] = [
        ['From', from],
        ['To', to],
        ['Call-ID', callId],
        ['Contact', `<sip:${deviceId}@127.0.0.1:${port}>`],
        ['Expires', expires],
      ];
      const first = await request('REGISTER', uri, base);
      if (!first.start.includes(' 401 ')) return Number(first.start.split(' ')[1]);
      const challenge = header(first, 'www-authenticate');
      const realm = /realm="([^"]*)"/.exec(challenge)?.[1] ?? '';
      const nonce = /nonce="([^"]*)"/.exec(challenge)?.[1] ?? '';
      const response = md5(`${md5(`${deviceId}:${realm}:${password}`)}:${nonce}:${md5(`REGISTER:${uri}`)}`);
      const authorization = `Digest username="${deviceId}", realm="${realm}", nonce="${nonce}", uri="${uri}", response="${response}", algorithm=MD5`;
      const second = await request('REGISTER', uri, [...base, ['Authorization', authorization]]);
      return Number(second.start.split(' ')[1]);
    },

    async keepalive() {
      const body = Buffer.from(
        `<?xml version="1.0" encoding="GB2312"?>\r\n<Notify>\r\n<CmdType>Keepalive</CmdType>\r\n<SN>${cseq}</SN>\r\n<DeviceID>${deviceId}</DeviceID>\r\n<Status>OK</Status>\r\n</Notify>\r\n`,
      );
      return Number((await messageTo(body)).start.split(' ')[1]);
    },

    startKeepalives(ms) {
      device.stopKeepalives();
      keepalives = setInterval(() => void device.keepalive().catch(() => undefined), ms);
    },

    stopKeepalives() {
      if (keepalives) clearInterval(keepalives);
      keepalives = null;
    },

    async byeFromDevice(id) {
      const invite = device.invites.find((i) => i.callId === id);
      const answer = await request('BYE', `sip:${options.platformId}@${server.host}:${server.port}`, [
        ['From', `<sip:${invite?.channelId}@${options.domain}>;tag=device`],
        ['To', `<sip:${options.platformId}@${options.domain}>;tag=platform`],
        ['Call-ID', id],
      ]);
      return Number(answer.start.split(' ')[1]);
    },

    sendRaw: (bytes) => send(bytes),

    close: () => {
      device.stopKeepalives();
      return new Promise<void>((resolve) => socket.close(() => resolve()));
    },
  };

  const respond = (m: Parsed, status: string, extra: [string, string | number][] = [], body?: Buffer) =>
    send(
      build(
        `SIP/2.0 ${status}`,
        [
          ...(m.headers.get('via') ?? []).map((v): [string, string] => ['Via', v]),
          ['From', header(m, 'from')],
          ['To', header(m, 'to').includes('tag=') ? header(m, 'to') : `${header(m, 'to')};tag=${tag()}`],
          ['Call-ID', header(m, 'call-id')],
          ['CSeq', header(m, 'cseq')],
          ...extra,
        ],
        body,
      ),
    );

  const answerQuery = async (xml: string) => {
    const cmdType = xmlText(xml, 'CmdType') ?? '';
    const sn = xmlText(xml, 'SN') ?? '';
    const target = xmlText(xml, 'DeviceID') ?? '';
    const startTime = xmlText(xml, 'StartTime');
    const endTime = xmlText(xml, 'EndTime');
    device.queries.push({
      cmdType,
      deviceId: target,
      ...(startTime ? { startTime } : {}),
      ...(endTime ? { endTime } : {}),
    });
    if (!device.answering) return;
    const head = `<?xml version="1.0" encoding="GB2312"?>\r\n<Response>\r\n<CmdType>${cmdType}</CmdType>\r\n<SN>${sn}</SN>\r\n<DeviceID>${target}</DeviceID>\r\n`;
    if (cmdType === 'Catalog') {
      // One item per MESSAGE, as devices with many channels do.
      for (const channel of options.channels) {
        const name = channel.nameGb2312 ?? Buffer.from(channel.name ?? channel.id);
        await messageTo(
          Buffer.concat([
            Buffer.from(
              `${head}<SumNum>${options.channels.length}</SumNum>\r\n<DeviceList Num="1">\r\n<Item>\r\n<DeviceID>${channel.id}</DeviceID>\r\n<Name>`,
            ),
            name,
            Buffer.from(
              `</Name>\r\n<Manufacturer>Fake</Manufacturer>\r\n<Model>IPC-1</Model>\r\n<Status>ON</Status>\r\n</Item>\r\n</DeviceList>\r\n</Response>\r\n`,
            ),
          ]),
        );
      }
      if (options.channels.length === 0)
        await messageTo(
          Buffer.from(
            `${head}<SumNum>0</SumNum>\r\n<DeviceList Num="0">\r\n</DeviceList>\r\n</Response>\r\n`,
          ),
        );
    } else if (cmdType === 'DeviceInfo') {
      await messageTo(
        Buffer.from(
          `${head}<DeviceName>Fake IPC</DeviceName>\r\n<Result>OK</Result>\r\n<Manufacturer>Fake</Manufacturer>\r\n<Model>IPC-1</Model>\r\n<Firmware>V1.0</Firmware>\r\n</Response>\r\n`,
        ),
      );
    } else if (cmdType === 'RecordInfo') {
      const inRange = device.records.filter(
        (r) => (!startTime || r.end > startTime) && (!endTime || r.start < endTime),
      );
      const items = inRange
        .map(
          (r) =>
            `<Item>\r\n<DeviceID>${target}</DeviceID>\r\n<Name>Camera</Name>\r\n<StartTime>${r.start}</StartTime>\r\n<EndTime>${r.end}</EndTime>\r\n<Secrecy>0</Secrecy>\r\n<Type>time</Type>\r\n</Item>\r\n`,
        )
        .join('');
      await messageTo(
        Buffer.from(
          `${head}<Name>Camera</Name>\r\n<SumNum>${inRange.length}</SumNum>\r\n<RecordList Num="${inRange.length}">\r\n${items}</RecordList>\r\n</Response>\r\n`,
        ),
      );
    }
  };

  socket.on('message', (data) => {
    const m = parse(data);
    if (!m) return;
    if (m.start.startsWith('SIP/2.0')) {
      const b = /branch=([^;\s]+)/.exec(header(m, 'via'))?.[1] ?? '';
      waiting.get(b)?.(m);
      return;
    }
    const method = m.start.split(' ')[0];
    const requestUser = /sip:([^@]+)@/.exec(m.start)?.[1] ?? '';
    if (method === 'MESSAGE') {
      const xml = m.body.toString('latin1');
      void respond(m, '200 OK').then(() => {
        if (xml.includes('<Control>')) {
          const command = xmlText(xml, 'PTZCmd');
          if (command) device.ptz.push({ channelId: xmlText(xml, 'DeviceID') ?? '', command });
          return;
        }
        if (xml.includes('<Query>')) void answerQuery(xml).catch(() => undefined);
      });
    } else if (method === 'INVITE') {
      const sdp = m.body.toString('utf8');
      const field = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(sdp)?.[1]?.trim() ?? '';
      const invite: FakeInvite = {
        channelId: requestUser,
        callId: header(m, 'call-id'),
        sdp,
        subject: header(m, 'subject'),
        session: field('s'),
        mediaPort: Number(field('m').split(' ')[1]),
        ssrc: field('y'),
      };
      const answer = Buffer.from(
        `v=0\r\no=${requestUser} 0 0 IN IP4 127.0.0.1\r\ns=${invite.session}\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=video 15060 RTP/AVP 96\r\na=sendonly\r\na=rtpmap:96 PS/90000\r\ny=${invite.ssrc}\r\n`,
      );
      const ok = () =>
        respond(
          m,
          '200 OK',
          [
            ['Contact', `<sip:${requestUser}@127.0.0.1:${port}>`],
            ['Content-Type', 'APPLICATION/SDP'],
          ],
          answer,
        );
      void respond(m, '100 Trying').then(ok);
      if (device.repeatOk) setTimeout(() => void ok(), 300);
      if (!device.invites.some((i) => i.callId === invite.callId)) {
        device.invites.push(invite);
        device.onInvite(invite);
      }
    } else if (method === 'ACK') {
      device.acks.push(header(m, 'call-id'));
    } else if (method === 'BYE') {
      if (!device.byes.includes(header(m, 'call-id'))) device.byes.push(header(m, 'call-id'));
      void respond(m, '200 OK');
    }
  });

  return device;
}
