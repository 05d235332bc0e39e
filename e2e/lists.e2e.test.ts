import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PROJECT_NAME } from '../apps/server/src/seed.js';
import { withoutDemoReminders } from '../apps/server/src/test/server.js';
import { type BrowserHarness, routeName, screenshot, startBrowserHarness } from './support/browser.js';

/**
 * 角色管理, 成员管理, 用户管理 and 消息中心 on the one list pattern (issue 12): the server pages,
 * searches and filters; conditions are remembered per user; loading, failure with 重试 and empty
 * states; export; confirmation before delete. Each screen as the least-privileged role that has its
 * menu, at desk width and at 390 px, in the light and the tech theme.
 */
let h: BrowserHarness;
let projectId: number;
let demoAdmin: string;
const PASSWORD = 'Reader@2026';
/** Members whose role holds the project entry and one list, read only. */
const READERS = {
  roles: { username: 'roles-reader', menu: 'router-project-roles' },
  members: { username: 'members-reader', menu: 'router-project-users' },
} as const;
const USERS_READER = 'users-reader';
const OPERATOR = DEMO_ACCOUNTS.operator;

const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${text.split('').join('\\s?')}$`) });
const rows = (scope: Page | Locator, ...texts: string[]) =>
  texts.reduce((found, text) => found.filter({ hasText: text }), scope.locator('.ant-table-row'));
const names = (page: Page) => page.locator('.ant-table-row td:first-child').allTextContents();
const segment = (page: Page, label: string) =>
  page.locator('.ant-segmented-item', { hasText: new RegExp(`^${label}$`) });
const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
const settled = (page: Page) =>
  page.locator('.ant-table .ant-spin-spinning').first().waitFor({ state: 'detached' });

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await openDropdown(page).locator(`[title="${option}"]`).click();
  await openDropdown(page).waitFor({ state: 'detached' });
}

/** Requests the page makes to `pathname` (an API path), as URLs. */
function calls(page: Page, pathname: string): URL[] {
  const seen: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === pathname) seen.push(url);
  });
  return seen;
}

async function setTheme(username: string, password: string, theme: 'light' | 'tech') {
  const { access } = await h.t.login(username, password);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
}

/** At 390 px the page does not scroll sideways; the table scrolls inside its card. */
async function fitsPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const body = page.locator('.ant-table-content, .ant-table-body').first();
  expect(await body.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
}

async function exported(page: Page, name: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), button(page, '导出').click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${name}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');
}

beforeAll(async () => {
  h = await startBrowserHarness();
  // The message centre's counts are the test's own messages, not the demo plans' reminders.
  await withoutDemoReminders(h.t);
  projectId = h.t.server.seeded.demoProjectId!;
  demoAdmin = (await h.t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  const roles = `/iot/groups/${projectId}/roles`;
  const members = `/iot/groups/${projectId}/users`;
  for (const reader of Object.values(READERS)) {
    const role = await h.api<{ id: number }>(
      'POST',
      roles,
      {
        name: `仅看${reader.menu}`,
        functions: [
          { code: 'router-project', permission: 1 },
          { code: reader.menu, permission: 1 },
        ],
      },
      demoAdmin,
    );
    await h.api(
      'POST',
      members,
      { username: reader.username, realname: reader.username, password: PASSWORD, roleId: role.id },
      demoAdmin,
    );
  }
  // Twelve posts: two pages of roles; the first has ten members, a page and a half of members.
  const posts: number[] = [];
  for (let i = 1; i <= 12; i++) {
    const n = String(i).padStart(2, '0');
    const role = await h.api<{ id: number }>(
      'POST',
      roles,
      { name: `巡检岗${n}`, description: i % 2 ? '白班巡检' : '夜班巡检', functions: [] },
      demoAdmin,
    );
    posts.push(role.id);
  }
  for (let i = 1; i <= 10; i++) {
    const n = String(i).padStart(2, '0');
    await h.api(
      'POST',
      members,
      {
        username: `list-member-${n}`,
        realname: `列表成员${n}`,
        mobile: `1390000${String(i).padStart(4, '0')}`,
        password: PASSWORD,
        roleId: posts[0],
      },
      demoAdmin,
    );
  }
  // A system member who may only read 用户管理; one account disabled.
  const usersRole = await h.api<{ id: number }>('POST', '/iot/system/roles', {
    name: '用户查看',
    functions: [{ code: 'router-system-users', permission: 1 }],
  });
  await h.api('POST', '/iot/systemMembers', {
    username: USERS_READER,
    realname: '用户查看员',
    password: PASSWORD,
    roleId: usersRole.id,
  });
  await h.api('POST', '/iot/users', {
    username: 'list-disabled',
    realname: '停用账号',
    password: PASSWORD,
    status: 'disabled',
  });
  // Messages for the demo operator: six inspections and an outage notice.
  for (let i = 1; i <= 6; i++) {
    await h.t.server.messages.notify({
      projectId,
      type: 'other',
      level: null,
      relationId: null,
      variables: { title: `例行巡检 ${i}`, detail: `一号泵站第${i}次巡检正常` },
    });
  }
  await h.t.server.messages.notify({
    projectId,
    type: 'other',
    level: null,
    relationId: null,
    variables: { title: '停电通知', detail: '明日 9:00—12:00 厂区停电检修' },
  });
  await h.t.server.messages.drain();
  // New accounts start in the tech theme (spec core §1): the desk screenshots are the light one.
  for (const reader of Object.values(READERS)) await setTheme(reader.username, PASSWORD, 'light');
  await setTheme(USERS_READER, PASSWORD, 'light');
  await setTheme(OPERATOR.username, OPERATOR.password, 'light');
});
afterAll(() => h?.close());

describe('角色管理', () => {
  it('a member who may only read it pages, searches and filters on the server; the search is remembered', async () => {
    const page = await h.openAs(READERS.roles.username, PASSWORD, `/projects/groups/${projectId}/roles`);
    await expect.poll(() => routeName(page)).toBe(`router-project-roles-g${projectId}`);
    const asked = calls(page, `/iot/groups/${projectId}/roles`);
    await rows(page, '项目管理员', '内置').waitFor();
    await page.getByText('共 16 个角色').waitFor();
    expect(await page.locator('.ant-table-row').count()).toBe(10);
    // Read only: no buttons that change roles; 查看 opens one.
    expect(await button(page, '新建角色').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(编辑|删除|不可修改)$/ }).count()).toBe(0);
    await page.locator('.ant-pagination-item-2').click();
    await rows(page, '巡检岗12').waitFor();
    expect(asked.some((url) => url.searchParams.get('page') === '1')).toBe(true);
    await screenshot(page, 'lists-roles-light');

    await page.getByPlaceholder('名称或描述').fill('夜班');
    await page.getByPlaceholder('名称或描述').press('Enter');
    // 巡检岗02 was on the first page only: the answer to the search is in.
    await rows(page, '巡检岗02', '夜班巡检').waitFor();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(6);
    expect(asked.at(-1)?.searchParams.get('keyword')).toBe('夜班');
    expect(asked.at(-1)?.searchParams.get('page')).toBe('0');
    await page.reload();
    await rows(page, '巡检岗02').waitFor();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(6);
    expect(await page.getByPlaceholder('名称或描述').inputValue()).toBe('夜班');

    await page.getByPlaceholder('名称或描述').fill('');
    await button(page, '查询').click();
    await choose(page, '角色类型', '内置角色');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    expect(await names(page)).toEqual(['项目管理员内置']);
    await choose(page, '角色类型', '全部角色');
    await page.getByPlaceholder('名称或描述').fill('没有这个角色');
    await button(page, '查询').click();
    await page.getByText('没有匹配“没有这个角色”的角色').waitFor();
    await page.getByPlaceholder('名称或描述').fill('');
    await button(page, '查询').click();
    await page.getByText('共 16 个角色').waitFor();

    await rows(page, '巡检岗01').getByRole('button', { name: '查看' }).click();
    await page.getByRole('dialog').getByText('角色详情').waitFor();
    await page.keyboard.press('Escape');
    await exported(page, '项目角色列表');
    await page.close();
  });

  it('at 390 px in the tech theme', async () => {
    await setTheme(READERS.roles.username, PASSWORD, 'tech');
    try {
      const page = await h.openAs(READERS.roles.username, PASSWORD, `/projects/groups/${projectId}/roles`);
      await rows(page, '项目管理员').waitFor();
      await fitsPhone(page);
      await settled(page);
      await screenshot(page, 'lists-roles-phone-tech');
      await page.close();
    } finally {
      await setTheme(READERS.roles.username, PASSWORD, 'light');
    }
  });

  it('the administrator deletes a role after confirming; a failed load offers 重试', async () => {
    const page = await h.openAs(
      DEMO_ACCOUNTS.projectAdmin.username,
      DEMO_ACCOUNTS.projectAdmin.password,
      `/projects/groups/${projectId}/roles`,
    );
    await page.getByPlaceholder('名称或描述').fill('巡检岗12');
    await button(page, '查询').click();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await rows(page, '巡检岗12').getByRole('button', { name: '删除' }).click();
    const confirm = page.locator('.ant-popconfirm');
    await confirm.getByText('确定删除角色「巡检岗12」吗？').waitFor();
    await screenshot(page, 'lists-roles-confirm-tech');
    await button(confirm, '删除').click();
    await page.getByText('角色「巡检岗12」已删除').waitFor();
    await page.getByText('没有匹配“巡检岗12”的角色').waitFor();

    const list = (url: URL) => url.pathname === `/iot/groups/${projectId}/roles`;
    await page.route(list, (route) => route.fulfill({ status: 502, contentType: 'text/html', body: 'Bad' }));
    await page.reload();
    await page.getByTestId('load-error').filter({ hasText: '角色列表加载失败' }).waitFor();
    expect(await page.getByText('没有匹配“巡检岗12”的角色').count()).toBe(0);
    await page.unroute(list);
    await page.getByTestId('load-retry').click();
    await page.getByText('没有匹配“巡检岗12”的角色').waitFor();
    await page.close();
  });
});

describe('成员管理', () => {
  it('a member who may only read it searches by mobile and filters by role on the server', async () => {
    const page = await h.openAs(READERS.members.username, PASSWORD, `/projects/groups/${projectId}/users`);
    await expect.poll(() => routeName(page)).toBe(`router-project-users-g${projectId}`);
    const asked = calls(page, `/iot/groups/${projectId}/users`);
    await rows(page, DEMO_ACCOUNTS.projectAdmin.username, '项目管理员').waitFor();
    await page.getByText('共 14 名成员').waitFor();
    expect(await button(page, '添加成员').count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: '操作' }).count()).toBe(0);

    await choose(page, '按角色筛选', '巡检岗01');
    await rows(page, DEMO_ACCOUNTS.projectAdmin.username).waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(10);
    expect(asked.at(-1)?.searchParams.get('roleId')).not.toBeNull();
    await page.getByPlaceholder('账号、姓名或手机号').fill('13900000007');
    await page.getByPlaceholder('账号、姓名或手机号').press('Enter');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    expect(await rows(page, 'list-member-07').count()).toBe(1);
    await page.reload();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await screenshot(page, 'lists-members-light');
    await page.getByPlaceholder('账号、姓名或手机号').fill('');
    await page.getByPlaceholder('账号、姓名或手机号').press('Enter');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(10);
    await exported(page, '项目成员列表');
    await choose(page, '按角色筛选', '全部角色');
    await page.getByText('共 14 名成员').waitFor();
    await page.close();
  });

  it('at 390 px in the tech theme', async () => {
    await setTheme(READERS.members.username, PASSWORD, 'tech');
    try {
      const page = await h.openAs(READERS.members.username, PASSWORD, `/projects/groups/${projectId}/users`);
      await rows(page, DEMO_ACCOUNTS.projectAdmin.username).waitFor();
      await fitsPhone(page);
      await settled(page);
      await screenshot(page, 'lists-members-phone-tech');
      await page.close();
    } finally {
      await setTheme(READERS.members.username, PASSWORD, 'light');
    }
  });

  it('the administrator removes a member after confirming; the only administrator is told why not', async () => {
    const page = await h.openAs(
      DEMO_ACCOUNTS.projectAdmin.username,
      DEMO_ACCOUNTS.projectAdmin.password,
      `/projects/groups/${projectId}/users`,
    );
    await rows(page, DEMO_ACCOUNTS.projectAdmin.username).waitFor();
    const self = rows(page, DEMO_ACCOUNTS.projectAdmin.username).getByRole('button', { name: '移除' });
    expect(await self.isDisabled()).toBe(true);
    await page.getByPlaceholder('账号、姓名或手机号').fill('list-member-10');
    await button(page, '查询').click();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await rows(page, 'list-member-10').getByRole('button', { name: '移除' }).click();
    const confirm = page.locator('.ant-popconfirm');
    await confirm.getByText('确定移除成员「列表成员10」吗？').waitFor();
    await button(confirm, '移除').click();
    await page.getByText('已移除成员「列表成员10」').waitFor();
    await page.getByText('没有匹配“list-member-10”的成员').waitFor();
    await page.close();
  });
});

describe('用户管理', () => {
  it('a system member who may only read it filters by state, exports, and reads at 390 px in tech', async () => {
    const page = await h.openAs(USERS_READER, PASSWORD, '/system/users');
    await expect.poll(() => routeName(page)).toBe('router-system-users-s');
    await rows(page, DEMO_ACCOUNTS.operator.username).waitFor();
    expect(await button(page, '新建').count()).toBe(0);
    await choose(page, '账号状态', '停用');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    expect(await rows(page, 'list-disabled', '停用').count()).toBe(1);
    await screenshot(page, 'lists-users-light');
    await exported(page, '用户列表');
    await choose(page, '账号状态', '全部状态');
    await rows(page, DEMO_ACCOUNTS.operator.username).waitFor();
    await page.close();

    await setTheme(USERS_READER, PASSWORD, 'tech');
    const phone = await h.openAs(USERS_READER, PASSWORD, '/system/users');
    await rows(phone, DEMO_ACCOUNTS.operator.username).waitFor();
    await fitsPhone(phone);
    await settled(phone);
    await screenshot(phone, 'lists-users-phone-tech');
    await phone.close();
  });
});

describe('消息中心', () => {
  it('the operator searches, filters by project and read state, deletes after confirming, exports', async () => {
    const page = await h.openAs(OPERATOR.username, OPERATOR.password, '/messageCenter');
    await expect.poll(() => routeName(page)).toBe('router-messageCenter');
    const asked = calls(page, '/iot/messages');
    await rows(page, '停电通知').waitFor();
    await page.getByText('共 7 条').waitFor();

    await page.getByPlaceholder('标题或内容').fill('第3次');
    await page.getByPlaceholder('标题或内容').press('Enter');
    await page.getByText('共 1 条').waitFor();
    expect(asked.at(-1)?.searchParams.get('keyword')).toBe('第3次');
    expect(await rows(page, '例行巡检 3').count()).toBe(1);
    await page.reload();
    await page.getByText('共 1 条').waitFor();
    expect(await page.getByPlaceholder('标题或内容').inputValue()).toBe('第3次');
    await page.getByPlaceholder('标题或内容').fill('');
    await button(page, '查询').click();
    await page.getByText('共 7 条').waitFor();

    await choose(page, '项目', DEMO_PROJECT_NAME);
    await page.getByText('共 7 条').waitFor();
    expect(asked.at(-1)?.searchParams.get('projectId')).toBe(String(projectId));
    expect(await rows(page, DEMO_PROJECT_NAME).count()).toBe(7);
    await screenshot(page, 'lists-messages-light');

    // One read, then the read ones deleted; and one deleted by itself.
    await rows(page, '停电通知').getByRole('button', { name: '标为已读' }).click();
    await rows(page, '停电通知', '已读').waitFor();
    await segment(page, '已读').click();
    await page.getByText('共 1 条').waitFor();
    await button(page, '删除已读').click();
    const confirm = page.locator('.ant-popconfirm');
    await confirm.getByText('删除全部的已读消息？').waitFor();
    await button(confirm, '删除').click();
    await page.getByText('已删除 1 条已读消息').waitFor();
    await page.getByText('没有符合条件的消息').waitFor();
    await segment(page, '全部').click();
    await page.getByText('共 6 条').waitFor();
    await rows(page, '例行巡检 6').getByRole('button', { name: '删除' }).click();
    await confirm.getByText('确定删除消息「例行巡检 6」吗？').waitFor();
    await button(confirm, '删除').click();
    await page.getByText('消息已删除').waitFor();
    await page.getByText('共 5 条').waitFor();
    await exported(page, '我的消息');
    await page.close();
  });

  it('at 390 px in the tech theme', async () => {
    await setTheme(OPERATOR.username, OPERATOR.password, 'tech');
    try {
      const page = await h.openAs(OPERATOR.username, OPERATOR.password, '/messageCenter');
      await rows(page, '例行巡检 1').waitFor();
      await fitsPhone(page);
      await settled(page);
      await screenshot(page, 'lists-messages-phone-tech');
      await page.close();
    } finally {
      await setTheme(OPERATOR.username, OPERATOR.password, 'light');
    }
  });
});
