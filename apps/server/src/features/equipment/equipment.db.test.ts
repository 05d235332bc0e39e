import { AttachmentMessages, type Page } from '@iot/contracts';
import type {
  Equipment,
  EquipmentBoard,
  EquipmentInput,
  EquipmentOption,
  RunDay,
} from '@iot/contracts/equipment';
import type { GroupTreeNode } from '@iot/contracts/groups';
import type { Label } from '@iot/contracts/labels';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { createGateway, type TestGateway } from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';
import { equipmentOfProject, faultSignalOf } from './index.js';

/** 设备台账: CRUD, uniqueness, bindings, live status, bits, tenants, import, the group tree. */
let t: TestServer;
let projectId: number;
let admin: string;
let operator: string;
let editor: string;
let other: { projectId: number; token: string };
let gw: TestGateway;
let foreignGw: TestGateway;
let site: number;
let point: number;

const base = (project = projectId) => `/iot/groups/${project}/equipment`;

async function send(gateway: TestGateway, points: { ts: number; values: Record<string, unknown> }[]) {
  const response = await fetch(`${t.baseUrl}/api/v1/${gateway.secret}/telemetry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(points),
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  t = await startServer();
  projectId = t.server.seeded.demoProjectId!;
  admin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)).access;
  // The demo operator reads the ledger (router-equipment 1) and nothing more.
  operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  const system = (await t.login('admin', ADMIN_PASSWORD)).access;
  other = await projectWithAdmin(t, system, '别的项目', 'equipment-other');
  const role = await t.ok<{ id: number }>('POST', `/iot/groups/${projectId}/roles`, {
    token: admin,
    body: { name: '设备编辑', description: '', functions: [{ code: 'router-equipment', permission: 3 }] },
  });
  await t.ok('POST', `/iot/groups/${projectId}/users`, {
    token: admin,
    body: { username: 'equipment-editor', realname: '设备编辑', password: 'Passw0rd!', roleId: role.id },
  });
  editor = (await t.login('equipment-editor', 'Passw0rd!')).access;
  gw = await createGateway(t, projectId, [
    { key: 'run', type: 'boolean' },
    { key: 'fault', type: 'boolean' },
    { key: 'current', type: 'float', decimals: 1 },
    { key: 'run2', type: 'boolean' },
  ]);
  foreignGw = await createGateway(t, other.projectId, [{ key: 'run', type: 'boolean' }]);
  const tree = await t.ok<{ children: { id: number; children: { id: number; name: string }[] }[] }>(
    'GET',
    `/iot/groups/${projectId}/tree`,
    { token: admin },
  );
  site = tree.children[0]!.children[0]!.id;
  point = (
    await t.ok<{ id: number }>('POST', `/iot/groups/${tree.children[0]!.id}/children`, {
      token: admin,
      body: { name: '1号泵监测点', groupType: 'area', isMonitor: true },
    })
  ).id;
});
afterAll(() => t.close());

const pump = (over: Partial<EquipmentInput> = {}): EquipmentInput => ({
  name: '1号提升泵',
  code: 'P-001',
  category: '泵',
  model: 'WQ200',
  manufacturer: '南方泵业',
  serialNumber: 'SN2024001',
  groupId: site,
  installDate: '2024-03-01',
  warrantyEnd: '2027-03-01',
  ratedCapacity: 200,
  ratedUnit: 'm³/h',
  bindings: [
    { role: 'run', gatewayIndicatorId: gw.indicators.run! },
    { role: 'fault', gatewayIndicatorId: gw.indicators.fault! },
    { role: 'current', gatewayIndicatorId: gw.indicators.current! },
  ],
  ...over,
});

describe('the ledger', () => {
  let id: number;

  it('creates equipment with a code unique in the project, pages, searches and filters it', async () => {
    const label = await t.ok<Label>('POST', `/iot/groups/${projectId}/labels`, {
      token: admin,
      body: { name: '关键设备' },
    });
    const created = await t.ok<Equipment>('POST', base(), {
      token: admin,
      body: pump({ labelIds: [label.id] }),
    });
    id = created.id;
    expect(created).toMatchObject({
      name: '1号提升泵',
      code: 'P-001',
      groupId: site,
      groupPath: '进水区/格栅间',
      installDate: '2024-03-01',
      ratedCapacity: 200,
      manualStatus: 'normal',
      status: 'unknown',
      labels: [{ id: label.id, name: '关键设备' }],
      run: { totalMs: 0, starts: 0, accountedTo: null },
    });
    expect(created.bindings.map((b) => [b.role, b.dataIdentification])).toEqual([
      ['run', 'run'],
      ['fault', 'fault'],
      ['current', 'current'],
    ]);
    const dup = await t.request('POST', base(), { token: admin, body: pump({ name: '另一台' }) });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('设备编码已存在');
    expect(await t.ok<boolean>('GET', `${base()}/checkCode?code=P-001`, { token: admin })).toBe(false);
    expect(
      await t.ok<boolean>('GET', `${base()}/checkCode?code=P-001&excludeId=${id}`, { token: admin }),
    ).toBe(true);
    expect(await t.ok<boolean>('GET', `${base()}/checkCode?code=P-002`, { token: admin })).toBe(true);
    // The same code in another project is another piece.
    await t.ok('POST', base(other.projectId), {
      token: other.token,
      body: pump({ groupId: null, bindings: [] }),
    });

    for (const [code, name, category] of [
      ['B-001', '1号鼓风机', '风机'],
      ['B-002', '2号鼓风机', '风机'],
      ['M-001', '格栅机', '格栅'],
    ])
      await t.ok('POST', base(), { token: admin, body: { name, code, category } });
    const page = await t.ok<Page<Equipment>>('GET', `${base()}?page=0&size=2`, { token: admin });
    expect(page).toMatchObject({ total: 4, page: 0, size: 2 });
    expect(page.list.map((e) => e.code)).toEqual(['M-001', 'B-002']);
    const blowers = await t.ok<Page<Equipment>>('GET', `${base()}?keyword=${encodeURIComponent('鼓风')}`, {
      token: admin,
    });
    expect(blowers.list.map((e) => e.code).sort()).toEqual(['B-001', 'B-002']);
    const category = await t.ok<Page<Equipment>>('GET', `${base()}?category=${encodeURIComponent('格栅')}`, {
      token: admin,
    });
    expect(category.list.map((e) => e.code)).toEqual(['M-001']);
    const area = await t.ok<Page<Equipment>>('GET', `${base()}?groupId=${created.groupId}`, { token: admin });
    expect(area.list.map((e) => e.code)).toEqual(['P-001']);
    const labelled = await t.ok<Page<Equipment>>('GET', `${base()}?labelId=${label.id}`, { token: admin });
    expect(labelled.total).toBe(1);
    const options = await t.ok<EquipmentOption[]>('GET', `${base()}/options`, { token: operator });
    expect(options.map((o) => o.code)).toEqual(['B-001', 'B-002', 'M-001', 'P-001']);
  });

  it('derives the status live from the latest values of the run and fault signals and the manual status', async () => {
    const now = Date.now();
    await send(gw, [{ ts: now - 1000, values: { run: 1, fault: 0, current: 36.5 } }]);
    let piece = await t.ok<Equipment>('GET', `${base()}/${id}`, { token: operator });
    expect(piece.status).toBe('running');
    expect(piece.values.current).toEqual({ value: 36.5, ts: now - 1000 });
    await send(gw, [{ ts: now, values: { fault: 1 } }]);
    piece = await t.ok<Equipment>('GET', `${base()}/${id}`, { token: operator });
    expect(piece.status).toBe('fault');
    await send(gw, [{ ts: now + 1, values: { fault: 0, run: 0 } }]);
    expect((await t.ok<Equipment>('GET', `${base()}/${id}`, { token: operator })).status).toBe('stopped');
    const maintained = await t.ok<Equipment>('PUT', `${base()}/${id}`, {
      token: admin,
      body: pump({ manualStatus: 'maintenance' }),
    });
    expect(maintained.status).toBe('maintenance');
    const scrapped = await t.ok<Equipment>('PUT', `${base()}/${id}`, {
      token: admin,
      body: pump({ manualStatus: 'scrapped' }),
    });
    expect(scrapped.status).toBe('scrapped');
    await t.ok('PUT', `${base()}/${id}`, { token: admin, body: pump() });
    const board = await t.ok<EquipmentBoard>('GET', `${base()}/board?siteId=${site}`, { token: admin });
    expect(board.items.map((e) => [e.code, e.status])).toEqual([['P-001', 'stopped']]);
    expect(board.sites.map((s) => s.id)).toContain(site);

    // The run signal's gateway falls silent past the offline timeout: 无信号, on the board too,
    // until it speaks again (decision 0059).
    await t.server.telemetry.ingest.sweep(Date.now() + t.config.offlineTimeoutSeconds * 1000 + 1000);
    const silent = await t.ok<Equipment>('GET', `${base()}/${id}`, { token: operator });
    expect(silent.status).toBe('unknown');
    expect(silent.bindings.find((b) => b.role === 'run')?.gatewayOnline).toBe(false);
    const silentBoard = await t.ok<EquipmentBoard>('GET', `${base()}/board?siteId=${site}`, { token: admin });
    expect(silentBoard.items.map((e) => [e.code, e.status])).toEqual([['P-001', 'unknown']]);
    await send(gw, [{ ts: Date.now(), values: { run: 1 } }]);
    expect((await t.ok<Equipment>('GET', `${base()}/${id}`, { token: operator })).status).toBe('running');
  });

  it('exports what other features check equipment and fault signals with', async () => {
    const db = t.server.platform.db;
    const theirs = (
      await t.ok<EquipmentOption[]>('GET', `${base(other.projectId)}/options`, { token: other.token })
    )[0]!;
    expect(await equipmentOfProject(db, projectId, [id, theirs.id, id, 999_999])).toEqual([id]);
    expect(await faultSignalOf(db, projectId, id)).toEqual({
      gatewayIndicatorId: gw.indicators.fault,
      gatewayId: gw.id,
      dataIdentification: 'fault',
    });
    expect(await faultSignalOf(db, other.projectId, id)).toBeUndefined();
  });

  it('refuses groups, labels and indicators of another project, and a second piece at a monitoring point', async () => {
    const foreignIndicator = await t.request('POST', base(), {
      token: admin,
      body: pump({ code: 'X-1', bindings: [{ role: 'run', gatewayIndicatorId: foreignGw.indicators.run! }] }),
    });
    expect(foreignIndicator.body.message).toBe('所绑定的网关指标不存在或不属于本项目的网关');
    const foreignGroup = await t.request('POST', base(), {
      token: admin,
      body: pump({ code: 'X-2', groupId: other.projectId, bindings: [] }),
    });
    expect(foreignGroup.body.message).toBe('所选站点或区域不属于本项目');
    const twice = await t.request('POST', base(), {
      token: admin,
      body: pump({
        code: 'X-3',
        bindings: [
          { role: 'run', gatewayIndicatorId: gw.indicators.run! },
          { role: 'run', gatewayIndicatorId: gw.indicators.run2! },
        ],
      }),
    });
    expect(twice.body.message).toBe('bindings: 每种信号只能绑定一个网关指标');
    const dates = await t.request('POST', base(), {
      token: admin,
      body: pump({ code: 'X-4', installDate: '2024-03-01', warrantyEnd: '2023-01-01' }),
    });
    expect(dates.body.message).toBe('warrantyEnd: 质保截止日期不能早于安装日期');
    const first = await t.ok<Equipment>('POST', base(), {
      token: admin,
      body: pump({ code: 'PT-1', name: '监测点上的泵', groupId: point, bindings: [] }),
    });
    const second = await t.request('POST', base(), {
      token: admin,
      body: pump({ code: 'PT-2', groupId: point, bindings: [] }),
    });
    expect(second.body.message).toBe('该监测点已对应设备「监测点上的泵」');
    // The group tree names the piece on the point's node.
    const tree = await t.ok<GroupTreeNode[]>('GET', `/iot/groups/${projectId}/groupTree`, { token: admin });
    const find = (nodes: GroupTreeNode[]): GroupTreeNode | undefined =>
      nodes.map((n) => (n.id === point ? n : find(n.children))).find(Boolean);
    expect(find(tree)).toMatchObject({ equipmentId: first.id, equipmentName: '监测点上的泵' });
    expect(tree[0]!.equipmentId).toBeNull();
  });

  it('asks for the bits of router-equipment: read 1, update 2, delete 4, create 8', async () => {
    const target = (await t.ok<Page<Equipment>>('GET', `${base()}?keyword=M-001`, { token: operator }))
      .list[0]!;
    // The operator reads only.
    expect((await t.request('POST', base(), { token: operator, body: pump({ code: 'O-1' }) })).status).toBe(
      403,
    );
    expect((await t.request('PUT', `${base()}/${target.id}`, { token: operator, body: pump() })).status).toBe(
      403,
    );
    expect((await t.request('DELETE', `${base()}/${target.id}`, { token: operator })).status).toBe(403);
    // The editor (1 + 2) updates, neither creates nor deletes.
    const edited = await t.ok<Equipment>('PUT', `${base()}/${target.id}`, {
      token: editor,
      body: { name: '1号格栅机', code: 'M-001', category: '格栅' },
    });
    expect(edited.name).toBe('1号格栅机');
    expect((await t.request('POST', base(), { token: editor, body: pump({ code: 'E-1' }) })).status).toBe(
      403,
    );
    expect((await t.request('DELETE', `${base()}/${target.id}`, { token: editor })).status).toBe(403);
    // The board is 工艺设备监控's (or the ledger's) read.
    expect((await t.request('GET', `${base()}/board`, { token: operator })).status).toBe(200);
    await t.ok('DELETE', `${base()}/${target.id}`, { token: admin });
    expect((await t.request('GET', `${base()}/${target.id}`, { token: admin })).status).toBe(404);
  });

  it('gives a user of another project nothing', async () => {
    const mine = (await t.ok<Page<Equipment>>('GET', base(), { token: admin })).list[0]!;
    expect((await t.request('GET', base(), { token: other.token })).status).toBe(403);
    expect((await t.request('GET', `${base()}/board`, { token: other.token })).status).toBe(403);
    expect((await t.request('GET', `${base()}/${mine.id}`, { token: other.token })).status).toBe(403);
    // Through their own project, the id is nobody's.
    const theirs = `${base(other.projectId)}/${mine.id}`;
    expect((await t.request('GET', theirs, { token: other.token })).status).toBe(404);
    expect(
      (await t.request('PUT', theirs, { token: other.token, body: pump({ groupId: null, bindings: [] }) }))
        .status,
    ).toBe(404);
    expect((await t.request('DELETE', theirs, { token: other.token })).status).toBe(404);
    expect((await t.request('GET', `${theirs}/runDays`, { token: other.token })).status).toBe(404);
    const list = await t.ok<Page<Equipment>>('GET', base(other.projectId), { token: other.token });
    expect(list.list.every((e) => e.id !== mine.id)).toBe(true);
  });

  it('stores attachments: a PDF whose bytes agree with its name', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const upload = (token: string, body: Buffer, type: string) =>
      fetch(`${t.baseUrl}${base()}/attachments?name=${encodeURIComponent('说明书.pdf')}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': type },
        body,
      }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { data: { name: string; url: string }; message: string },
      }));
    const stored = await upload(admin, pdf, 'application/octet-stream');
    expect(stored.body.data.name).toBe('说明书.pdf');
    expect(stored.body.data.url).toMatch(/^\/iot\/files\/equipment\/.+\.pdf$/);
    const served = await fetch(`${t.baseUrl}${stored.body.data.url}`);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    const html = await upload(admin, Buffer.from('<html><script>alert(1)</script></html>'), 'text/html');
    expect(html.status).toBe(400);
    expect(html.body.message).toBe(AttachmentMessages.FORMAT);
    expect((await upload(operator, pdf, 'application/pdf')).status).toBe(403);
    const saved = await t.ok<Equipment>('POST', base(), {
      token: admin,
      body: { name: '带附件', code: 'A-1', attachments: [stored.body.data] },
    });
    expect(saved.attachments).toEqual([stored.body.data]);
    const forged = await t.request('POST', base(), {
      token: admin,
      body: { name: '外链', code: 'A-2', attachments: [{ name: 'x', url: 'https://evil.example/x.pdf' }] },
    });
    expect(forged.body.code).toBe(40000);
  });
});

