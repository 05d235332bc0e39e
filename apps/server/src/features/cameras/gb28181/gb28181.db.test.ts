import { createHash } from 'node:crypto';
import net from 'node:net';
import { AggType, type Camera, CameraMessages, Gb28181Texts, type Preset } from '@iot/contracts/cameras';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../platform/config.js';
import { DEMO_ACCOUNTS } from '../../../seed.js';
import { type FakeGbDevice, startFakeGbDevice } from '../../../test/fake-gb-device.js';
import { type FakeZlm, startFakeZlm } from '../../../test/fake-zlmediakit.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../../test/server.js';
import { projectWithAdmin } from '../../../test/tenants.js';
import { NONE_READER_HOOK_PATH, NOT_FOUND_HOOK_PATH } from './index.js';

/**
 * The built-in GB28181 platform (decision 0070) end to end: the real server's SIP port on UDP
 * (and TCP), a fake device (test/fake-gb-device.ts) speaking GB/T 28181-2016 to it, a fake
 * ZLMediaKit for the media side, and the camera routes a user calls.
 */
const PLATFORM_ID = '34020000002000000001';
const DOMAIN = '3402000000';
const PASSWORD = 'gb-Secret-2026';
const DEVICE = '34020000001320000001';
const CHANNEL_1 = '34020000001310000001';
const CHANNEL_2 = '34020000001310000002';
const ZLM_SECRET = 'zlm-secret';

let t: TestServer;
let zlm: FakeZlm;
let device: FakeGbDevice;
let admin: string;
let projectId: number;
let camera1: Camera;
let camera2: Camera;

const cams = () => `/iot/groups/${projectId}/cameras`;
const sipPort = () => t.server.cameras.gb28181.server!.port;
const online = async (id: number) =>
  (await t.ok<Camera>('GET', `${cams()}/${id}`, { token: admin })).isOnline;
const db = () => t.server.platform.db;

function fakeDevice(deviceId = DEVICE, password = PASSWORD) {
  return startFakeGbDevice({
    server: { host: '127.0.0.1', port: sipPort() },
    deviceId,
    password,
    platformId: PLATFORM_ID,
    domain: DOMAIN,
    channels: [
      // 摄像头1 in GB2312.
      {
        id: CHANNEL_1,
        nameGb2312: Buffer.concat([Buffer.from([0xc9, 0xe3, 0xcf, 0xf1, 0xcd, 0xb7]), Buffer.from('1')]),
      },
      { id: CHANNEL_2, name: 'Gate' },
    ],
  });
}

beforeAll(async () => {
  zlm = await startFakeZlm({ secret: ZLM_SECRET });
  const defaults = loadConfig({}).cameraVendors;
  t = await startServer({
    cameraVendors: {
      ...defaults,
      gbMediaUrl: zlm.baseUrl,
      gbMediaSecret: ZLM_SECRET,
      gbPlayUrl: 'http://media.example:8080',
      gbSip: {
        port: 0,
        host: '127.0.0.1',
        id: PLATFORM_ID,
        domain: DOMAIN,
        password: PASSWORD,
        mediaIp: '127.0.0.1',
        // Short, so the test sees a device go offline; keepalives come every 300 ms.
        keepaliveTimeoutSeconds: 2,
      },
    },
  });
  projectId = t.server.seeded.demoProjectId!;
  admin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)).access;
  const body = (name: string, channelNo: number) => ({
    name,
    aggType: AggType.GB28181,
    deviceSerial: DEVICE,
    channelNo,
    showYuntaiIcon: 1,
  });
  camera1 = await t.ok<Camera>('POST', cams(), { token: admin, body: body('国标1', 1) });
  camera2 = await t.ok<Camera>('POST', cams(), { token: admin, body: body('国标2', 2) });
  device = await fakeDevice();
  // The media "arrives" once the device is invited: the stream of the RTP server at that port.
  device.onInvite = (invite) => {
    const stream = [...zlm.rtpServers].find(([, port]) => port === invite.mediaPort)?.[0];
    if (stream) setTimeout(() => zlm.publish('rtp', stream), 100);
  };
}, 60_000);
afterAll(async () => {
  await device?.close();
  await t?.close();
  await zlm?.close();
});

