import { Messages, type Page } from '@iot/contracts';
import {
  BIND_CODE_ALPHABET,
  type Gateway,
  GatewayMessages,
  type GatewayWithCredentials,
  type GatewayWithSecret,
  ICCID_MESSAGE,
} from '@iot/contracts/gateways';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../platform/auth/tokens.js';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

let t: TestServer;
let admin: string;
let firmAdmin: string;
let projectAdmin: string;
let operator: string;
const ids = { firm: 0, otherFirm: 0, project: 0 };

const ok = <T>(method: string, url: string, body?: unknown, token = firmAdmin) =>
  t.ok<T>(method, url, { token, body });

const firmUrl = (path = '', firmId = ids.firm) => `/iot/gatewayFirms/${firmId}/gateways${path}`;
const create = (serialNumber: string, extra: object = {}) =>
  ok<GatewayWithCredentials>('POST', firmUrl(), { serialNumber, alias: serialNumber, ...extra });
const row = (id: number) =>
  t.server.platform.db.selectFrom('gateways').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  firmAdmin = (await t.login(DEMO_ACCOUNTS.firmAdmin.username, DEMO_ACCOUNTS.firmAdmin.password)).access;
  projectAdmin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  ids.firm = (await ok<Page<{ id: number }>>('GET', '/iot/gatewayFirms/byCurUser')).list[0]!.id;
  ids.otherFirm = (
    await ok<{ id: number }>('POST', '/iot/gatewayFirms', { name: '乙厂商', identificationCode: 'YI' }, admin)
  ).id;
  ids.project = t.server.seeded.demoProjectId!;
});
afterAll(() => t.close());

describe('creating a firm gateway', () => {
  it('answers the secret and the bind code once, and keeps only the secret’s SHA-256', async () => {
    const created = await create('DEMO-0001', {
      alias: '一号网关',
      type: 'smart',
      model: 'dtuModbus',
      iccid: '89860000000000000001',
      batchOrContract: '批次-2026-01',
    });
    expect(created).toMatchObject({
      serialNumber: 'DEMO-0001',
      alias: '一号网关',
      type: 'smart',
      model: 'dtuModbus',
      iccid: '89860000000000000001',
      batchOrContract: '批次-2026-01',
      firmId: ids.firm,
      projectId: null,
      groupId: null,
      onlineStatus: 'offlineNormal',
      clockStatus: null,
      unknownKeyCount: 0,
      rejectedValueCount: 0,
    });
    expect(created.secret).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(created.bindCode).toHaveLength(8);
    expect([...created.bindCode].every((c) => BIND_CODE_ALPHABET.includes(c))).toBe(true);
    const stored = await row(created.id);
    expect(stored.secret_hash).toBe(sha256(created.secret));
    expect(stored.bind_code).toBe(created.bindCode);

    // Never again: not in the list, the detail, an update or a search.
    const answers = [
      await ok('GET', firmUrl()),
      await ok('GET', firmUrl(`/${created.id}`)),
      await ok('GET', firmUrl('?keyword=DEMO-0001')),
      await ok('PUT', firmUrl(`/${created.id}`), { serialNumber: 'DEMO-0001', alias: '一号网关' }),
    ];
    for (const answer of answers) {
      const json = JSON.stringify(answer);
      expect(json).toContain('DEMO-0001');
      expect(json).not.toContain(created.secret);
      expect(json).not.toContain(created.bindCode);
      expect(json).not.toContain(stored.secret_hash);
    }
    // Two gateways never share a secret or a code.
    const second = await create('DEMO-0002');
    expect(second.secret).not.toBe(created.secret);
    expect(second.bindCode).not.toBe(created.bindCode);
  });

  it('validates the fields and refuses a serial number taken anywhere on the platform with 409', async () => {
    for (const [body, field] of [
      [{ serialNumber: 'a b', alias: 'x' }, 'serialNumber: 序列号只能包含字母、数字、- 和 _，4～64位'],
      [{ serialNumber: 'DEMO-9', alias: '' }, 'alias: 不能为空'],
      [{ serialNumber: 'DEMO-0009', alias: 'x', type: 'toaster' }, 'type:'],
      [{ serialNumber: 'DEMO-0009', alias: 'x', model: 'abc' }, 'model:'],
      [{ serialNumber: 'DEMO-0009', alias: 'x', iccid: 'abc' }, `iccid: ${ICCID_MESSAGE}`],
    ] as const) {
      const answer = await t.request('POST', firmUrl(), { token: firmAdmin, body });
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 400, body: { code: 40000 } });
      expect(answer.body.message).toContain(field);
    }
    // A project's own gateway holds the serial number too.
    await ok(
      'POST',
      `/iot/groups/${ids.project}/gateways`,
      { serialNumber: 'PRJ-0001', alias: '项目网关' },
      projectAdmin,
    );
    for (const serialNumber of ['DEMO-0001', 'PRJ-0001']) {
      const answer = await t.request('POST', firmUrl(), {
        token: firmAdmin,
        body: { serialNumber, alias: 'x' },
      });
      expect(answer).toMatchObject({
        status: 409,
        body: { code: 40000, message: GatewayMessages.SERIAL_TAKEN },
      });
    }
    const third = await create('DEMO-0003');
    const rename = await t.request('PUT', firmUrl(`/${third.id}`), {
      token: firmAdmin,
      body: { serialNumber: 'DEMO-0001', alias: 'x' },
    });
    expect(rename).toMatchObject({ status: 409, body: { message: GatewayMessages.SERIAL_TAKEN } });
  });

  it('answers the serial number check: true when free', async () => {
    const check = (query: string) => ok<boolean>('GET', firmUrl(`/checkSerialNumber?${query}`));
    const first = (await ok<Page<Gateway>>('GET', firmUrl('?keyword=DEMO-0001'))).list[0]!;
    expect(await check('serialNumber=DEMO-0001')).toBe(false);
    expect(await check(`serialNumber=DEMO-0001&excludeId=${first.id}`)).toBe(true);
    expect(await check('serialNumber=PRJ-0001')).toBe(false);
    expect(await check('serialNumber=NEW-0001')).toBe(true);
  });
});

