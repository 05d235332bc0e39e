import type { Page } from '@iot/contracts';
import type { DutyCalendar, DutyChange, OnDuty, Rotation, Shift, ShiftOption } from '@iot/contracts/duty';
import type { RoleOption } from '@iot/contracts/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';
import { onDutyUserIds } from './index.js';

/**
 * 排班管理 against the real server, on a project of its own: shifts, rotations, swaps and overrides,
 * the month calendar, who is on duty (also across midnight), tenant scope and permission bits.
 */

let t: TestServer;
let projectId: number;
let admin: string;
let foreign: { projectId: number; token: string };
const people: Record<'a' | 'b' | 'c', number> = { a: 0, b: 0, c: 0 };
const shifts = { day: 0, night: 0 };
const base = () => `/iot/groups/${projectId}/duty`;
/** China wall time → epoch ms. */
const china = (text: string) => Date.parse(`${text}:00+08:00`);

const post = <T>(path: string, body: unknown, token = admin) =>
  t.request<T>('POST', `${base()}${path}`, { token, body });
const ok = <T>(method: string, path: string, body?: unknown, token = admin) =>
  t.ok<T>(method, `${base()}${path}`, { token, body });

async function member(username: string, realname: string, roleId: number): Promise<number> {
  await t.ok('POST', `/iot/groups/${projectId}/users`, {
    token: admin,
    body: { username, realname, password: 'Passw0rd!', roleId },
  });
  return (
    await t.server.platform.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).id;
}

async function role(name: string, functions: { code: string; permission: number }[]): Promise<number> {
  return (
    await t.ok<{ id: number }>('POST', `/iot/groups/${projectId}/roles`, {
      token: admin,
      body: { name, functions },
    })
  ).id;
}

/** Who is on each shift of a day, by name, as the calendar says. */
async function day(date: string): Promise<Record<string, string[]>> {
  const calendar = await ok<DutyCalendar>('GET', `/calendar?month=${date.slice(0, 7)}`);
  const found = calendar.days.find((d) => d.date === date)!;
  const name = (id: number) => calendar.shifts.find((s) => s.id === id)!.name;
  return Object.fromEntries(
    found.slots.map((s) => [
      name(s.shiftId),
      s.people.map((p) => `${p.realname}${p.source === 'rotation' ? '' : `(${p.source})`}`),
    ]),
  );
}

beforeAll(async () => {
  t = await startServer();
  const system = (await t.login('admin', ADMIN_PASSWORD)).access;
  const own = await projectWithAdmin(t, system, '排班项目', 'duty-admin');
  projectId = own.projectId;
  admin = own.token;
  foreign = await projectWithAdmin(t, system, '别的项目', 'duty-foreign');
  const roles = await t.ok<RoleOption[]>('GET', `/iot/groups/${projectId}/roles/options`, { token: admin });
  const adminRole = roles.find((r) => r.builtin === 'admin')!.id;
  people.a = await member('duty-a', '甲', adminRole);
  people.b = await member('duty-b', '乙', adminRole);
  people.c = await member('duty-c', '丙', adminRole);
});
afterAll(() => t?.close());

