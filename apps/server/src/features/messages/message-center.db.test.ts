import type { Page } from '@iot/contracts';
import type { Message, MessageProject, UnreadCount } from '@iot/contracts/messages';
import type { Role } from '@iot/contracts/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PROJECT_NAME } from '../../seed.js';
import { ADMIN_PASSWORD, startServer, type TestServer, withoutDemoReminders } from '../../test/server.js';

/**
 * 消息中心's list (issue 12, one list pattern): server paging with the keyword, time range and
 * project filters, each row's project name, the projects to filter by, and deleting one's own
 * messages — never anyone else's, never another project's under a project filter.
 */
let t: TestServer;
let admin: string;
let projectAdmin: string;
let operator: string;
let projectA: number;
let projectB: number;
/** When each message of A was sent: before the first, between the two batches, after the last. */
const at = { before: 0, between: 0, after: 0 };

const ok = <T>(method: string, url: string, token: string, body?: unknown) =>
  t.ok<T>(method, url, { token, body });
const list = (token: string, query = '') => ok<Page<Message>>('GET', `/iot/messages?${query}`, token);
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** An 其它 message to every member of a project: the template is the title and the detail as given. */
async function tell(projectId: number, title: string, detail: string): Promise<void> {
  await t.server.messages.notify({
    projectId,
    type: 'other',
    level: null,
    relationId: null,
    variables: { title, detail },
  });
  await t.server.messages.drain();
}

beforeAll(async () => {
  t = await startServer();
  await withoutDemoReminders(t);
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  projectAdmin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  projectA = t.server.seeded.demoProjectId!;
  projectB = (await ok<{ projectGroupId: number }>('POST', '/iot/projects', admin, { name: '乙项目' }))
    .projectGroupId;
  // The operator is a member of B too; the demo administrator is not.
  const role = await ok<Role>('POST', `/iot/groups/${projectB}/roles`, admin, {
    name: '值班',
    functions: [],
  });
  await ok('POST', `/iot/groups/${projectB}/users`, admin, {
    account: DEMO_ACCOUNTS.operator.username,
    roleId: role.id,
  });

  at.before = Date.now();
  await tick();
  for (let i = 1; i <= 6; i++) await tell(projectA, `例行巡检 ${i}`, `一号泵站第${i}次巡检，Pump-OK`);
  await tick();
  at.between = Date.now();
  await tick();
  await tell(projectA, '停电通知', '明日 9:00—12:00 厂区停电检修，100% 停机');
  await tell(projectB, '例行巡检 B', '乙项目泵站巡检，Pump-OK');
  await tick();
  at.after = Date.now();
});
afterAll(() => t?.close());