describe('firm gateway list', () => {
  it('pages, searches serial numbers and aliases, and filters by online status', async () => {
    const all = await ok<Page<Gateway>>('GET', firmUrl('?size=100'));
    expect(all.list.map((g) => g.serialNumber)).toEqual(['DEMO-0001', 'DEMO-0002', 'DEMO-0003']);
    expect(all.list.every((g) => g.firmId === ids.firm)).toBe(true);
    const second = await ok<Page<Gateway>>('GET', firmUrl('?page=1&size=2'));
    expect(second).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(second.list.map((g) => g.serialNumber)).toEqual(['DEMO-0003']);

    const byAlias = await ok<Page<Gateway>>('GET', firmUrl(`?keyword=${encodeURIComponent('一号')}`));
    expect(byAlias.list.map((g) => g.serialNumber)).toEqual(['DEMO-0001']);
    const bySerial = await ok<Page<Gateway>>('GET', firmUrl('?keyword=demo-0002'));
    expect(bySerial.list.map((g) => g.serialNumber)).toEqual(['DEMO-0002']);

    // Presence is the ingestion pipeline's to write; here it is set by hand.
    await t.server.platform.db
      .updateTable('gateways')
      .set({ online_status: 'online' })
      .where('serial_number', '=', 'DEMO-0002')
      .execute();
    const status = async (value: string) =>
      (await ok<Page<Gateway>>('GET', firmUrl(`?onlineStatus=${value}`))).list.map((g) => g.serialNumber);
    expect(await status('online')).toEqual(['DEMO-0002']);
    expect(await status('offline')).toEqual(['DEMO-0001', 'DEMO-0003']);
    expect(await status('offlineNormal')).toEqual(['DEMO-0001', 'DEMO-0003']);
    expect(await status('offlineTimeout')).toEqual([]);
    const invalid = await t.request('GET', firmUrl('?onlineStatus=maybe'), { token: firmAdmin });
    expect(invalid).toMatchObject({ status: 400, body: { code: 40000 } });
  });
});