describe('xlsx import', () => {
  async function sheet(rows: string[][]): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('设备');
    ws.addRow([
      '*名称',
      '*编码',
      '类别',
      '型号',
      '生产厂家',
      '出厂编号',
      '位置',
      '安装日期',
      '质保截止',
      '额定容量',
      '容量单位',
      '标签',
      '状态',
      '备注',
    ]);
    for (const row of rows) ws.addRow(row);
    return Buffer.from(await book.xlsx.writeBuffer());
  }
  const importAs = (token: string, data: Buffer, rule: string, fileName = '设备.xlsx') =>
    fetch(`${t.baseUrl}${base()}/import?fileName=${encodeURIComponent(fileName)}&rule=${rule}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
      body: data,
    }).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as { data: Record<string, unknown>; message: string },
    }));

  it('keeps and skips, keeps and overwrites, or deletes and imports, by code', async () => {
    const rows = [
      [
        '1号加药泵',
        'D-001',
        '泵',
        'JM-50',
        '',
        '',
        '进水区/格栅间',
        '2024/3/1',
        '2026年3月1日',
        '50',
        'L/h',
        '关键设备',
        '正常',
        '',
      ],
      ['2号加药泵', 'D-002', '泵', '', '', '', '格栅间', '', '', '', '', '', '检修中', '备用'],
      ['坏行', 'D-003', '', '', '', '', '不存在的站', '', '', '', '', '', '', ''],
      ['', 'D-004', '', '', '', '', '', '', '', '', '', '', '', ''],
      ['重复', 'D-001', '', '', '', '', '', '', '', '', '', '', '', ''],
    ];
    const first = await importAs(admin, await sheet(rows), 'skip');
    expect(first.body.data).toMatchObject({ created: 2, skipped: 0, updated: 0 });
    expect(first.body.data.errors).toEqual([
      { row: 4, message: '位置不存在（请写从项目起的路径，如 进水区/格栅间）' },
      { row: 5, message: '名称：不能为空' },
      { row: 6, message: '编码与表中前面的行重复' },
    ]);
    const d1 = (await t.ok<Page<Equipment>>('GET', `${base()}?keyword=D-001`, { token: admin })).list[0]!;
    expect(d1).toMatchObject({
      groupId: site,
      installDate: '2024-03-01',
      warrantyEnd: '2026-03-01',
      ratedCapacity: 50,
      labels: [{ name: '关键设备' }],
    });
    const changed = [['1号加药泵（改）', 'D-001', '泵', '', '', '', '', '', '', '', '', '', '', '']];
    const skipped = await importAs(admin, await sheet(changed), 'skip');
    expect(skipped.body.data).toMatchObject({ created: 0, skipped: 1 });
    // Importing creates: the operator, who only reads, may not.
    expect((await importAs(operator, await sheet(changed), 'skip')).status).toBe(403);
    const overwritten = await importAs(admin, await sheet(changed), 'overwrite');
    expect(overwritten.body.data).toMatchObject({ updated: 1 });
    expect(
      (await t.ok<Page<Equipment>>('GET', `${base()}?keyword=D-001`, { token: admin })).list[0]!.name,
    ).toBe('1号加药泵（改）');
    const before = (await t.ok<Page<Equipment>>('GET', base(), { token: admin })).total;
    const replaced = await importAs(admin, await sheet([rows[0]!]), 'replace');
    expect(replaced.body.data).toMatchObject({ created: 1, deleted: before });
    expect((await t.ok<Page<Equipment>>('GET', base(), { token: admin })).total).toBe(1);
    const wrong = await importAs(admin, Buffer.from('x'), 'skip', '设备.txt');
    expect(wrong.body.message).toBe('上传的文件格式不正确,请选择.csv,.xls,.xlsx类型的文件');
  });
});

describe('run hours', () => {
  const MIN = 60_000;
  /** Minutes from the start and the run signal: on 0–20, on 30–50, on again at 70 until 80. */
  const SCRIPT: [number, number][] = [
    [0, 1],
    [10, 1],
    [20, 0],
    [30, 1],
    [40, 1],
    [50, 0],
    [60, 0],
    [70, 1],
    [80, 0],
  ];

  it('counts each stored point once: twice delivered, across a restart, on two rounds at once', async () => {
    const runGw = await createGateway(t, projectId, [{ key: 'run', type: 'boolean' }]);
    const piece = await t.ok<Equipment>('POST', base(), {
      token: admin,
      body: {
        name: '回流泵',
        code: 'R-001',
        bindings: [{ role: 'run', gatewayIndicatorId: runGw.indicators.run! }],
      },
    });
    const start = Date.now() - 3 * 3_600_000;
    const points = SCRIPT.map(([minute, value]) => ({ ts: start + minute * MIN, values: { run: value } }));
    const totals = async () => (await t.ok<Equipment>('GET', `${base()}/${piece.id}`, { token: admin })).run!;

    await send(runGw, points.slice(0, 4));
    await t.server.equipment.accountRunHours();
    expect(await totals()).toMatchObject({
      totalMs: 20 * MIN,
      starts: 2,
      accountedTo: start + 30 * MIN,
      lastOn: true,
    });
    // The same points again, and the rest.
    await send(runGw, points);
    await Promise.all([t.server.equipment.accountRunHours(), t.server.equipment.accountRunHours()]);
    await t.server.equipment.accountRunHours();
    expect(await totals()).toMatchObject({
      totalMs: 50 * MIN,
      starts: 3,
      accountedTo: start + 80 * MIN,
      lastOn: false,
    });

    // Restarted mid-stream: the watermark is in the database, the totals do not move twice.
    t = await t.restart();
    admin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)).access;
    await send(runGw, [
      ...points,
      { ts: start + 90 * MIN, values: { run: 1 } },
      { ts: start + 100 * MIN, values: { run: 1 } },
    ]);
    await Promise.all([t.server.equipment.accountRunHours(), t.server.equipment.accountRunHours()]);
    expect(await totals()).toMatchObject({
      totalMs: 60 * MIN,
      starts: 4,
      accountedTo: start + 100 * MIN,
      lastOn: true,
    });
    const days = await t.ok<RunDay[]>('GET', `${base()}/${piece.id}/runDays?days=2`, { token: admin });
    expect(days.reduce((sum, d) => sum + d.runMs, 0)).toBe(60 * MIN);
    expect(days.reduce((sum, d) => sum + d.starts, 0)).toBe(4);

    // Another run signal starts the counters again, from its own stored points.
    const moved = await t.ok<Equipment>('PUT', `${base()}/${piece.id}`, {
      token: admin,
      body: {
        name: '回流泵',
        code: 'R-001',
        bindings: [{ role: 'run', gatewayIndicatorId: gw.indicators.run2! }],
      },
    });
    expect(moved.run).toMatchObject({ totalMs: 0, starts: 0, accountedTo: null });
  });
});