describe('paging and filters', () => {
  it('pages the newest first, with each row’s project name', async () => {
    const first = await list(operator, 'size=3');
    expect(first).toMatchObject({ page: 0, size: 3, total: 8 });
    expect(first.list.map((m) => [m.title, m.projectName])).toEqual([
      ['例行巡检 B', '乙项目'],
      ['停电通知', DEMO_PROJECT_NAME],
      ['例行巡检 6', DEMO_PROJECT_NAME],
    ]);
    expect((await list(operator, 'size=3&page=2')).list.map((m) => m.title)).toEqual([
      '例行巡检 2',
      '例行巡检 1',
    ]);
    // Up to the export page (spec core §9), not beyond.
    expect((await list(operator, 'size=1000')).list.length).toBe(8);
    expect((await t.request('GET', '/iot/messages?size=1001', { token: operator })).status).toBe(400);
  });

  it('matches the keyword in the title or the content, ignoring case, % taken literally', async () => {
    expect((await list(operator, `keyword=${encodeURIComponent('停电')}`)).list.map((m) => m.title)).toEqual([
      '停电通知',
    ]);
    expect((await list(operator, 'keyword=pump-ok&size=100')).total).toBe(7);
    expect((await list(operator, `keyword=${encodeURIComponent('第3次')}`)).list.map((m) => m.title)).toEqual(
      ['例行巡检 3'],
    );
    expect((await list(operator, `keyword=${encodeURIComponent('0%')}`)).total).toBe(1);
    expect((await list(operator, `keyword=${encodeURIComponent('_')}`)).total).toBe(0);
  });

  it('keeps the messages sent within the time range', async () => {
    expect((await list(operator, `startTime=${at.before}&endTime=${at.between}&size=100`)).total).toBe(6);
    expect((await list(operator, `startTime=${at.between}&size=100`)).list.map((m) => m.title)).toEqual([
      '例行巡检 B',
      '停电通知',
    ]);
    expect((await list(operator, `endTime=${at.before}`)).total).toBe(0);
    expect((await list(operator, `startTime=${at.after}`)).total).toBe(0);
  });

  it('the project filter keeps one project’s messages; the projects offered are the caller’s', async () => {
    const inA = await list(operator, `projectId=${projectA}&size=100`);
    expect(inA.total).toBe(7);
    expect(inA.list.every((m) => m.projectId === projectA)).toBe(true);
    const inB = await list(operator, `projectId=${projectB}&keyword=pump`);
    expect(inB.list.map((m) => m.title)).toEqual(['例行巡检 B']);
    const projects = await ok<MessageProject[]>('GET', '/iot/messages/projects', operator);
    expect(projects.sort((a, b) => a.id - b.id)).toEqual([
      { id: projectA, name: DEMO_PROJECT_NAME },
      { id: projectB, name: '乙项目' },
    ]);
    // The demo administrator is no member of B: nothing of B, whatever is asked.
    expect(await ok<MessageProject[]>('GET', '/iot/messages/projects', projectAdmin)).toEqual([
      { id: projectA, name: DEMO_PROJECT_NAME },
    ]);
    expect((await list(projectAdmin, `projectId=${projectB}`)).total).toBe(0);
    expect((await list(projectAdmin, 'keyword=乙项目')).total).toBe(0);
    expect((await list(projectAdmin, 'size=100')).total).toBe(7);
  });

  it('combines the filters with the type and the read state', async () => {
    const [outage] = (await list(operator, `keyword=${encodeURIComponent('停电')}`)).list;
    await ok('PUT', `/iot/messages/${outage!.id}/read`, operator);
    expect((await list(operator, `isRead=1&projectId=${projectA}`)).list.map((m) => m.id)).toEqual([
      outage!.id,
    ]);
    expect((await list(operator, `isRead=0&startTime=${at.between}`)).list.map((m) => m.title)).toEqual([
      '例行巡检 B',
    ]);
    expect((await list(operator, 'type=warning&keyword=pump')).total).toBe(0);
  });
});

describe('deleting messages', () => {
  it('deletes one’s own message; another person’s answers 消息不存在 and stays', async () => {
    const [mine] = (await list(operator, `keyword=${encodeURIComponent('第1次')}`)).list;
    const [theirs] = (await list(projectAdmin, `keyword=${encodeURIComponent('第1次')}`)).list;
    expect(mine!.id).not.toBe(theirs!.id);

    const foreign = await t.request('DELETE', `/iot/messages/${theirs!.id}`, { token: operator });
    expect(foreign).toMatchObject({ status: 404, body: { code: 40000, message: '消息不存在' } });
    expect((await list(projectAdmin, `keyword=${encodeURIComponent('第1次')}`)).total).toBe(1);

    await ok('DELETE', `/iot/messages/${mine!.id}`, operator);
    expect((await list(operator, `keyword=${encodeURIComponent('第1次')}`)).total).toBe(0);
    const again = await t.request('DELETE', `/iot/messages/${mine!.id}`, { token: operator });
    expect(again.status).toBe(404);
    expect((await t.request('DELETE', `/iot/messages/${mine!.id}`)).status).toBe(401);
  });

  it('删除已读 removes the caller’s read messages of a type (or all), never unread ones or anyone else’s', async () => {
    const unreadBefore = await ok<UnreadCount>('GET', '/iot/messages/unreadCount', operator);
    const adminTotal = (await list(projectAdmin)).total;
    expect(await ok('DELETE', '/iot/messages/read?type=warning', operator)).toEqual({ deleted: 0 });
    // One read message (停电通知) so far.
    expect(await ok('DELETE', '/iot/messages/read?type=other', operator)).toEqual({ deleted: 1 });
    expect(await ok<UnreadCount>('GET', '/iot/messages/unreadCount', operator)).toEqual(unreadBefore);
    expect((await list(operator, 'size=100')).total).toBe(6);

    await ok('PUT', '/iot/messages/readAll', operator, {});
    expect(await ok('DELETE', '/iot/messages/read', operator)).toEqual({ deleted: 6 });
    expect((await list(operator)).total).toBe(0);
    expect((await list(projectAdmin)).total).toBe(adminTotal);
    expect((await t.request('DELETE', '/iot/messages/read?type=bogus', { token: operator })).status).toBe(
      400,
    );
  });
});
