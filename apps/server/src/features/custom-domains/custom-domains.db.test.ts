import { request as httpRequest } from 'node:http';
import { CustomDomainMessages, DOMAIN_NAME_MESSAGE } from '@iot/contracts/custom-domains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

let t: TestServer;
let admin: string;

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
});
afterAll(() => t.close());

/** GET /iot/system/info as a browser on `host` would ask for it (fetch may not set Host). */
function systemInfoAt(host: string): Promise<{ systemName: string; logoUrl: string }> {
  const url = new URL(`${t.baseUrl}/iot/system/info`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname: url.hostname, port: url.port, path: url.pathname, headers: { host } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on('end', () =>
          resolve((JSON.parse(text) as { data: { systemName: string; logoUrl: string } }).data),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('custom domains', () => {
  it('name the system on their own host and nowhere else', async () => {
    const created = await t.request<{ id: number; domainName: string }>('POST', '/iot/customDomainConfigs', {
      token: admin,
      body: { domainName: 'IoT.Water-Group.cn', loginSystemName: '水务集团监测平台', logoUrl: '/logo.png' },
    });
    expect(created.body.code).toBe(20000);
    expect(created.body.data.domainName).toBe('iot.water-group.cn');

    expect(await systemInfoAt('iot.water-group.cn:8080')).toMatchObject({
      systemName: '水务集团监测平台',
      logoUrl: '/logo.png',
    });
    expect((await systemInfoAt('other.example.com')).systemName).toBe('物联网监测运维平台');

    const check = await t.request<boolean>(
      'GET',
      '/iot/customDomainConfigs/checkDomainName?domainName=IOT.water-group.cn',
      {
        token: admin,
      },
    );
    expect(check.body.data).toBe(false);
    const duplicate = await t.request('POST', '/iot/customDomainConfigs', {
      token: admin,
      body: { domainName: 'iot.water-group.cn', loginSystemName: '重复' },
    });
    expect(duplicate).toMatchObject({ status: 409, body: { message: CustomDomainMessages.DOMAIN_TAKEN } });

    const renamed = await t.request('PUT', `/iot/customDomainConfigs/${created.body.data.id}`, {
      token: admin,
      body: { domainName: 'iot.water-group.cn', loginSystemName: '水务平台' },
    });
    expect(renamed.body.code).toBe(20000);
    expect((await systemInfoAt('iot.water-group.cn')).systemName).toBe('水务平台');

    expect(
      (await t.request('DELETE', `/iot/customDomainConfigs/${created.body.data.id}`, { token: admin })).body
        .code,
    ).toBe(20000);
    expect((await systemInfoAt('iot.water-group.cn')).systemName).toBe('物联网监测运维平台');
  });

  it('refuses a malformed domain name', async () => {
    const answer = await t.request('POST', '/iot/customDomainConfigs', {
      token: admin,
      body: { domainName: 'not a domain', loginSystemName: '名称' },
    });
    expect(answer.body.message).toBe(`domainName: ${DOMAIN_NAME_MESSAGE}`);
  });

  it('belongs to system administration', async () => {
    const { access } = await t.login(
      DEMO_ACCOUNTS.projectAdmin.username,
      DEMO_ACCOUNTS.projectAdmin.password,
    );
    const answer = await t.request('GET', '/iot/customDomainConfigs', { token: access });
    expect(answer.status).toBe(403);
  });
});
