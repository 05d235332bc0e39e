import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { ADMIN_PASSWORD } from '../apps/server/src/test/server.js';
import { type BrowserHarness, screenshot, startBrowserHarness } from './support/browser.js';

/**
 * Every screen built so far, in the light and the tech theme: it renders its heading and logs no
 * error in the browser. The screenshots land in e2e/screenshots for people to look at.
 */
let h: BrowserHarness;
let projectId: number;

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
});
afterAll(() => h?.close());

const THEMES = ['light', 'tech'] as const;

interface ScreenCase {
  name: string;
  path: () => string;
  text: string;
  signedIn?: boolean;
  /** Seen by a visitor who is not signed in (the sign-in form; a signed-in user is sent on). */
  visitor?: boolean;
  /** Who looks at it; the project administrator unless the screen needs the system administrator. */
  account?: 'admin';
}

const SCREENS: ScreenCase[] = [
  { name: 'index', path: () => '/index', text: '物联网监测运维平台' },
  { name: 'login', path: () => '/login', text: '账号密码登录', visitor: true },
  { name: 'change-password', path: () => '/changePassword', text: '获取验证码' },
  { name: 'not-found', path: () => '/404', text: '页面不存在' },
  { name: 'interface-document', path: () => '/interfaceDocument', text: '/iot/oauth/token' },
  { name: 'user-manual', path: () => '/userManual', text: '用户手册' },
  { name: 'my-projects', path: () => '/projects', text: '示范污水处理项目' },
  { name: 'user-center', path: () => '/usercenter', text: '基本资料' },
  {
    name: 'project-home',
    path: () => `/project/${projectId}/index/projectHD/hd`,
    text: '站点布局',
    signedIn: true,
  },
  {
    name: 'project-screen',
    path: () => `/projects/groups/${projectId}/realTimeData`,
    text: '实时数据',
    signedIn: true,
  },
  {
    name: 'arrears',
    path: () => `/arrearageProjectPage/${projectId}`,
    text: '示范污水处理项目',
    signedIn: true,
  },
  { name: 'users', path: () => '/system/users', text: 'demo-firm', signedIn: true, account: 'admin' },
  { name: 'roles', path: () => `/projects/groups/${projectId}/roles`, text: '查看监测数据', signedIn: true },
  {
    name: 'members',
    path: () => `/projects/groups/${projectId}/users`,
    text: '示范运维人员',
    signedIn: true,
  },
  {
    name: 'project-gateways',
    path: () => `/projects/groups/${projectId}/gateways`,
    text: '还没有网关',
    signedIn: true,
  },
  {
    name: 'indicators',
    path: () => `/projects/groups/${projectId}/indicators`,
    text: '指标列表',
    signedIn: true,
  },
  {
    name: 'data-repair-screen',
    path: () => `/projects/groups/${projectId}/dataRepair`,
    text: '还没有数据修复记录',
    signedIn: true,
  },
  { name: 'audit-list-screen', path: () => '/auditList', text: '没有待审批的申请', signedIn: true },
];

async function setTheme(theme: string, token: string): Promise<void> {
  const answer = await h.t.request('PUT', '/iot/users/current/theme', { token, body: { theme } });
  expect(answer.body.code).toBe(20000);
}

describe('every screen renders in the light and the tech theme', () => {
  for (const theme of THEMES) {
    for (const screen of SCREENS) {
      it(`${screen.name} (${theme})`, async () => {
        const { access, refresh } =
          screen.account === 'admin'
            ? await h.t.login('admin', ADMIN_PASSWORD)
            : await h.t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password);
        await setTheme(theme, access);
        const errors: string[] = [];
        // Sign in on this browser first: public pages then follow the user's theme too.
        const page: Page = await h.open(
          screen.visitor ? '/index' : `/usercenter?accessToken=${access}&refreshToken=${refresh}`,
        );
        if (!screen.visitor) await page.locator('[data-route-name]').waitFor();
        await page.goto(h.t.baseUrl + screen.path());
        page.on('pageerror', (error) => errors.push(error.message));
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
        await page.getByText(screen.text).first().waitFor();
        await page.waitForTimeout(400); // let transitions settle before the picture
        await screenshot(page, `${screen.name}-${theme}`);
        expect(errors).toEqual([]);
        await page.close();
      });
    }
  }
});
