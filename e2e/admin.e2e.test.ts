import { MemberMessages } from '@iot/contracts/memberships';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { ADMIN_PASSWORD } from '../apps/server/src/test/server.js';
import { type BrowserHarness, routeName, screenshot, startBrowserHarness } from './support/browser.js';

let h: BrowserHarness;
let demoAdmin: string;
let projectId: number;

/** Ant Design puts a space between two Chinese characters of a button: 保存 reads 保 存. */
const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`^${text.split('').join('\\s?')}$`) });
/** Table rows holding every one of `texts`. */
const row = (page: Page, ...texts: string[]) =>
  texts.reduce((rows, text) => rows.filter({ hasText: text }), page.locator('.ant-table-row'));
const sider = (page: Page) => page.locator('.shell-sider');

const PASSWORD = 'Member@2026';

/** Picks an option of the Select labelled `label`. */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await open.locator(`[title="${option}"]`).click();
  // On a slow machine the dropdown may linger after the choice; close it so the next field is free.
  await open.waitFor({ state: 'detached', timeout: 3000 }).catch(async () => {
    await page.keyboard.press('Escape');
    await open.waitFor({ state: 'detached' });
  });
}

beforeAll(async () => {
  h = await startBrowserHarness();
  demoAdmin = (await h.t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  projectId = h.t.server.seeded.demoProjectId!;
});
afterAll(() => h?.close());

describe('user administration', () => {
  it('admin creates a user on /system/users and finds it by searching', async () => {
    const page = await h.openAs('admin', ADMIN_PASSWORD, '/system/users');
    await expect.poll(() => routeName(page)).toBe('router-system-users-s');
    await row(page, DEMO_ACCOUNTS.operator.username).waitFor();

    // A search typed but not asked for yet: Enter inside the dialog never runs the page's search
    // behind it (the key bubbles to the page through the dialog's portal).
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('nobody-matches-this')) searches.push(request.url());
    });
    await page.getByPlaceholder('账号、姓名或手机号').fill('nobody-matches-this');
    await page.getByRole('button', { name: '新建' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('账号', { exact: true }).press('Enter');
    await dialog.getByLabel('姓名', { exact: true }).press('Enter');
    await row(page, DEMO_ACCOUNTS.operator.username).waitFor();
    expect(searches).toEqual([]);
    // The same Enter on the page does search.
    await button(dialog, '取消').click();
    await page.getByPlaceholder('账号、姓名或手机号').press('Enter');
    await expect.poll(() => searches.length).toBeGreaterThan(0);
    await page.getByPlaceholder('账号、姓名或手机号').fill('');
    await page.getByPlaceholder('账号、姓名或手机号').press('Enter');
    await row(page, DEMO_ACCOUNTS.operator.username).waitFor();
    await page.getByRole('button', { name: '新建' }).click();
    await dialog.getByLabel('账号', { exact: true }).fill('admin');
    await dialog.getByLabel('姓名', { exact: true }).focus();
    await dialog.getByText('账号已存在').waitFor();
    await dialog.getByLabel('账号', { exact: true }).fill('zhang.san');
    await dialog.getByLabel('姓名', { exact: true }).fill('张三');
    await dialog.getByLabel('手机号', { exact: true }).fill('1391234');
    await dialog.getByLabel('初始密码', { exact: true }).fill('weak');
    await button(dialog, '保存').click();
    await dialog.getByText('输入的手机号错误').waitFor();
    expect(await dialog.locator('.ant-form-item-explain-error', { hasText: '密码须为8～16位' }).count()).toBe(
      1,
    );
    await screenshot(page, 'user-form');
    await dialog.getByLabel('手机号', { exact: true }).fill('13912340001');
    await dialog.getByLabel('初始密码', { exact: true }).fill(PASSWORD);
    await button(dialog, '保存').click();
    await page.getByText('用户「zhang.san」已创建').waitFor();

    await page.getByPlaceholder('账号、姓名或手机号').fill('张三');
    await button(page, '查询').click();
    await row(page, DEMO_ACCOUNTS.operator.username).waitFor({ state: 'detached' });
    expect(await page.locator('.ant-table-row').count()).toBe(1);
    expect(await row(page, 'zhang.san').textContent()).toContain('13912340001');
    expect(await row(page, 'zhang.san').textContent()).toContain('长期');
    // The query is remembered for this user.
    await page.reload();
    await row(page, 'zhang.san').waitFor();
    expect(await page.getByPlaceholder('账号、姓名或手机号').inputValue()).toBe('张三');
    expect(await page.locator('.ant-table-row').count()).toBe(1);
    await page.close();
    await h.t.login('zhang.san', PASSWORD);
  });

  it('unlocks a user locked by wrong passwords', async () => {
    await h.api('POST', '/iot/users', { username: 'locked-out', realname: '锁定用户', password: PASSWORD });
    for (let i = 0; i < 5; i++) {
      await h.t.grant({ grant_type: 'password', username: 'locked-out', password: 'Wrong@123' });
    }
    const page = await h.openAs('admin', ADMIN_PASSWORD, '/system/users');
    await page.getByPlaceholder('账号、姓名或手机号').fill('locked-out');
    await page.getByPlaceholder('账号、姓名或手机号').press('Enter');
    await row(page, 'locked-out', '已锁定').waitFor();
    await row(page, 'locked-out').getByRole('button', { name: '解锁' }).click();
    await row(page, 'locked-out', '未锁定').waitFor();
    expect(await row(page, 'locked-out').getByRole('button', { name: '解锁' }).count()).toBe(0);
    await h.t.login('locked-out', PASSWORD);
    await page.close();
  });
});

