import {
  GroupImportMessages,
  type GroupImportReport,
  GroupMessages,
  type GroupNode,
} from '@iot/contracts/groups';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { startServer, type TestServer } from '../../test/server.js';

let t: TestServer;
let projectAdmin: string;
let operator: string;
let project: number;

async function ok<T>(method: string, url: string, body?: unknown, token = projectAdmin): Promise<T> {
  const answer = await t.request<T>(method, url, { token, body });
  expect(answer.body.code, `${method} ${url}: ${answer.body.message}`).toBe(20000);
  return answer.body.data;
}
const treeOf = (groupId: number) => ok<GroupNode>('GET', `/iot/groups/${groupId}/tree`);
const names = (node: GroupNode) => node.children.map((child) => child.name);

beforeAll(async () => {
  t = await startServer();
  projectAdmin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  project = t.server.seeded.demoProjectId!;
});
afterAll(() => t.close());

describe('drag to reorder: PUT /iot/groups/{groupId}/order', () => {
  it('puts the listed children first in the given order and keeps it in the tree', async () => {
    const before = await treeOf(project);
    expect(names(before)).toEqual(['进水区', '生化处理区', '出水区']);
    const [inflow, bio, outflow] = before.children.map((c) => c.id) as [number, number, number];
    const answered = await ok<GroupNode>('PUT', `/iot/groups/${project}/order`, { ids: [outflow, inflow] });
    expect(names(answered)).toEqual(['出水区', '进水区', '生化处理区']);
    expect(names(await treeOf(project))).toEqual(['出水区', '进水区', '生化处理区']);
    expect((await treeOf(project)).children.map((c) => c.sort)).toEqual([0, 1, 2]);
    // The group tree call answers the same order.
    const groupTree = await ok<{ name: string }[]>('GET', `/iot/groups/${project}/groupTree`);
    expect(groupTree.map((n) => n.name)).toEqual(['出水区', '进水区', '生化处理区']);
    await ok('PUT', `/iot/groups/${project}/order`, { ids: [inflow, bio, outflow] });
    expect(names(await treeOf(project))).toEqual(['进水区', '生化处理区', '出水区']);
  });

  it('orders the sites of an area', async () => {
    const area = (await treeOf(project)).children[0]!;
    const [first, second] = area.children.map((c) => c.id) as [number, number];
    const answered = await ok<GroupNode>('PUT', `/iot/groups/${area.id}/order`, { ids: [second, first] });
    expect(names(answered)).toEqual(['进水泵房', '格栅间']);
    await ok('PUT', `/iot/groups/${area.id}/order`, { ids: [first, second] });
  });

  it('refuses ids that are not direct children, and a reader without the update bit', async () => {
    const tree = await treeOf(project);
    const site = tree.children[0]!.children[0]!.id;
    const answer = await t.request('PUT', `/iot/groups/${project}/order`, {
      token: projectAdmin,
      body: { ids: [site] },
    });
    expect(answer.body).toMatchObject({ code: 40000, message: GroupMessages.ORDER_NOT_CHILDREN });
    const refused = await t.request('PUT', `/iot/groups/${project}/order`, {
      token: operator,
      body: { ids: [tree.children[0]!.id] },
    });
    expect(refused.status).toBe(403);
    expect(names(await treeOf(project))).toEqual(['进水区', '生化处理区', '出水区']);
  });
});

async function sheet(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('分组');
  ws.addRow(['*名称', '上级', '类型(必填)', '站点类型', '监测点']);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(data: Buffer, rule: string, fileName = 'groups.xlsx', token = projectAdmin) {
  const response = await fetch(
    `${t.baseUrl}/iot/groups/${project}/import?fileName=${encodeURIComponent(fileName)}&rule=${rule}`,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
      body: new Uint8Array(data),
    },
  );
  return {
    status: response.status,
    ...((await response.json()) as { code: number; message: string; data: GroupImportReport }),
  };
}

describe('import of areas and sites: POST /iot/groups/{groupId}/import', () => {
  it('creates areas and sites row by row, parents by path, and reports bad rows by row number', async () => {
    const answer = await upload(
      await sheet([
        ['污泥处理区', '', '区域', '', ''],
        ['浓缩池', '污泥处理区', '站点', 'M-A型', ''],
        ['脱水机房', '污泥处理区', '站点', '集装箱型', '是'],
        ['一期', '进水区', '区域', '', ''],
        ['粗格栅', '进水区/一期', '站点', 'container', '否'],
        ['', '进水区', '站点', '', ''],
        ['无主站点', '不存在的区域', '站点', '', ''],
        ['子站点', '进水区/格栅间', '站点', '', ''],
        ['怪类型', '', '仓库', '', ''],
      ]),
      'skip',
    );
    expect(answer.code).toBe(20000);
    expect(answer.data).toEqual({
      created: 5,
      updated: 0,
      skipped: 0,
      errors: [
        { row: 7, message: GroupImportMessages.NAME_REQUIRED },
        { row: 8, message: GroupImportMessages.PARENT_NOT_FOUND },
        { row: 9, message: GroupMessages.SITE_NO_CHILDREN },
        { row: 10, message: GroupImportMessages.TYPE_UNKNOWN },
      ],
    });
    const tree = await treeOf(project);
    expect(names(tree)).toEqual(['进水区', '生化处理区', '出水区', '污泥处理区']);
    const sludge = tree.children[3]!;
    expect(sludge.children.map((s) => [s.name, s.groupType, s.siteType, s.isMonitor])).toEqual([
      ['浓缩池', 'site', 'M-A', false],
      ['脱水机房', 'site', 'container', true],
    ]);
    const phase = tree.children[0]!.children.find((c) => c.name === '一期')!;
    expect(phase.groupType).toBe('area');
    expect(phase.children.map((c) => [c.name, c.siteType])).toEqual([['粗格栅', 'container']]);
  });

  it('skips duplicates, or overwrites their site type and monitoring flag', async () => {
    const rows = [['浓缩池', '污泥处理区', '站点', '集装箱型', '是']];
    expect((await upload(await sheet(rows), 'skip')).data).toMatchObject({ created: 0, skipped: 1 });
    expect((await upload(await sheet(rows), 'overwrite')).data).toMatchObject({ created: 0, updated: 1 });
    const sludge = (await treeOf(project)).children[3]!;
    expect(sludge.children[0]).toMatchObject({ name: '浓缩池', siteType: 'container', isMonitor: true });
    const differs = await upload(await sheet([['浓缩池', '污泥处理区', '区域', '', '']]), 'overwrite');
    expect(differs.data.errors).toEqual([{ row: 2, message: GroupImportMessages.TYPE_DIFFERS }]);
  });

  it('refuses other file types and the replace rule, and a reader without the create bit', async () => {
    const wrongName = await upload(await sheet([]), 'skip', 'groups.txt');
    expect(wrongName).toMatchObject({
      code: 40000,
      message: '上传的文件格式不正确,请选择.csv,.xls,.xlsx类型的文件',
    });
    const notXlsx = await upload(Buffer.from('名称,上级'), 'skip');
    expect(notXlsx).toMatchObject({ code: 40000, message: GroupImportMessages.UNREADABLE });
    expect((await upload(await sheet([]), 'replace')).code).toBe(40000);
    expect((await upload(await sheet([]), 'skip', 'groups.xlsx', operator)).status).toBe(403);
  });
});
