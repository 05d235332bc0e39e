import type { UploadedFile, WarningOrder, WorkOrderDetail } from '@iot/contracts/maintenance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { createGateway } from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let t: TestServer;
let projectId: number;
let manager: string;
let operator: string;
let foreigner: string;
let operatorId: number;

beforeAll(async () => {
  t = await startServer();
  projectId = t.server.seeded.demoProjectId!;
  manager = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)).access;
  operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  operatorId = (
    await t.server.platform.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', DEMO_ACCOUNTS.operator.username)
      .executeTakeFirstOrThrow()
  ).id;
  const admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  foreigner = (await projectWithAdmin(t, admin, '另一项目', 'wof-other-admin')).token;
});
afterAll(() => t.close());

async function upload(
  token: string | null,
  path: string,
  body: Buffer,
  name: string,
  contentType = 'application/octet-stream',
) {
  const response = await fetch(
    `${t.baseUrl}/iot/groups/${projectId}/workOrders${path}?name=${encodeURIComponent(name)}`,
    {
      method: 'POST',
      headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body,
    },
  );
  return {
    status: response.status,
    body: (await response.json()) as { code: number; message: string; data: UploadedFile },
  };
}

const create = (body: object) =>
  t.ok<WorkOrderDetail>('POST', `/iot/groups/${projectId}/workOrders`, { token: manager, body });

describe('work-order attachments', () => {
  it('stores photos and documents for a new order, serves them back, and the order carries them', async () => {
    const photo = await upload(manager, '/files', PNG, 'IMG_0001.jpg', 'image/jpeg');
    expect(photo.body.code).toBe(20000);
    // The bytes decide: a PNG named .jpg is stored as a PNG.
    expect(photo.body.data).toMatchObject({
      name: 'IMG_0001.jpg',
      size: PNG.length,
      contentType: 'image/png',
    });
    expect(photo.body.data.url).toMatch(/^\/iot\/files\/work-orders\/[\w-]+\.png$/);
    const served = await fetch(t.baseUrl + photo.body.data.url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const manual = await upload(manager, '/files', PDF, '泵站说明书.pdf', 'application/pdf');
    expect(manual.body.data.url).toMatch(/\.pdf$/);
    const doc = await fetch(t.baseUrl + manual.body.data.url);
    expect(doc.headers.get('content-type')).toBe('application/pdf');
    // Documents download; they are never shown in the page's origin.
    expect(doc.headers.get('content-disposition')).toBe('attachment');

    const order = await create({ title: '带附件的工单', type: 2, assigneeIds: [operatorId] });
    const started = await t.ok<WorkOrderDetail>(
      'PUT',
      `/iot/groups/${projectId}/workOrders/${order.id}/start`,
      { token: operator, body: { note: '到场', attachments: [photo.body.data.url, manual.body.data.url] } },
    );
    expect(started.timeline.at(-1)!.attachments).toEqual([photo.body.data.url, manual.body.data.url]);
  });

  it('refuses other types, renamed files, empty bodies and addresses not of ours', async () => {
    const exe = await upload(manager, '/files', Buffer.from('MZ\x90\x00binary'), 'setup.exe');
    expect(exe.status).toBe(400);
    expect(exe.body.message).toBe(
      '上传的文件格式不正确,请选择.jpg .jpeg .png .gif .webp .txt .doc .docx .xls .xlsx .ppt .pptx .pdf .zip .rar类型的文件',
    );
    // A script named .pdf is not a PDF.
    const renamed = await upload(manager, '/files', Buffer.from('<script>alert(1)</script>'), 'a.pdf');
    expect(renamed.body.code).toBe(40000);
    expect(renamed.body.message).toMatch(/^上传的文件格式不正确/);
    const text = await upload(manager, '/files', Buffer.from('巡检记录：正常\n'), '记录.txt', 'text/plain');
    expect(text.body.data.contentType).toBe('text/plain; charset=utf-8');
    const empty = await upload(manager, '/files', Buffer.alloc(0), 'a.png');
    expect(empty.body.code).toBe(40000);
    const big = await upload(
      manager,
      '/files',
      Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]),
      'a.png',
    );
    // Past the app's 10 MB body limit: attachments take up to 200 MB (decision 0067, where a body
    // announced over 200 MB is refused 413).
    expect(big.body.code).toBe(20000);
    const outside = await t.request('POST', `/iot/groups/${projectId}/workOrders`, {
      token: manager,
      body: { title: '外部地址', type: 1 },
    });
    expect(outside.body.code).toBe(20000);
    const id = (outside.body.data as { id: number }).id;
    const bad = await t.request('PUT', `/iot/groups/${projectId}/workOrders/${id}/publish`, {
      token: manager,
      body: { attachments: ['javascript:alert(1)'] },
    });
    expect(bad.body.message).toBe('attachments.0: 附件地址不正确');
  });

  it('lets only those who may create, or act on the order, upload', async () => {
    // The operator cannot create orders (no create bit), so not upload for a new one.
    expect((await upload(operator, '/files', PNG, 'a.png')).status).toBe(403);
    expect((await upload(null, '/files', PNG, 'a.png')).status).toBe(401);
    expect((await upload(foreigner, '/files', PNG, 'a.png')).status).toBe(403);
    // On an order: the assignee may (start is theirs); someone with no step on it may not.
    const mine = await create({ title: '执行人上传', type: 1, assigneeIds: [operatorId] });
    expect((await upload(operator, `/${mine.id}/files`, PNG, 'p.png')).body.code).toBe(20000);
    const closed = await create({ title: '已关闭的工单', type: 1 });
    await t.ok('PUT', `/iot/groups/${projectId}/workOrders/${closed.id}/publish`, {
      token: manager,
      body: {},
    });
    await t.ok('PUT', `/iot/groups/${projectId}/workOrders/${closed.id}/cancel`, {
      token: manager,
      body: {},
    });
    const refused = await upload(manager, `/${closed.id}/files`, PNG, 'p.png');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('没有执行此操作的权限');
    expect((await upload(foreigner, `/${mine.id}/files`, PNG, 'p.png')).status).toBe(403);
  });
});

