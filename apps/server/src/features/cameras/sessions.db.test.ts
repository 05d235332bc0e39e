import type { Camera } from '@iot/contracts/cameras';
import { AggType, CameraMessages } from '@iot/contracts/cameras';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.js';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { type FakeLink, startFakeLink } from '../../test/fake-link.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectTree, projectWithAdmin } from '../../test/tenants.js';

/**
 * The link platform's sessions through our routes (decisions 0064, 0065): play URL → WebRTC
 * answer, talk over a pushed offer (create bit), bye ending the session and the cached play URL;
 * cameras of other back-ends answer what they cannot do.
 */
const SERIAL = '34020000001320000009';
const OFFER = ['v=0', 'o=- 1 2 IN IP4 127.0.0.1', 's=-', 't=0 0', 'm=video 9 UDP/TLS/RTP/SAVPF 96', ''].join(
  '\r\n',
);

let t: TestServer;
let link: FakeLink;
let projectId: number;
let site: number;
let admin: string;
let reader: string;
let linkCamera: Camera;
let flvCamera: Camera;

const path = (camera: Camera, tail: string) => `/iot/groups/${site}/cameras/${camera.id}/${tail}`;

async function role(name: string, permission: number): Promise<string> {
  const created = await t.ok<{ id: number }>('POST', `/iot/groups/${projectId}/roles`, {
    token: admin,
    body: { name, description: '', functions: [{ code: 'router-videoSurveillance', permission }] },
  });
  await t.ok('POST', `/iot/groups/${projectId}/users`, {
    token: admin,
    body: { username: `link-${permission}`, realname: name, password: 'Passw0rd!', roleId: created.id },
  });
  return (await t.login(`link-${permission}`, 'Passw0rd!')).access;
}

beforeAll(async () => {
  link = await startFakeLink({ secret: 'link-secret', tokenTtlSeconds: 600 });
  t = await startServer({
    cameraVendors: {
      ...loadConfig({}).cameraVendors,
      cloudAUrl: 'http://127.0.0.1:9',
      cloudBUrl: 'http://127.0.0.1:9',
      linkUrl: link.baseUrl,
      linkSecret: 'link-secret',
      gbMediaUrl: undefined,
      gbMediaSecret: undefined,
      gbPlayUrl: undefined,
      timeoutMs: 3000,
    },
  });
  projectId = t.server.seeded.demoProjectId!;
  admin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)).access;
  site = (await projectTree(t, admin, projectId)).areas[0]!.sites[0]!;
  reader = await role('联网平台查看', 1);
  linkCamera = await t.ok<Camera>('POST', `/iot/groups/${site}/cameras`, {
    token: admin,
    body: { name: '联网平台球机', aggType: AggType.LINK, deviceSerial: SERIAL, channelNo: 1 },
  });
  flvCamera = await t.ok<Camera>('POST', `/iot/groups/${site}/cameras`, {
    token: admin,
    body: { name: 'FLV 枪机', aggType: AggType.HTTP_FLV, videoUrl: 'http://127.0.0.1:9/live.flv' },
  });
  link.addCamera({ groupId: site, cameraId: linkCamera.id, serial: SERIAL, channels: 1, online: true });
});
afterAll(async () => {
  await t?.close();
  await link?.close();
});