describe('changing firm gateways', () => {
  it('updates, rotates the secret (answered once) and deletes while unbound', async () => {
    const gateway = await create('DEMO-0100');
    const updated = await ok<Gateway>('PUT', firmUrl(`/${gateway.id}`), {
      serialNumber: 'DEMO-0101',
      alias: '改名',
      type: 'nbSensor',
      model: 'cloudModbus',
      iccid: '8986011234567890123A',
      batchOrContract: '合同-7',
    });
    expect(updated).toMatchObject({
      id: gateway.id,
      serialNumber: 'DEMO-0101',
      alias: '改名',
      type: 'nbSensor',
      model: 'cloudModbus',
      iccid: '8986011234567890123A',
      batchOrContract: '合同-7',
    });
    expect(await ok('GET', firmUrl(`/${gateway.id}`))).toEqual(updated);

    const rotated = await ok<GatewayWithSecret>('POST', firmUrl(`/${gateway.id}/secret`));
    expect(rotated).toMatchObject({ id: gateway.id, serialNumber: 'DEMO-0101' });
    expect(rotated.secret).not.toBe(gateway.secret);
    expect((await row(gateway.id)).secret_hash).toBe(sha256(rotated.secret));
    expect(JSON.stringify(await ok('GET', firmUrl(`/${gateway.id}`)))).not.toContain(rotated.secret);

    await ok('DELETE', firmUrl(`/${gateway.id}`));
    expect((await t.request('GET', firmUrl(`/${gateway.id}`), { token: firmAdmin })).status).toBe(404);
    expect((await t.request('DELETE', firmUrl(`/${gateway.id}`), { token: firmAdmin })).status).toBe(404);
  });

  it('once a project has bound it, the firm can neither change, rotate nor delete it', async () => {
    const gateway = await create('DEMO-0200');
    await ok(
      'POST',
      `/iot/groups/${ids.project}/gateways/bind`,
      { serialNumber: 'DEMO-0200', bindCode: gateway.bindCode, alias: '已绑定' },
      projectAdmin,
    );
    const seen = await ok<Gateway>('GET', firmUrl(`/${gateway.id}`));
    expect(seen).toMatchObject({ projectId: ids.project, groupId: ids.project, alias: '已绑定' });
    for (const [method, path, body] of [
      ['PUT', `/${gateway.id}`, { serialNumber: 'DEMO-0200', alias: '厂商改名' }],
      ['POST', `/${gateway.id}/secret`, undefined],
      ['DELETE', `/${gateway.id}`, undefined],
    ] as const) {
      const answer = await t.request(method, firmUrl(path), { token: firmAdmin, body });
      expect(answer, `${method} ${path}`).toMatchObject({
        status: 400,
        body: { code: 40000, message: GatewayMessages.BOUND_READ_ONLY },
      });
    }
  });
});

describe('firm tenancy and permissions', () => {
  it('another firm’s gateway is not found through this firm’s address', async () => {
    const foreign = await ok<GatewayWithCredentials>(
      'POST',
      firmUrl('', ids.otherFirm),
      { serialNumber: 'YI-0001', alias: '乙网关' },
      admin,
    );
    for (const [method, path, body] of [
      ['GET', `/${foreign.id}`, undefined],
      ['PUT', `/${foreign.id}`, { serialNumber: 'YI-0001', alias: '抢' }],
      ['DELETE', `/${foreign.id}`, undefined],
      ['POST', `/${foreign.id}/secret`, undefined],
    ] as const) {
      const answer = await t.request(method, firmUrl(path), { token: firmAdmin, body });
      expect(answer, `${method} ${path}`).toMatchObject({
        status: 404,
        body: { code: 40000, message: GatewayMessages.NOT_FOUND },
      });
    }
    const list = await ok<Page<Gateway>>('GET', firmUrl('?size=100'));
    expect(list.list.map((g) => g.id)).not.toContain(foreign.id);
  });

  it('only members of the firm with the bit may call; a system administrator may', async () => {
    for (const token of [projectAdmin, operator]) {
      for (const [method, path, body] of [
        ['GET', '', undefined],
        ['POST', '', { serialNumber: 'X-0001', alias: 'x' }],
        ['GET', '/checkSerialNumber?serialNumber=X', undefined],
      ] as const) {
        const answer = await t.request(method, firmUrl(path), { token, body });
        expect(answer).toMatchObject({ status: 403, body: { code: 40000, message: Messages.FORBIDDEN } });
      }
    }
    const other = await t.request('GET', firmUrl('', ids.otherFirm), { token: firmAdmin });
    expect(other.status).toBe(403);
    expect((await ok<Page<Gateway>>('GET', firmUrl(), undefined, admin)).total).toBeGreaterThan(0);

    // A firm role with read only: it sees the list and nothing more.
    const role = await ok<{ id: number }>(
      'POST',
      `/iot/gatewayFirms/${ids.firm}/roles`,
      { name: '只读', functions: [{ code: 'router-firmGateway', permission: 1 }] },
      admin,
    );
    await ok(
      'POST',
      `/iot/gatewayFirms/${ids.firm}/users`,
      { username: 'firm-reader', realname: '只读', password: 'Passw0rd!', roleId: role.id },
      admin,
    );
    const reader = (await t.login('firm-reader', 'Passw0rd!')).access;
    const first = (await ok<Page<Gateway>>('GET', firmUrl(), undefined, reader)).list[0]!;
    for (const [method, path, body] of [
      ['POST', '', { serialNumber: 'X-0002', alias: 'x' }],
      ['PUT', `/${first.id}`, { serialNumber: first.serialNumber, alias: 'x' }],
      ['DELETE', `/${first.id}`, undefined],
      ['POST', `/${first.id}/secret`, undefined],
    ] as const) {
      const answer = await t.request(method, firmUrl(path), { token: reader, body });
      expect(answer, `${method} ${path}`).toMatchObject({ status: 403, body: { code: 40000 } });
    }
  });
});