describe('orders of warnings and open orders', () => {
  it('offers every project member as an assignee to whoever reads work orders, not to another project', async () => {
    const options = await t.ok<{ id: number; username: string; realname: string }[]>(
      'GET',
      `/iot/groups/${projectId}/workOrders/assigneeOptions`,
      { token: operator },
    );
    expect(options).toContainEqual({
      id: operatorId,
      username: DEMO_ACCOUNTS.operator.username,
      realname: DEMO_ACCOUNTS.operator.realname,
    });
    expect(options.map((o) => o.username)).not.toContain('wof-other-admin');
    const sites = await t.ok<{ id: number; parentId: number | null; name: string; groupType: string }[]>(
      'GET',
      `/iot/groups/${projectId}/workOrders/siteOptions`,
      { token: operator },
    );
    expect(sites.length).toBeGreaterThan(0);
    expect(sites.some((s) => s.parentId === null)).toBe(true);
    expect(sites.every((s) => s.id !== projectId)).toBe(true);
    expect(
      (await t.request('GET', `/iot/groups/${projectId}/workOrders/assigneeOptions`, { token: foreigner }))
        .status,
    ).toBe(403);
  });

  it('answers which warnings have an order, and counts the open ones', async () => {
    const gw = await createGateway(t, projectId, [{ key: 'ph', type: 'float', decimals: 1 }]);
    const warningIds: number[] = [];
    for (const value of ['9.8', '10.1']) {
      const { id } = await t.server.platform.db
        .insertInto('warnings')
        .values({
          project_id: projectId,
          gateway_id: gw.id,
          gateway_indicator_id: gw.indicators.ph!,
          rule_id: null,
          kind: 'high',
          level: 2,
          value,
          threshold: '9',
          started_at: Date.now() - 60_000,
          released_at: null,
          release_value: null,
          handle_status: 'unhandled',
          handled_by: null,
          handled_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      warningIds.push(id);
    }
    const order = await t.ok<WorkOrderDetail>(
      'POST',
      `/iot/groups/${projectId}/workOrders/fromWarning/${warningIds[0]}`,
      { token: manager, body: {} },
    );
    const found = await t.ok<WarningOrder[]>(
      'GET',
      `/iot/groups/${projectId}/workOrders/ofWarnings?warningIds=${warningIds.join(',')}`,
      { token: operator },
    );
    expect(found).toEqual([
      { warningId: warningIds[0], id: order.id, code: order.code, status: 2, statusName: '待分配' },
    ]);
    const wrong = await t.request('GET', `/iot/groups/${projectId}/workOrders/ofWarnings?warningIds=a`, {
      token: operator,
    });
    expect(wrong.body.code).toBe(40000);
    expect(
      (
        await t.request('GET', `/iot/groups/${projectId}/workOrders/ofWarnings?warningIds=${warningIds[0]}`, {
          token: foreigner,
        })
      ).status,
    ).toBe(403);

    const count = async () =>
      (
        await t.ok<{ total: number }>('GET', `/iot/groups/${projectId}/workOrders?open=true&size=1`, {
          token: operator,
        })
      ).total;
    const before = await count();
    const extra = await create({ title: '计数用', type: 1 });
    expect(await count()).toBe(before + 1);
    await t.ok('PUT', `/iot/groups/${projectId}/workOrders/${extra.id}/publish`, {
      token: manager,
      body: {},
    });
    await t.ok('PUT', `/iot/groups/${projectId}/workOrders/${extra.id}/cancel`, { token: manager, body: {} });
    expect(await count()).toBe(before);
  });
});
