import type { GroupNode } from '@iot/contracts/groups';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { type BrowserHarness, routeName, screenshot, startBrowserHarness } from './support/browser.js';
import { type SimulatedSite, startSimulatedSite } from './support/simulator.js';

/**
 * 分组管理 against the real server, with simulated devices providing the gateway indicators: an
 * area and a site, a monitoring point linking two indicators shown in the tree, drag to reorder
 * (kept after a reload), import, and deleting with confirmation.
 */
let h: BrowserHarness;
let site: SimulatedSite;
let projectId: number;
let demoAdmin: string;

const { username, password } = DEMO_ACCOUNTS.projectAdmin;
const treePath = () => `/projects/groups/${projectId}/groups`;
/** Ant Design puts a space between two Chinese characters of a button: 保存 reads 保 存. */
const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${text.split('').join('\\s?')}$`) });
const treeNode = (page: Page, name: string) =>
  page.locator('.group-tree [data-testid="group-node"]').filter({
    has: page.locator('.group-tree-name', { hasText: new RegExp(`^${name}$`) }),
  });
/** Names of the project's first-level groups, in the order the tree shows them. */
const firstLevel = async (page: Page) => {
  const names = await page
    .locator('.group-tree .ant-tree-treenode')
    .evaluateAll((rows) =>
      rows
        .filter((row) => row.querySelectorAll('.ant-tree-indent-unit').length === 1)
        .map((row) => row.querySelector('.group-tree-name')?.textContent ?? ''),
    );
  return names.filter((n) => n !== '');
};
const projectTree = () => h.api<GroupNode>('GET', `/iot/groups/${projectId}/tree`, undefined, demoAdmin);

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
  demoAdmin = (await h.t.login(username, password)).access;
  site = await startSimulatedSite(h, { aliases: ['分组一号站'], intervalMs: 2000 });
});
afterAll(async () => {
  await site?.simulation.stop();
  await h?.close();
});

describe('group tree and monitoring points', () => {
  it('creates an area and a monitoring site, links two gateway indicators and shows them in the tree', async () => {
    const page = await h.openAs(username, password, treePath());
    await expect.poll(() => routeName(page)).toBe(`router-project-group-g${projectId}`);
    await treeNode(page, '进水区').waitFor();

    // The project root is selected at first: a new area under it.
    await treeNode(page, '示范污水处理项目').click();
    await button(page, '新建区域').click();
    let dialog = page.getByRole('dialog');
    await button(dialog, '保存').click();
    await dialog.getByText('请输入名称').waitFor();
    await dialog.getByLabel('名称').fill('三期扩建区');
    await button(dialog, '保存').click();
    await dialog.waitFor({ state: 'detached' });
    await treeNode(page, '三期扩建区').waitFor();
    await expect.poll(() => page.getByTestId('group-detail-name').textContent()).toBe('三期扩建区');

    // A site in it, a container, marked as a monitoring point.
    await button(page, '新建站点').click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('名称').fill('三期出水口');
    await dialog.locator('.ant-select').click();
    await page.locator('.ant-select-dropdown [title="集装箱型"]').click();
    await dialog.getByRole('switch', { name: '监测点' }).click();
    await button(dialog, '保存').click();
    await dialog.waitFor({ state: 'detached' });
    const point = treeNode(page, '三期出水口');
    await point.getByText('集装箱型').waitFor();
    await point.getByText('监测点 0').waitFor();

    // Two indicators of the simulated gateway, through the transfer list.
    await button(page, '关联网关指标').click();
    dialog = page.getByRole('dialog');
    const source = dialog.locator('.ant-transfer-section').first();
    const items = source.locator('.ant-transfer-list-content-item').filter({ hasText: '分组一号站' });
    await items.first().waitFor();
    const picked = [(await items.nth(0).textContent()) ?? '', (await items.nth(1).textContent()) ?? ''];
    await items.nth(0).click();
    await items.nth(1).click();
    await dialog.locator('.ant-transfer-actions button').first().click();
    await button(dialog, '保存').click();
    await dialog.waitFor({ state: 'detached' });
    await point.getByText('监测点 2').waitFor();
    const inTree = page.locator('.group-tree [data-testid="tree-indicator"]');
    await expect.poll(() => inTree.count()).toBe(2);
    const shown = await inTree.allTextContents();
    for (const [index, text] of shown.entries()) {
      // The tree shows "gateway · indicator"; the list showed "gateway · indicator identifier".
      expect(picked[index]).toContain(text.replace(/\s/g, '').split('·')[1]);
    }
    // The detail lists them too, and the server agrees.
    await expect.poll(() => page.locator('.ant-card .ant-table-row').count()).toBe(2);
    const saved = (await projectTree()).children.find((c) => c.name === '三期扩建区')!.children[0]!;
    expect(saved).toMatchObject({
      name: '三期出水口',
      groupType: 'site',
      siteType: 'container',
      isMonitor: true,
    });
    const links = await h.api<unknown[]>(
      'GET',
      `/iot/groups/${saved.id}/gatewayIndicators`,
      undefined,
      demoAdmin,
    );
    expect(links).toHaveLength(2);
    await page.close();
  });

  it('reorders areas by dragging, and the order survives a reload', async () => {
    const page = await h.openAs(username, password, treePath());
    await treeNode(page, '三期扩建区').waitFor();
    expect(await firstLevel(page)).toEqual(['进水区', '生化处理区', '出水区', '三期扩建区']);

    // Drag 三期扩建区 onto the upper edge of 进水区: it goes first.
    const dragged = treeNode(page, '三期扩建区');
    const target = treeNode(page, '进水区');
    await dragged.dragTo(target, { targetPosition: { x: 12, y: 1 } });
    await page.getByText('顺序已保存').waitFor();
    await expect.poll(() => firstLevel(page)).toEqual(['三期扩建区', '进水区', '生化处理区', '出水区']);

    // Within 进水区: drag 格栅间 onto the lower half of 进水泵房 (a leaf): it goes after it.
    const box = await treeNode(page, '进水泵房').boundingBox();
    await treeNode(page, '格栅间').dragTo(treeNode(page, '进水泵房'), {
      targetPosition: { x: 12, y: (box?.height ?? 20) - 2 },
    });
    const sitesOf = async () =>
      (await projectTree()).children.find((c) => c.name === '进水区')!.children.map((c) => c.name);
    await expect.poll(sitesOf).toEqual(['进水泵房', '格栅间']);

    await page.reload();
    await treeNode(page, '进水区').waitFor();
    expect(await firstLevel(page)).toEqual(['三期扩建区', '进水区', '生化处理区', '出水区']);
    const rows = await page.locator('.group-tree .group-tree-name').allTextContents();
    expect(rows.indexOf('进水泵房')).toBeLessThan(rows.indexOf('格栅间'));
    expect((await projectTree()).children.map((c) => c.name)).toEqual([
      '三期扩建区',
      '进水区',
      '生化处理区',
      '出水区',
    ]);

    // Without a mouse: 上移 in the detail puts 格栅间 back first.
    await treeNode(page, '格栅间').click();
    await page.getByTestId('group-detail').getByRole('button', { name: '上移' }).click();
    await expect.poll(sitesOf).toEqual(['格栅间', '进水泵房']);
    await page.close();
  });

  it('imports areas and sites from an xlsx sheet and reports the rows it could not take', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('分组');
    sheet.addRow(['*名称', '上级', '类型', '站点类型', '监测点']);
    sheet.addRow(['污泥处理区', '', '区域', '', '否']);
    sheet.addRow(['脱水机房', '污泥处理区', '站点', 'M-A型', '是']);
    sheet.addRow(['孤立站点', '不存在的区域', '站点', '', '']);
    const buffer = Buffer.from(await book.xlsx.writeBuffer());

    const page = await h.openAs(username, password, treePath());
    await treeNode(page, '进水区').waitFor();
    await button(page, '导入').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type="file"]').setInputFiles({
      name: '分组.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });
    await dialog.getByText('分组.xlsx').waitFor();
    await button(dialog, '开始导入').click();
    const report = dialog.getByTestId('import-report');
    await report.getByText('导入完成，1 行未导入').waitFor();
    await report.getByText('上级分组不存在').waitFor();
    await button(dialog, '完成').click();
    await treeNode(page, '污泥处理区').waitFor();
    await treeNode(page, '脱水机房').getByText('监测点 0').waitFor();
    await page.close();
  });

  for (const theme of ['light', 'tech'] as const) {
    it(`looks right in the ${theme} theme`, async () => {
      const answer = await h.t.request('PUT', '/iot/users/current/theme', {
        token: demoAdmin,
        body: { theme },
      });
      expect(answer.body.code).toBe(20000);
      const page = await h.openAs(username, password, treePath());
      await treeNode(page, '三期出水口').click();
      await expect.poll(() => page.locator('.ant-card .ant-table-row').count()).toBe(2);
      await page.waitForTimeout(400);
      await screenshot(page, `group-tree-${theme}`);
      await page.close();
    });
  }

  it('deletes a monitoring point and its area after confirmation', async () => {
    const page = await h.openAs(username, password, treePath());
    // An area with a site cannot be deleted.
    const detail = page.getByTestId('group-detail');
    await treeNode(page, '三期扩建区').click();
    await detail.getByText('三期扩建区').first().waitFor();
    expect(await button(detail, '删除').isDisabled()).toBe(true);

    await treeNode(page, '三期出水口').click();
    await button(detail, '删除').click();
    const confirm = page.locator('.ant-popconfirm');
    await confirm.getByText('确定删除「三期出水口」吗？').waitFor();
    await confirm.getByText('监测点与网关指标的关联会一并删除。').waitFor();
    await button(confirm, '删除').click();
    await page.getByText('「三期出水口」已删除').waitFor();
    await treeNode(page, '三期出水口').waitFor({ state: 'detached' });

    await treeNode(page, '三期扩建区').click();
    await button(detail, '删除').click();
    // Cancelling keeps it.
    await button(page.locator('.ant-popconfirm'), '取消').click();
    await treeNode(page, '三期扩建区').waitFor();
    await button(detail, '删除').click();
    await button(page.locator('.ant-popconfirm'), '删除').click();
    await treeNode(page, '三期扩建区').waitFor({ state: 'detached' });
    expect((await projectTree()).children.map((c) => c.name)).not.toContain('三期扩建区');
    await page.close();
  });
});
