import { Messages } from '@iot/contracts';
import { ProjectMessages, type ProjectSettings } from '@iot/contracts/projects';
import type { Role } from '@iot/contracts/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';

/**
 * 项目配置 (PUT /iot/projects/{groupId}, decision 0045): the project's own settings, changed with the
 * update bit of router-projectSetting; the system administrator's terms are refused by name.
 */
let t: TestServer;
let admin: string;
let projectId: number;
let otherProject: { projectId: number; token: string };
const tokens = { reader: '', editor: '' };

const put = (body: unknown, token = tokens.editor, groupId = projectId) =>
  t.request<ProjectSettings>('PUT', `/iot/projects/${groupId}`, { token, body });
const settings = (token: string) =>
  t.ok<ProjectSettings>('GET', `/iot/projects/getProjectByGroupId?groupId=${projectId}`, { token });

async function member(projectAdmin: string, username: string, permission: number): Promise<string> {
  const role = await t.ok<Role>('POST', `/iot/groups/${projectId}/roles`, {
    token: projectAdmin,
    body: { name: `配置-${permission}`, functions: [{ code: 'router-projectSetting', permission }] },
  });
  await t.ok('POST', `/iot/groups/${projectId}/users`, {
    token: projectAdmin,
    body: { username, realname: username, password: 'Passw0rd!', roleId: role.id },
  });
  return (await t.login(username, 'Passw0rd!')).access;
}

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  const corporation = await t.ok<{ id: number }>('POST', '/iot/corporations', {
    token: admin,
    body: { name: '配置测试公司', owner: '周总', ownerMobile: '13600000009' },
  });
  const project = await projectWithAdmin(t, admin, '配置项目', 'set-admin');
  projectId = project.projectId;
  await t.ok('PUT', `/iot/projects/${projectId}/terms`, {
    token: admin,
    body: { corporationId: corporation.id },
  });
  otherProject = await projectWithAdmin(t, admin, '别家项目', 'other-admin');
  tokens.reader = await member(project.token, 'setting-reader', 1);
  tokens.editor = await member(project.token, 'setting-editor', 3);
});
afterAll(() => t?.close());

describe('项目配置', () => {
  it('a role with the update bit changes the project’s own settings, seen by every member', async () => {
    const patch = {
      name: '配置项目（一期）',
      groupDisplayName: '片区',
      logoUrl: '/iot/files/logo.png',
      axisRule: 'zero',
      menuName: '返回集团',
      canEntryData: true,
      canManageGatewayData: false,
      canUnbindGateway: false,
      canChangeBindGateway: false,
    };
    const answer = await put(patch);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ ...patch, corporationName: '配置测试公司' });
    expect(await settings(tokens.reader)).toMatchObject(patch);
  });

  it('a role that only reads it sees the settings and is refused a change', async () => {
    expect((await settings(tokens.reader)).name).toBe('配置项目（一期）');
    const refused = await put({ menuName: '只读改的' }, tokens.reader);
    expect(refused).toMatchObject({ status: 403, body: { code: 40000, message: Messages.FORBIDDEN } });
    expect((await settings(tokens.reader)).menuName).toBe('返回集团');
  });

  it('refuses the system administrator’s terms by name, and applies nothing of that call', async () => {
    for (const [field, value] of [
      ['payStatus', 'A'],
      ['setMealEndAt', Date.now() + 86_400_000],
      ['accessGatewayIndicatorMaxNum', -1],
      ['sendMessagesTotalNum', 10_000],
      ['chatMessagesLimit', -1],
      ['isTemplate', true],
      ['corporationId', null],
    ] as const) {
      const answer = await put({ axisRule: 'auto', [field]: value });
      expect(answer, field).toMatchObject({
        status: 400,
        body: { code: 40000, message: `${field}: ${ProjectMessages.SYSTEM_TERM}` },
      });
    }
    expect(await settings(tokens.editor)).toMatchObject({
      axisRule: 'zero',
      payStatus: 'A',
      isTemplate: false,
    });
  });

  it('checks the fields: a unique name, lengths, not empty', async () => {
    const taken = await put({ name: '别家项目' });
    expect(taken).toMatchObject({ status: 409, body: { message: ProjectMessages.NAME_TAKEN } });
    for (const [body, message] of [
      [{ name: '  ' }, 'name: 不能为空'],
      [{ groupDisplayName: '' }, 'groupDisplayName: 不能为空'],
      [{ menuName: '长'.repeat(33) }, 'menuName: 最多输入32个字符'],
      [{ canEntryData: 'yes' }, 'canEntryData: '],
    ] as const) {
      const answer = await put(body);
      expect(answer.status, message).toBe(400);
      expect(answer.body.message.startsWith(message), answer.body.message).toBe(true);
    }
  });

  it('another project’s administrator can neither read nor change it', async () => {
    const read = await t.request('GET', `/iot/projects/getProjectByGroupId?groupId=${projectId}`, {
      token: otherProject.token,
    });
    expect(read.status).toBe(403);
    const change = await put({ menuName: '外人改的' }, otherProject.token);
    expect(change).toMatchObject({ status: 403, body: { message: Messages.FORBIDDEN } });
    // Nor does this project's editor reach the other one.
    expect((await put({ menuName: 'x' }, tokens.editor, otherProject.projectId)).status).toBe(403);
  });
});