describe('project roles and members', () => {
  it('a project admin creates a role, gives it to a new member, who then sees just that menu', async () => {
    const page = await h.openAs(
      DEMO_ACCOUNTS.projectAdmin.username,
      DEMO_ACCOUNTS.projectAdmin.password,
      `/projects/groups/${projectId}/roles`,
    );
    await expect.poll(() => routeName(page)).toBe(`router-project-roles-g${projectId}`);
    await row(page, '项目管理员').waitFor();
    expect(await row(page, '项目管理员').getByRole('button', { name: '编辑' }).count()).toBe(0);

    await page.getByRole('button', { name: '新建角色' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('角色名称').fill('运维人员');
    await drawer.getByLabel('描述').focus();
    await drawer.getByText('角色名称已存在').waitFor();
    await drawer.getByLabel('角色名称').fill('数据查看员');
    await drawer.getByLabel('描述').fill('只看实时数据');
    await drawer.getByRole('checkbox', { name: '实时数据 查看', exact: true }).check();
    // Taking part of a group shows it as partly selected.
    expect(await drawer.locator('.ant-checkbox-indeterminate').count()).toBeGreaterThan(0);
    await screenshot(page, 'role-editor');
    await button(drawer, '保存').click();
    await page.getByText('角色「数据查看员」已创建').waitFor();
    await row(page, '数据查看员').locator('td').nth(2).filter({ hasText: /^1$/ }).waitFor();

    await page.goto(`${h.t.baseUrl}/projects/groups/${projectId}/users`);
    await expect.poll(() => routeName(page)).toBe(`router-project-users-g${projectId}`);
    await row(page, DEMO_ACCOUNTS.operator.username).waitFor();
    await page.getByRole('button', { name: '添加成员' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('新建账号').click();
    await dialog.getByLabel('账号', { exact: true }).fill('viewer01');
    await dialog.getByLabel('姓名', { exact: true }).fill('数据员');
    await dialog.getByLabel('初始密码', { exact: true }).fill(PASSWORD);
    await choose(page, dialog, '角色', '数据查看员');
    await screenshot(page, 'add-member');
    await button(dialog, '添加').click();
    await row(page, 'viewer01', '数据查看员').waitFor();
    await page.close();

    const member = await h.openAs('viewer01', PASSWORD, `/projects/groups/${projectId}/realTimeData`);
    await expect.poll(() => routeName(member)).toBe(`router-realTimeData-g${projectId}`);
    await sider(member).getByText('实时数据', { exact: true }).waitFor();
    expect(await sider(member).getByText('角色管理').count()).toBe(0);
    expect(await sider(member).getByText('用户管理').count()).toBe(0);
    await member.close();
  });

  it('adds an existing account and changes its role; the server refuses to delete a role in use', async () => {
    const roles = await h.api<{ id: number; name: string }[]>(
      'GET',
      `/iot/groups/${projectId}/roles/options`,
      undefined,
      demoAdmin,
    );
    const operatorRole = roles.find((role) => role.name === '运维人员')!;
    await h.api('POST', '/iot/users', { username: 'li.si', realname: '李四', password: PASSWORD });
    const page = await h.openAs(
      DEMO_ACCOUNTS.projectAdmin.username,
      DEMO_ACCOUNTS.projectAdmin.password,
      `/projects/groups/${projectId}/users`,
    );
    await page.getByRole('button', { name: '添加成员' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('账号或手机号').fill('li.si');
    await choose(page, dialog, '角色', operatorRole.name);
    await button(dialog, '添加').click();
    await row(page, 'li.si', '运维人员').waitFor();

    await row(page, 'li.si').getByRole('button', { name: '修改角色' }).click();
    const change = page.getByRole('dialog', { name: /修改角色/ });
    await choose(page, change, '角色', '项目管理员');
    await button(change, '保存').click();
    await row(page, 'li.si', '项目管理员').waitFor();

    await page.goto(`${h.t.baseUrl}/projects/groups/${projectId}/roles`);
    await row(page, '运维人员').getByRole('button', { name: '删除' }).click();
    await button(page.locator('.ant-popconfirm'), '删除').click();
    await page.getByText('角色已分配给成员，不能删除').waitFor();
    expect(await row(page, '运维人员').count()).toBe(1);
    await page.close();
  });

  it('tells the only administrator why they cannot remove themself, and the server refuses too', async () => {
    const project = await h.api<{ projectGroupId: number }>('POST', '/iot/projects', {
      name: '单管理员项目',
    });
    const projectAdmins = await h.api<{ userId: number; roleName: string }[]>(
      'GET',
      `/iot/groups/${project.projectGroupId}/users/options`,
    );
    expect(projectAdmins).toEqual([]);
    const roles = await h.api<{ id: number; builtin: string | null }[]>(
      'GET',
      `/iot/groups/${project.projectGroupId}/roles/options`,
    );
    await h.api('POST', `/iot/groups/${project.projectGroupId}/users`, {
      account: DEMO_ACCOUNTS.projectAdmin.username,
      roleId: roles.find((role) => role.builtin === 'admin')!.id,
    });
    const page = await h.openAs(
      DEMO_ACCOUNTS.projectAdmin.username,
      DEMO_ACCOUNTS.projectAdmin.password,
      `/projects/groups/${project.projectGroupId}/users`,
    );
    const remove = row(page, DEMO_ACCOUNTS.projectAdmin.username).getByRole('button', { name: '移除' });
    await remove.waitFor();
    // The row renders before the page knows who the administrators are: wait for the verdict.
    await expect.poll(() => remove.isDisabled()).toBe(true);
    await remove.hover({ force: true });
    await page.getByRole('tooltip').getByText(MemberMessages.LAST_ADMIN_SELF).waitFor();
    expect(MemberMessages.LAST_ADMIN_SELF).toContain('您是唯一的管理员，不能移除自己');
    // The server refuses on its own, whatever the page shows.
    const { access } = await h.t.login(
      DEMO_ACCOUNTS.projectAdmin.username,
      DEMO_ACCOUNTS.projectAdmin.password,
    );
    const me = (
      await h.api<{ userId: number; username: string }[]>(
        'GET',
        `/iot/groups/${project.projectGroupId}/users/options`,
      )
    ).find((m) => m.username === DEMO_ACCOUNTS.projectAdmin.username)!;
    const answer = await h.t.request('DELETE', `/iot/groups/${project.projectGroupId}/users/${me.userId}`, {
      token: access,
    });
    expect(answer.body).toMatchObject({ code: 40000, message: MemberMessages.LAST_ADMIN_SELF });
    await page.reload();
    await expect.poll(() => row(page, DEMO_ACCOUNTS.projectAdmin.username).count()).toBe(1);
    await page.close();
  });
});

describe('permission bits hide buttons (v-permission)', () => {
  it('with only 查看 on 用户管理 and 角色管理 one sees the lists but no buttons that change them', async () => {
    const role = await h.api<{ id: number }>(
      'POST',
      `/iot/groups/${projectId}/roles`,
      {
        name: '只读管理员',
        functions: [
          { code: 'router-project-users', permission: 1 },
          { code: 'router-project-roles', permission: 1 },
        ],
      },
      demoAdmin,
    );
    await h.api(
      'POST',
      `/iot/groups/${projectId}/users`,
      { username: 'reader01', realname: '只读', password: PASSWORD, roleId: role.id },
      demoAdmin,
    );
    const page = await h.openAs('reader01', PASSWORD, `/projects/groups/${projectId}/users`);
    await expect.poll(() => routeName(page)).toBe(`router-project-users-g${projectId}`);
    expect(await page.locator('[data-route-name]').getAttribute('data-permission')).toBe('1');
    await row(page, DEMO_ACCOUNTS.operator.username).waitFor();
    expect(await page.getByRole('button', { name: '添加成员' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '修改角色' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '移除' }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: '操作' }).count()).toBe(0);

    await page.goto(`${h.t.baseUrl}/projects/groups/${projectId}/roles`);
    await row(page, '只读管理员').waitFor();
    expect(await page.getByRole('button', { name: '新建角色' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '编辑' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '删除' }).count()).toBe(0);
    // 查看 still opens the role, read-only.
    await row(page, '只读管理员').getByRole('button', { name: '查看' }).click();
    const drawer = page.getByRole('dialog');
    await expect
      .poll(() => drawer.getByRole('checkbox', { name: '用户管理 查看', exact: true }).isChecked())
      .toBe(true);
    expect(await drawer.getByRole('checkbox', { name: '用户管理 查看', exact: true }).isDisabled()).toBe(
      true,
    );
    expect(await button(drawer, '保存').count()).toBe(0);
    await page.close();
  });

  it('the demo operator sees no create button on a screen of their role', async () => {
    const page = await h.openAs(
      DEMO_ACCOUNTS.operator.username,
      DEMO_ACCOUNTS.operator.password,
      `/projects/groups/${projectId}/realTimeData`,
    );
    await expect.poll(() => routeName(page)).toBe(`router-realTimeData-g${projectId}`);
    expect(await page.locator('[data-route-name]').getAttribute('data-permission')).toBe('1');
    expect(
      await page
        .getByTestId('main')
        .getByRole('button', { name: /新建|新增|添加/ })
        .count(),
    ).toBe(0);
    await page.close();
  });
});

describe('every scope uses the same screens', () => {
  it('system roles and members show the built-in super administrator', async () => {
    const page = await h.openAs('admin', ADMIN_PASSWORD, '/system/roles');
    await expect.poll(() => routeName(page)).toBe('router-system-roles-s');
    await row(page, '超级管理员', '内置').waitFor();
    await page.goto(`${h.t.baseUrl}/system/members`);
    await expect.poll(() => routeName(page)).toBe('router-system-members-s');
    await row(page, 'admin', '超级管理员').waitFor();
    await page.close();
  });

  it('a firm administrator manages the firm roles with firm entries only', async () => {
    const firms = await h.api<{ list: { id: number }[] }>('GET', '/iot/gatewayFirms');
    const firmId = firms.list[0]!.id;
    const page = await h.openAs(
      DEMO_ACCOUNTS.firmAdmin.username,
      DEMO_ACCOUNTS.firmAdmin.password,
      `/gatewayfirms/${firmId}/roles`,
    );
    await expect.poll(() => routeName(page)).toBe(`router-firmRoles-f${firmId}`);
    await page.getByRole('button', { name: '新建角色' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('checkbox', { name: '固件管理 查看', exact: true }).waitFor();
    expect(await drawer.getByRole('checkbox', { name: '实时数据 查看', exact: true }).count()).toBe(0);
    await drawer.getByLabel('角色名称').fill('固件工程师');
    await drawer.getByRole('checkbox', { name: '固件管理 全选', exact: true }).check();
    await button(drawer, '保存').click();
    await row(page, '固件工程师').locator('td').nth(2).filter({ hasText: /^1$/ }).waitFor();
    const { list: roles } = await h.api<{
      list: { name: string; functions: { code: string; permission: number }[] }[];
    }>('GET', `/iot/gatewayFirms/${firmId}/roles`);
    expect(roles.find((role) => role.name === '固件工程师')!.functions).toEqual([
      { code: 'router-firmware', permission: 15 },
    ]);
    await page.close();
  });
});
