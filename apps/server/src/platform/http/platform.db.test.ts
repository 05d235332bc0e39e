import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

let t: TestServer;
let admin: string;

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
});
afterAll(() => t.close());

describe('storage', () => {
  it('a restart keeps everything and does not migrate again', async () => {
    const created = await t.request('POST', '/iot/users', {
      token: admin,
      body: { username: 'survivor', realname: '留存', password: 'Passw0rd!' },
    });
    expect(created.body.code).toBe(20000);
    expect(t.logs.some((line) => line.msg === 'database migrated')).toBe(true);

    t = await t.restart();
    expect(t.logs.some((line) => line.msg === 'database migrated')).toBe(false);
    expect(t.server.seeded.demoProjectId).toBeUndefined(); // seeded once, on the first start
    await t.login('survivor', 'Passw0rd!');
    // The signing key was kept in DATA_DIR: a token from before the restart still works.
    expect((await t.request('GET', '/iot/users/current/loginInfo', { token: admin })).body.code).toBe(20000);
  });
});

describe('errors', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const answer = await t.request('GET', '/iot/no/such/thing');
    expect(answer).toMatchObject({
      status: 404,
      body: { code: 40000, message: '请求的资源不存在', data: null },
    });
  });

  it('names the field and the reason when validation fails', async () => {
    const answer = await t.request<{ field: string; message: string }[]>('POST', '/iot/users', {
      token: admin,
      body: { username: 'valid-name', realname: '某人', password: 'Passw0rd!', mobile: '12345' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(40000);
    expect(answer.body.message).toBe('mobile: 输入的手机号错误');
    expect(answer.body.data).toEqual([{ field: 'mobile', message: '输入的手机号错误' }]);
  });

  it('explains a missing field in Chinese', async () => {
    const answer = await t.request('POST', '/iot/users', {
      token: admin,
      body: { realname: '某人', password: 'Passw0rd!' },
    });
    expect(answer.body.message).toMatch(/^username: .*[\u4e00-\u9fa5]/);
  });

  it('answers a malformed JSON body with 40000', async () => {
    const response = await fetch(`${t.baseUrl}/iot/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: '{"username":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 40000, message: '请求格式错误' });
  });

  it('tags every answer with a request id', async () => {
    const response = await fetch(`${t.baseUrl}/iot/system/info`);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('logs', () => {
  it('never contain tokens passed in query strings', async () => {
    const { access } = await t.login('admin', ADMIN_PASSWORD);
    await t.request('POST', `/iot/oauth/check_token?token=${access}`);
    await t.request('POST', `/iot/exit?accessToken=${access}&loginWayEnumOp=web`, { token: access });
    const logged = JSON.stringify(t.logs);
    expect(logged).toContain('/iot/oauth/check_token?token=***');
    expect(logged).not.toContain(access);
  });
});

describe('API description', () => {
  it('serves an OpenAPI document listing every route with its permission', async () => {
    const response = await fetch(`${t.baseUrl}/openapi.json`);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { 'x-permission'?: unknown; requestBody?: { content: Record<string, unknown> } }>
      >;
    };
    expect(document.openapi).toBe('3.0.3');
    const operations = Object.values(document.paths).reduce(
      (n, methods) => n + Object.keys(methods).length,
      0,
    );
    expect(operations).toBe(t.server.platform.router.routes.length);
    expect(document.paths['/iot/users']?.get?.['x-permission']).toEqual({
      menu: 'router-system-users',
      bit: 1,
      scope: 'system',
    });
    expect(document.paths['/iot/groups/{groupId}/roles']?.post?.['x-permission']).toEqual({
      menu: 'router-project-roles',
      bit: 8,
      scope: 'project',
    });
    expect(Object.keys(document.paths['/iot/oauth/token']?.post?.requestBody?.content ?? {})).toEqual([
      'application/x-www-form-urlencoded',
    ]);
  });
});

describe('web', () => {
  it('serves a page at / until the web app is built', async () => {
    const response = await fetch(`${t.baseUrl}/`);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('物联网监测运维平台');
  });

  it('answers the sign-in page facts without a token', async () => {
    const answer = await t.request('GET', '/iot/system/info');
    expect(answer.body.data).toMatchObject({
      systemName: '物联网监测运维平台',
      weixinEnabled: false,
      dingdingEnabled: false,
    });
  });
});