describe('GB28181 signalling: registration', () => {
  it('challenges a REGISTER (401), refuses a wrong password (403) and stores nothing', async () => {
    expect(await device.register({ password: 'wrong' })).toBe(403);
    expect(await db().selectFrom('gb28181_devices').selectAll().execute()).toEqual([]);
    // A device not registered is not heard.
    expect(await device.keepalive()).toBe(403);
  });

  it('registers with the right password: cameras naming the device are online, its catalog is asked and stored', async () => {
    await db().updateTable('cameras').set({ is_online: 0 }).execute();
    expect(await device.register()).toBe(200);
    device.startKeepalives(300);
    expect(await online(camera1.id)).toBe(1);
    await expect
      .poll(
        () =>
          db()
            .selectFrom('gb28181_channels')
            .select(['channel_no', 'channel_id', 'name', 'status'])
            .orderBy('channel_no')
            .execute(),
        {
          timeout: 5000,
        },
      )
      .toEqual([
        { channel_no: 1, channel_id: CHANNEL_1, name: '摄像头1', status: 'ON' },
        { channel_no: 2, channel_id: CHANNEL_2, name: 'Gate', status: 'ON' },
      ]);
    expect(device.queries.map((q) => q.cmdType)).toContain('Catalog');
    await expect
      .poll(
        async () =>
          (await db().selectFrom('gb28181_devices').select(['model', 'firmware']).executeTakeFirst())
            ?.firmware,
      )
      .toBe('V1.0');
    // The camera form's channel picker.
    expect(await t.ok('GET', `${cams()}/gb28181Channels?deviceSerial=${DEVICE}`, { token: admin })).toEqual({
      registered: true,
      online: true,
      channels: [
        { channelNo: 1, channelId: CHANNEL_1, name: '摄像头1', status: 'ON' },
        { channelNo: 2, channelId: CHANNEL_2, name: 'Gate', status: 'ON' },
      ],
    });
    const bad = await t.request('GET', `${cams()}/gb28181Channels?deviceSerial=123`, { token: admin });
    expect(bad.body).toMatchObject({
      code: 40000,
      message: `deviceSerial: ${Gb28181Texts.DEVICE_ID_FORMAT}`,
    });
    const detail = await t.ok<Camera>('GET', `${cams()}/${camera1.id}`, { token: admin });
    expect(detail.supports).toEqual({ ptz: true, talk: false, playback: true, presets: true });
  });

  it('keepalives keep the device online; missed keepalives take it offline; a keepalive brings it back', async () => {
    // Kept alive every 300 ms for longer than the 2 s timeout.
    await new Promise((r) => setTimeout(r, 3000));
    expect(await online(camera1.id)).toBe(1);
    device.stopKeepalives();
    await expect.poll(() => online(camera1.id), { timeout: 8000, interval: 200 }).toBe(0);
    expect(await online(camera2.id)).toBe(0);
    expect(await device.keepalive()).toBe(200);
    expect(await online(camera1.id)).toBe(1);
    device.startKeepalives(300);
  });
});