describe('shifts', () => {
  it('saves day and night shifts, the night one crossing midnight, with Chinese messages for bad input', async () => {
    const day = await ok<Shift>('POST', '/shifts', { name: '白班', startTime: '08:00', endTime: '20:00' });
    const night = await ok<Shift>('POST', '/shifts', {
      name: '夜班',
      startTime: '20:00',
      endTime: '08:00',
      color: 'geekblue',
      sort: 1,
    });
    shifts.day = day.id;
    shifts.night = night.id;
    expect(day).toMatchObject({ crossesMidnight: false, rotationCount: 0 });
    expect(night).toMatchObject({ startTime: '20:00', endTime: '08:00', crossesMidnight: true });

    const badTime = await post('/shifts', { name: '中班', startTime: '25:00', endTime: '08:00' });
    expect(badTime.body.code).toBe(40000);
    expect(badTime.body.message).toBe('startTime: 时间格式应为 HH:mm');
    const empty = await post('/shifts', { name: ' ', startTime: '08:00', endTime: '12:00' });
    expect(empty.body.message).toBe('name: 不能为空');
    const taken = await post('/shifts', { name: '白班', startTime: '09:00', endTime: '17:00' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('班次名称已存在');
    expect(await ok<boolean>('GET', '/shifts/checkName?name=白班')).toBe(false);
    expect(await ok<boolean>('GET', `/shifts/checkName?name=白班&excludeId=${day.id}`)).toBe(true);

    const options = await ok<ShiftOption[]>('GET', '/shifts/options');
    expect(options.map((s) => s.name)).toEqual(['白班', '夜班']);
    const page = await ok<Page<Shift>>('GET', '/shifts?keyword=夜');
    expect(page.list.map((s) => s.name)).toEqual(['夜班']);
  });
});

describe('rotations and the calendar', () => {
  it('refuses bad rotations with Chinese messages', async () => {
    const body = {
      name: '白班轮值',
      shiftId: shifts.day,
      period: 'day',
      userIds: [people.a],
      startDate: '2026-03-02',
    };
    const backwards = await post('/rotations', { ...body, endDate: '2026-03-01' });
    expect(backwards.body.message).toBe('endDate: 结束日期不能早于开始日期');
    const badDate = await post('/rotations', { ...body, startDate: '2026-02-30' });
    expect(badDate.body.message).toBe('startDate: 日期格式应为 YYYY-MM-DD');
    const nobody = await post('/rotations', { ...body, userIds: [] });
    expect(nobody.body.message).toBe('userIds: 请选择轮班人员');
    const twice = await post('/rotations', { ...body, userIds: [people.a, people.a] });
    expect(twice.body.message).toBe('userIds: 轮班人员不能重复');
    const noDays = await post('/rotations', { ...body, weekdays: [] });
    expect(noDays.body.message).toBe('weekdays: 请选择值班的星期');
    const period = await post('/rotations', { ...body, period: 'month' });
    expect(period.body.message).toBe('period: 轮换方式只能是按天或按周');
    const outsider = await t.ok<{ userId: number }>('POST', '/iot/users', {
      token: (await t.login('admin', ADMIN_PASSWORD)).access,
      body: { username: 'duty-outsider', password: 'Passw0rd!', realname: '外人' },
    });
    const stranger = await post('/rotations', { ...body, userIds: [people.a, outsider.userId] });
    expect(stranger.body.message).toBe('值班人员必须是本项目的成员');
    // A shift of another project is no shift here.
    const theirs = await t.ok<Shift>('POST', `/iot/groups/${foreign.projectId}/duty/shifts`, {
      token: foreign.token,
      body: { name: '他们的班', startTime: '08:00', endTime: '17:00' },
    });
    const borrowed = await post('/rotations', { ...body, shiftId: theirs.id });
    expect(borrowed.body.message).toBe('班次不存在');
  });

  it('lays the rotations over the month: by day on weekdays, by week at night', async () => {
    // Day shift: 甲, 乙, 丙 in turn on working days from Monday 2 March.
    const weekdays = await ok<Rotation>('POST', '/rotations', {
      name: '白班轮值',
      shiftId: shifts.day,
      period: 'day',
      userIds: [people.a, people.b, people.c],
      startDate: '2026-03-02',
      endDate: '2026-03-31',
      weekdays: [1, 2, 3, 4, 5],
    });
    expect(weekdays).toMatchObject({
      shiftName: '白班',
      users: [
        { id: people.a, realname: '甲' },
        { id: people.b, realname: '乙' },
        { id: people.c, realname: '丙' },
      ],
      weekdays: [1, 2, 3, 4, 5],
      endDate: '2026-03-31',
    });
    // Night shift: 乙 this week, 丙 the next, every night.
    await ok<Rotation>('POST', '/rotations', {
      name: '夜班轮值',
      shiftId: shifts.night,
      period: 'week',
      userIds: [people.b, people.c],
      startDate: '2026-03-02',
    });
    expect(await day('2026-03-02')).toEqual({ 白班: ['甲'], 夜班: ['乙'] });
    expect(await day('2026-03-06')).toEqual({ 白班: ['乙'], 夜班: ['乙'] });
    expect(await day('2026-03-07')).toEqual({ 白班: [], 夜班: ['乙'] }); // Saturday
    expect(await day('2026-03-09')).toEqual({ 白班: ['丙'], 夜班: ['丙'] }); // the turn resumes on Monday
    expect(await day('2026-03-16')).toEqual({ 白班: ['乙'], 夜班: ['乙'] }); // ten working days on
    expect(await day('2026-03-01')).toEqual({ 白班: [], 夜班: [] }); // before the start
    expect(await day('2026-04-01')).toEqual({ 白班: [], 夜班: ['乙'] }); // the day rotation has ended

    const calendar = await ok<DutyCalendar>('GET', '/calendar?month=2026-02');
    expect(calendar.days).toHaveLength(28);
    expect(calendar.days[0]).toMatchObject({ date: '2026-02-01', weekday: 7 });
    const badMonth = await t.request('GET', `${base()}/calendar?month=2026-13`, { token: admin });
    expect(badMonth.body.message).toBe('month: 月份格式应为 YYYY-MM');

    // A shift in use cannot go.
    const inUse = await t.request('DELETE', `${base()}/shifts/${shifts.day}`, { token: admin });
    expect(inUse.body.message).toBe('该班次正被 1 条轮班规则使用，不能删除');
  });

  it('applies swaps over the rotation and overrides over both', async () => {
    // 2 March: 甲 by rotation; 甲 hands the day shift to 乙 and takes 乙's on the 3rd.
    const swap = await ok<DutyChange>('POST', '/changes', {
      kind: 'swap',
      date: '2026-03-02',
      shiftId: shifts.day,
      userId: people.a,
      withUserId: people.b,
      withDate: '2026-03-03',
      withShiftId: shifts.day,
      note: '家里有事',
    });
    expect(swap).toMatchObject({
      kind: 'swap',
      shiftName: '白班',
      user: { realname: '甲' },
      withUser: { realname: '乙' },
      withShiftName: '白班',
    });
    expect(await day('2026-03-02')).toEqual({ 白班: ['乙(swap)'], 夜班: ['乙'] });
    expect(await day('2026-03-03')).toEqual({ 白班: ['甲(swap)'], 夜班: ['乙'] });

    // Only someone on duty then can hand a slot over.
    const notOnDuty = await post('/changes', {
      kind: 'swap',
      date: '2026-03-04',
      shiftId: shifts.day,
      userId: people.a,
      withUserId: people.b,
    });
    expect(notOnDuty.body.message).toBe('甲在2026-03-04「白班」不值班，不能调班');
    const same = await post('/changes', {
      kind: 'swap',
      date: '2026-03-04',
      shiftId: shifts.day,
      userId: people.c,
      withUserId: people.c,
    });
    expect(same.body.message).toBe('withUserId: 调班的两人不能是同一人');
    const half = await post('/changes', {
      kind: 'swap',
      date: '2026-03-04',
      shiftId: shifts.day,
      userId: people.c,
      withUserId: people.a,
      withDate: '2026-03-05',
    });
    expect(half.body.message).toBe('withDate: 换回的日期和班次须同时填写');

    // An override wins over the swap; removing it brings the swap back.
    const override = await ok<DutyChange>('POST', '/changes', {
      kind: 'override',
      date: '2026-03-02',
      shiftId: shifts.day,
      userId: people.c,
    });
    expect(await day('2026-03-02')).toEqual({ 白班: ['丙(override)'], 夜班: ['乙'] });
    const changes = await ok<Page<DutyChange>>('GET', '/changes?kind=override');
    expect(changes.list.map((c) => c.id)).toEqual([override.id]);
    expect((await ok<Page<DutyChange>>('GET', `/changes?keyword=${encodeURIComponent('家里')}`)).total).toBe(
      1,
    );
    await ok('DELETE', `/changes/${override.id}`);
    expect(await day('2026-03-02')).toEqual({ 白班: ['乙(swap)'], 夜班: ['乙'] });
  });
});

describe('who is on duty', () => {
  it('gives 01:00 to the night shift that began the evening before', async () => {
    const at = (text: string) => ok<OnDuty>('GET', `/onDuty?at=${china(text)}`);
    // Tuesday 3 March 01:00: Monday's night shift (乙), not Tuesday's day shift (甲 after the swap).
    const night = await at('2026-03-03T01:00');
    expect(night.people).toEqual([
      expect.objectContaining({
        id: people.b,
        realname: '乙',
        shiftName: '夜班',
        date: '2026-03-02',
        startAt: china('2026-03-02T20:00'),
        endAt: china('2026-03-03T08:00'),
        source: 'rotation',
      }),
    ]);
    const morning = await at('2026-03-03T09:30');
    expect(morning.people.map((p) => [p.realname, p.shiftName, p.date, p.source])).toEqual([
      ['甲', '白班', '2026-03-03', 'swap'],
    ]);
    // The next Monday 01:00 is still the previous week's night (乙), 20:00 the new week's (丙).
    expect((await at('2026-03-09T01:00')).people.map((p) => p.realname)).toEqual(['乙']);
    expect((await at('2026-03-09T20:00')).people.map((p) => p.realname)).toEqual(['丙']);
    // Saturday daytime: no day shift, no one.
    expect((await at('2026-03-07T10:00')).people).toEqual([]);

    // The function maintenance plans call.
    const db = t.server.platform.db;
    expect(await onDutyUserIds(db, projectId, china('2026-03-03T01:00'))).toEqual([people.b]);
    expect(await onDutyUserIds(db, projectId, china('2026-03-03T09:30'))).toEqual([people.a]);
    expect(await onDutyUserIds(db, foreign.projectId, china('2026-03-03T09:30'))).toEqual([]);
    // Without `at`: now (the route answers the instant it used).
    const now = await ok<OnDuty>('GET', '/onDuty');
    expect(Math.abs(now.at - Date.now())).toBeLessThan(60_000);
  });
});

describe('tenant scope and permission bits', () => {
  it('keeps another project out and honours read, create, update and delete', async () => {
    // Another project's administrator: refused in our scope, and our ids are not found in theirs.
    expect(
      (await t.request('GET', `${base()}/calendar?month=2026-03`, { token: foreign.token })).status,
    ).toBe(403);
    expect((await t.request('GET', `${base()}/onDuty`, { token: foreign.token })).status).toBe(403);
    const viaTheirs = await t.request('PUT', `/iot/groups/${foreign.projectId}/duty/shifts/${shifts.day}`, {
      token: foreign.token,
      body: { name: '改名', startTime: '08:00', endTime: '20:00' },
    });
    expect(viaTheirs.status).toBe(404);
    expect(viaTheirs.body.message).toBe('班次不存在');
    const theirCalendar = await t.ok<DutyCalendar>(
      'GET',
      `/iot/groups/${foreign.projectId}/duty/calendar?month=2026-03`,
      {
        token: foreign.token,
      },
    );
    expect(theirCalendar.shifts.map((s) => s.name)).toEqual(['他们的班']);
    expect(theirCalendar.days.every((d) => d.slots.every((s) => s.people.length === 0))).toBe(true);

    // A reader of 排班管理 reads the calendar and who is on duty, and changes nothing.
    const readerRole = await role('排班查看', [{ code: 'router-dutySchedule', permission: 1 }]);
    await member('duty-reader', '值班查看员', readerRole);
    const reader = (await t.login('duty-reader', 'Passw0rd!')).access;
    expect((await t.request('GET', `${base()}/calendar?month=2026-03`, { token: reader })).body.code).toBe(
      20000,
    );
    expect((await t.request('GET', `${base()}/onDuty`, { token: reader })).body.code).toBe(20000);
    const members = await t.ok<{ realname: string }[]>('GET', `${base()}/members`, { token: reader });
    expect(members.map((m) => m.realname)).toEqual(expect.arrayContaining(['甲', '乙', '丙', '值班查看员']));
    const write = { name: '中班', startTime: '12:00', endTime: '18:00' };
    expect((await post('/shifts', write, reader)).status).toBe(403);
    expect((await t.request('DELETE', `${base()}/shifts/${shifts.night}`, { token: reader })).status).toBe(
      403,
    );

    // Create without update or delete.
    const creatorRole = await role('排班新建', [{ code: 'router-dutySchedule', permission: 1 | 8 }]);
    await member('duty-creator', '排班员', creatorRole);
    const creator = (await t.login('duty-creator', 'Passw0rd!')).access;
    const mid = await t.ok<Shift>('POST', `${base()}/shifts`, { token: creator, body: write });
    expect(
      (await t.request('PUT', `${base()}/shifts/${mid.id}`, { token: creator, body: write })).status,
    ).toBe(403);
    expect((await t.request('DELETE', `${base()}/shifts/${mid.id}`, { token: creator })).status).toBe(403);
    // Update and delete with those bits.
    const editorRole = await role('排班维护', [{ code: 'router-dutySchedule', permission: 1 | 2 | 4 }]);
    await member('duty-editor', '排班维护员', editorRole);
    const editor = (await t.login('duty-editor', 'Passw0rd!')).access;
    const renamed = await t.ok<Shift>('PUT', `${base()}/shifts/${mid.id}`, {
      token: editor,
      body: { ...write, name: '中午班' },
    });
    expect(renamed.name).toBe('中午班');
    await t.ok('DELETE', `${base()}/shifts/${mid.id}`, { token: editor });

    // A member without the menu reads nothing of it.
    const otherRole = await role('只看首页', [{ code: 'router-project', permission: 1 }]);
    await member('duty-nobody', '旁人', otherRole);
    const nobody = (await t.login('duty-nobody', 'Passw0rd!')).access;
    expect((await t.request('GET', `${base()}/shifts`, { token: nobody })).status).toBe(403);
    expect((await t.request('GET', `${base()}/onDuty`, { token: nobody })).status).toBe(403);
  });
});