describe('link platform sessions', () => {
  it('answers the browser’s offer for the play URL’s stream, with the read bit', async () => {
    const { url: streamPath } = await t.ok<{ url: string }>('GET', path(linkCamera, 'playUrl'), {
      token: reader,
    });
    const { answer } = await t.ok<{ answer: string }>('POST', path(linkCamera, 'webrtc'), {
      token: reader,
      body: { streamPath, offer: OFFER },
    });
    expect(answer).toMatch(/^v=0/);
    const session = link.sessions.find((s) => s.streamPath === streamPath);
    expect(session?.offers.map((o) => o.type)).toEqual(['play']);
  });

  it('talks only with the create bit: push offer, start, stop', async () => {
    const { url: streamPath } = await t.ok<{ url: string }>('GET', path(linkCamera, 'talkUrl'), {
      token: admin,
    });
    const body = { streamPath, offer: OFFER };
    expect((await t.request('POST', path(linkCamera, 'talk/webrtc'), { token: reader, body })).status).toBe(
      403,
    );
    expect(
      (
        await t.request('POST', path(linkCamera, 'talk'), {
          token: reader,
          body: { streamPath, action: 'start' },
        })
      ).status,
    ).toBe(403);
    await t.ok('POST', path(linkCamera, 'talk/webrtc'), { token: admin, body });
    await t.ok('POST', path(linkCamera, 'talk'), { token: admin, body: { streamPath, action: 'start' } });
    expect(link.sessions.find((s) => s.streamPath === streamPath)?.talking).toBe(true);
    await t.ok('POST', path(linkCamera, 'talk'), { token: admin, body: { streamPath, action: 'stop' } });
    expect(link.sessions.find((s) => s.streamPath === streamPath)?.talking).toBe(false);
  });

  it('bye ends the session on the platform, and the next play URL is a new session', async () => {
    const first = (await t.ok<{ url: string }>('GET', path(linkCamera, 'playUrl'), { token: reader })).url;
    expect((await t.ok<{ url: string }>('GET', path(linkCamera, 'playUrl'), { token: reader })).url).toBe(
      first,
    );
    await t.ok('POST', path(linkCamera, 'bye'), { token: reader, body: { streamPath: first } });
    expect(link.sessions.find((s) => s.streamPath === first)?.closed).toBe(true);
    const next = (await t.ok<{ url: string }>('GET', path(linkCamera, 'playUrl'), { token: reader })).url;
    expect(next).not.toBe(first);
  });

  it('a bye the platform refuses (its stream already gone) still ends the cached play URL', async () => {
    const first = (await t.ok<{ url: string }>('GET', path(linkCamera, 'playUrl'), { token: reader })).url;
    // The platform ended the stream itself (device restarted): its bye answers 404.
    link.sessions.find((s) => s.streamPath === first)!.closed = true;
    const bye = await t.request('POST', path(linkCamera, 'bye'), {
      token: reader,
      body: { streamPath: first },
    });
    expect(bye.status).toBe(400);
    const next = (await t.ok<{ url: string }>('GET', path(linkCamera, 'playUrl'), { token: reader })).url;
    expect(next).not.toBe(first);
  });

  it('refuses an offer for a stream the platform does not know, with its message', async () => {
    const refused = await t.request('POST', path(linkCamera, 'webrtc'), {
      token: reader,
      body: { streamPath: 'live/none', offer: OFFER },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(CameraMessages.PLAY_FAILED);
  });
});

describe('cameras of other back-ends', () => {
  it('say what they cannot do: no WebRTC, no talk, no player token', async () => {
    const webrtc = await t.request('POST', path(flvCamera, 'webrtc'), {
      token: admin,
      body: { streamPath: 'x', offer: OFFER },
    });
    expect(webrtc.body.message).toBe(CameraMessages.NO_PLAY_URL);
    const talk = await t.request('POST', path(flvCamera, 'talk'), {
      token: admin,
      body: { streamPath: 'x', action: 'start' },
    });
    expect(talk.body.message).toBe(CameraMessages.NO_TALK);
    expect((await t.request('GET', path(flvCamera, 'playerToken'), { token: admin })).body.message).toBe(
      CameraMessages.NO_PLAY_URL,
    );
  });

  it('are another project’s to nobody here', async () => {
    const system = (await t.login('admin', ADMIN_PASSWORD)).access;
    const stranger = await projectWithAdmin(t, system, '无关项目', 'link-stranger');
    const refused = await t.request('POST', path(linkCamera, 'webrtc'), {
      token: stranger.token,
      body: { streamPath: 'x', offer: OFFER },
    });
    expect(refused.status).toBe(403);
  });
});