describe('GB28181 signalling: media', () => {
  it('plays live: openRtpServer, INVITE (s=Play, the media server address and port, y=SSRC), 200, ACK; the FLV URL', async () => {
    const { url } = await t.ok<{ url: string }>('GET', `${cams()}/${camera1.id}/playUrl`, { token: admin });
    expect(url).toBe(`http://media.example:8080/rtp/${DEVICE}_1.live.flv`);
    expect(device.invites).toHaveLength(1);
    const invite = device.invites[0]!;
    expect(invite).toMatchObject({
      channelId: CHANNEL_1,
      session: 'Play',
      mediaPort: zlm.rtpServers.get(`${DEVICE}_1`),
    });
    expect(invite.sdp).toMatch(/\r\nc=IN IP4 127\.0\.0\.1\r\n/);
    expect(invite.sdp).toContain('a=rtpmap:96 PS/90000');
    expect(invite.ssrc).toMatch(/^0\d{9}$/);
    expect(invite.subject).toBe(`${CHANNEL_1}:${invite.ssrc},${PLATFORM_ID}:0`);
    await expect.poll(() => device.acks).toContain(invite.callId);
  });

  it('ACKs again when the device repeats its 200 (it missed the ACK)', async () => {
    device.repeatOk = true;
    const before = device.invites.length;
    t.server.cameras.service.forgetPlayUrl(camera1.id);
    zlm.unpublish('rtp', `${DEVICE}_1`);
    await t.server.cameras.gb28181.server!.sessions.bye(`${DEVICE}_1`);
    await t.ok('GET', `${cams()}/${camera1.id}/playUrl`, { token: admin });
    device.repeatOk = false;
    const invite = device.invites[before]!;
    await expect.poll(() => device.acks.filter((id) => id === invite.callId).length).toBe(2);
  });

  it('the bye route ends the stream: BYE to the device, the RTP server closed', async () => {
    const callId = device.invites.at(-1)!.callId;
    await t.ok('POST', `${cams()}/${camera1.id}/bye`, {
      token: admin,
      body: { streamPath: `http://media.example:8080/rtp/${DEVICE}_1.live.flv` },
    });
    expect(device.byes).toContain(callId);
    expect(zlm.rtpServers.has(`${DEVICE}_1`)).toBe(false);
  });

  it('re-uses a running stream, and BYEs it when the media server says its last viewer left', async () => {
    const before = device.invites.length;
    const first = await t.ok<{ url: string }>('GET', `${cams()}/${camera2.id}/playUrl`, { token: admin });
    expect(first.url).toBe(`http://media.example:8080/rtp/${DEVICE}_2.live.flv`);
    expect(device.invites.slice(before).map((i) => i.channelId)).toEqual([CHANNEL_2]);
    // The cached URL forgotten, asked again: the running stream is re-used, nothing invited.
    t.server.cameras.service.forgetPlayUrl(camera2.id);
    const again = await t.ok<{ url: string }>('GET', `${cams()}/${camera2.id}/playUrl`, { token: admin });
    expect(again.url).toBe(first.url);
    expect(device.invites.length).toBe(before + 1);
    const gb = t.server.cameras.gb28181;
    expect(gb.server!.sessions.has(`${DEVICE}_2`)).toBe(true);
    const hook = (secret: string, path = NONE_READER_HOOK_PATH) =>
      fetch(`${t.baseUrl}${path}?secret=${secret}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          app: 'rtp',
          stream: `${DEVICE}_2`,
          schema: 'rtsp',
          vhost: '__defaultVhost__',
        }),
      }).then((r) => r.json());
    expect(await hook('wrong')).toEqual({ code: -1, msg: 'secret' });
    expect(gb.server!.sessions.has(`${DEVICE}_2`)).toBe(true);
    expect(await hook(ZLM_SECRET)).toEqual({ code: 0, close: true });
    expect(device.byes).toContain(device.invites.at(-1)!.callId);
    expect(await hook(ZLM_SECRET)).toEqual({ code: 0, close: false });
    // A viewer comes back with the (cached) URL: the media server reports the stream missing, and
    // the channel is invited again.
    const invites = device.invites.length;
    expect(await hook('wrong', NOT_FOUND_HOOK_PATH)).toEqual({ code: -1, msg: 'secret' });
    expect(await hook(ZLM_SECRET, NOT_FOUND_HOOK_PATH)).toEqual({ code: 0, msg: 'success' });
    await expect.poll(() => device.invites.length).toBe(invites + 1);
    expect(device.invites.at(-1)!.channelId).toBe(CHANNEL_2);
    await expect.poll(() => gb.server!.sessions.has(`${DEVICE}_2`)).toBe(true);
  });

  it('plays back: RecordInfo with the range (China time) → records; INVITE s=Playback with t= the range', async () => {
    device.records = [
      { start: '2026-11-25T10:00:00', end: '2026-11-25T10:05:00' },
      { start: '2026-11-25T11:00:00', end: '2026-11-25T11:05:00' },
    ];
    const answer = await t.ok<{ url: string; playbacks: { beginTime: string; endTime: string }[] }>(
      'GET',
      `${cams()}/${camera1.id}/playbacks?beginTime=2026-11-25 09:59:00&endTime=2026-11-25 10:30:00`,
      { token: admin },
    );
    expect(answer.playbacks).toEqual([{ beginTime: '2026-11-25 10:00:00', endTime: '2026-11-25 10:05:00' }]);
    const begin = Date.parse('2026-11-25T09:59:00+08:00') / 1000;
    const end = Date.parse('2026-11-25T10:30:00+08:00') / 1000;
    expect(answer.url).toBe(`http://media.example:8080/rtp/${DEVICE}_1_${begin}_${end}.live.flv`);
    expect(device.queries.at(-1)).toEqual({
      cmdType: 'RecordInfo',
      deviceId: CHANNEL_1,
      startTime: '2026-11-25T09:59:00',
      endTime: '2026-11-25T10:30:00',
    });
    const invite = device.invites.at(-1)!;
    expect(invite).toMatchObject({ channelId: CHANNEL_1, session: 'Playback' });
    expect(invite.sdp).toContain(`\r\nt=${begin} ${end}\r\n`);
    expect(invite.sdp).toContain(`\r\nu=${CHANNEL_1}:0\r\n`);
    expect(invite.ssrc).toMatch(/^1\d{9}$/);
    // No recording in the range: no INVITE, and the routes' empty answer.
    const invites = device.invites.length;
    const none = await t.ok(
      'GET',
      `${cams()}/${camera1.id}/playbacks?beginTime=2026-11-24 00:00:00&endTime=2026-11-24 01:00:00`,
      {
        token: admin,
      },
    );
    expect(none).toEqual({ url: '', playbacks: [] });
    expect(device.invites.length).toBe(invites);
  });
});

describe('GB28181 signalling: PTZ and presets', () => {
  it('sends DeviceControl PTZCmd to the channel: moves, zoom, stop', async () => {
    device.ptz.length = 0;
    const ptz = (body: object) => t.ok('POST', `${cams()}/${camera2.id}/ptz`, { token: admin, body });
    await ptz({ action: 'start', direction: 'up' });
    await ptz({ action: 'start', direction: 'zoomIn', speed: 200 });
    await ptz({ action: 'stop', direction: 'up' });
    expect(device.ptz).toEqual([
      { channelId: CHANNEL_2, command: 'A50F01080080003D' },
      { channelId: CHANNEL_2, command: 'A50F01100000C085' },
      { channelId: CHANNEL_2, command: 'A50F0100000000B5' },
    ]);
  });

  it('adds a preset (81h, the next free number) and goes to it (82h)', async () => {
    device.ptz.length = 0;
    const preset = await t.ok<Preset>('POST', `${cams()}/${camera1.id}/presets`, {
      token: admin,
      body: { name: '大门' },
    });
    expect(preset.index).toBe(1);
    await t.ok('PUT', `${cams()}/${camera1.id}/presets/${preset.id}/goto`, { token: admin });
    expect(device.ptz).toEqual([
      { channelId: CHANNEL_1, command: 'A50F018100010037' },
      { channelId: CHANNEL_1, command: 'A50F018200010038' },
    ]);
  });

  it('a camera must name a 20-digit device id and, once the catalog is stored, one of its channels', async () => {
    const create = (deviceSerial: string, channelNo: number) =>
      t.request('POST', cams(), {
        token: admin,
        body: { name: '国标9', aggType: AggType.GB28181, deviceSerial, channelNo },
      });
    expect((await create(DEVICE, 9)).body).toMatchObject({
      code: 40000,
      message: Gb28181Texts.NO_CHANNEL(9),
    });
    expect((await create('1234', 1)).body).toMatchObject({
      code: 40000,
      message: Gb28181Texts.DEVICE_ID_FORMAT,
    });
    // A device not seen yet is taken on trust (it may register later).
    expect((await create('34020000001320000077', 3)).body.code).toBe(20000);
    const edit = await t.request('PUT', `${cams()}/${camera2.id}`, {
      token: admin,
      body: { name: '国标2', aggType: AggType.GB28181, deviceSerial: DEVICE, channelNo: 3 },
    });
    expect(edit.body).toMatchObject({ code: 40000, message: Gb28181Texts.NO_CHANNEL(3) });
  });

  it('a device is the project’s that added it: another project can neither add it nor list its channels', async () => {
    const system = (await t.login('admin', ADMIN_PASSWORD)).access;
    const other = await projectWithAdmin(t, system, '另一个项目', 'gb-other-admin');
    const created = await t.request('POST', `/iot/groups/${other.projectId}/cameras`, {
      token: other.token,
      body: { name: '别人的国标', aggType: AggType.GB28181, deviceSerial: DEVICE, channelNo: 1 },
    });
    expect(created.body).toMatchObject({ code: 40000, message: Gb28181Texts.DEVICE_TAKEN });
    const channels = await t.request(
      'GET',
      `/iot/groups/${other.projectId}/cameras/gb28181Channels?deviceSerial=${DEVICE}`,
      { token: other.token },
    );
    expect(channels.body).toMatchObject({ code: 40000, message: Gb28181Texts.DEVICE_TAKEN });
    // The owner still lists them.
    const own = await t.request<{ channels: unknown[] }>(
      'GET',
      `${cams()}/gb28181Channels?deviceSerial=${DEVICE}`,
      { token: admin },
    );
    expect(own.body.data?.channels.length).toBeGreaterThan(0);
  });
});

describe('GB28181 signalling: robustness and unregistering', () => {
  it('malformed SIP on UDP and TCP never crashes the server; it keeps answering', async () => {
    const transport = t.server.cameras.gb28181.server!.endpoint.transport;
    const before = transport.malformed;
    for (const junk of [
      'garbage',
      'REGISTER sip:x SIP/2.0\r\n\r\n',
      `MESSAGE sip:${PLATFORM_ID}@127.0.0.1 SIP/2.0\r\nVia: SIP/2.0/UDP 127.0.0.1:1;branch=z9hG4bKx\r\nFrom: <sip:${DEVICE}@${DOMAIN}>;tag=1\r\nTo: <sip:${PLATFORM_ID}@${DOMAIN}>\r\nCall-ID: j\r\nCSeq: 1 MESSAGE\r\nContent-Length: 9\r\n\r\n<Notify><`,
      Buffer.from(Array.from({ length: 700 }, (_, i) => (i * 37) % 256)),
    ])
      await device.sendRaw(junk);
    const socket = net.connect(sipPort(), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('INVITE sip:x SIP/2.0\r\nContent-Length: nope\r\n\r\n');
    await new Promise((resolve) => socket.once('close', resolve));
    await expect.poll(() => transport.malformed).toBeGreaterThanOrEqual(before + 3);
    expect(await device.keepalive()).toBe(200);
  });

  it('speaks SIP over TCP too: REGISTER challenged and accepted, then the catalog query comes down the same connection', async () => {
    const tcpDevice = '34020000001320000009';
    const socket = net.connect(sipPort(), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    const uri = `sip:${PLATFORM_ID}@127.0.0.1:${sipPort()}`;
    const register = (cseq: number, authorization?: string) =>
      socket.write(
        [
          `REGISTER ${uri} SIP/2.0`,
          `Via: SIP/2.0/TCP 127.0.0.1:5999;branch=z9hG4bKtcp${cseq}`,
          `From: <sip:${tcpDevice}@${DOMAIN}>;tag=9`,
          `To: <sip:${tcpDevice}@${DOMAIN}>`,
          'Call-ID: tcp-1',
          `CSeq: ${cseq} REGISTER`,
          'Expires: 3600',
          ...(authorization ? [`Authorization: ${authorization}`] : []),
          'Content-Length: 0',
          '',
          '',
        ].join('\r\n'),
      );
    register(1);
    await expect.poll(() => received).toMatch(/^SIP\/2\.0 401 Unauthorized\r\n/);
    expect(received).toContain(`WWW-Authenticate: Digest realm="${DOMAIN}"`);
    const nonce = /nonce="([^"]+)"/.exec(received)?.[1] ?? '';
    const md5 = (text: string) => createHash('md5').update(text).digest('hex');
    const response = md5(`${md5(`${tcpDevice}:${DOMAIN}:${PASSWORD}`)}:${nonce}:${md5(`REGISTER:${uri}`)}`);
    received = '';
    register(
      2,
      `Digest username="${tcpDevice}", realm="${DOMAIN}", nonce="${nonce}", uri="${uri}", response="${response}"`,
    );
    await expect.poll(() => received).toMatch(/^SIP\/2\.0 200 OK\r\n/);
    expect(received).toMatch(/\r\nDate: \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\r\n/);
    // The platform asks the new device for its catalog over its own connection.
    await expect
      .poll(() => received)
      .toMatch(/MESSAGE sip:34020000001320000009@127\.0\.0\.1:\d+ SIP\/2\.0\r\nVia: SIP\/2\.0\/TCP /);
    expect(received).toContain('<CmdType>Catalog</CmdType>');
    const device = await db()
      .selectFrom('gb28181_devices')
      .selectAll()
      .where('device_id', '=', tcpDevice)
      .executeTakeFirst();
    expect(device).toMatchObject({ transport: 'TCP', host: '127.0.0.1', online: 1 });
    socket.destroy();
  });

  it('a device BYE ends its dialog (481 for one it does not have); unregistering (Expires 0) takes the cameras offline', async () => {
    const sessions = t.server.cameras.gb28181.server!.sessions;
    const playback = device.invites.find((i) => i.session === 'Playback')!;
    expect(sessions.streams().some((s) => s.startsWith(`${DEVICE}_1_`))).toBe(true);
    expect(await device.byeFromDevice(playback.callId)).toBe(200);
    expect(sessions.streams().some((s) => s.startsWith(`${DEVICE}_1_`))).toBe(false);
    expect(await device.byeFromDevice(playback.callId)).toBe(481);
    device.stopKeepalives();
    expect(await device.register({ expires: 0 })).toBe(200);
    expect(await online(camera1.id)).toBe(0);
    expect(await online(camera2.id)).toBe(0);
    const answer = await t.request('GET', `${cams()}/${camera1.id}/playUrl`, { token: admin });
    expect(answer.body).toMatchObject({ code: 40000, message: CameraMessages.NO_PLAY_URL });
    expect(await device.keepalive()).toBe(403);
  });
});
