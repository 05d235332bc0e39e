import type { TestServer } from './server.js';

async function data<T>(
  t: TestServer,
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const answer = await t.request<T>(method, url, { token, body });
  if (answer.body.code !== 20000) throw new Error(`${method} ${url}: ${answer.body.message}`);
  return answer.body.data;
}

/** A new project (created by the system administrator) with its own project administrator. */
export async function projectWithAdmin(
  t: TestServer,
  adminToken: string,
  name: string,
  username: string,
): Promise<{ projectId: number; token: string }> {
  const { projectGroupId: projectId } = await data<{ projectGroupId: number }>(
    t,
    adminToken,
    'POST',
    '/iot/projects',
    { name },
  );
  const roles = await data<{ id: number; builtin: string | null }[]>(
    t,
    adminToken,
    'GET',
    `/iot/groups/${projectId}/roles/options`,
  );
  await data(t, adminToken, 'POST', `/iot/groups/${projectId}/users`, {
    username,
    realname: username,
    password: 'Passw0rd!',
    roleId: roles.find((r) => r.builtin === 'admin')!.id,
  });
  return { projectId, token: (await t.login(username, 'Passw0rd!')).access };
}

/** The ids of a project's tree: the root, and per area its id and its sites' ids. */
export async function projectTree(t: TestServer, token: string, projectId: number) {
  type Node = { id: number; children: Node[] };
  const root = await data<Node>(t, token, 'GET', `/iot/groups/${projectId}/tree`);
  return {
    root: root.id,
    areas: root.children.map((a) => ({ id: a.id, sites: a.children.map((s) => s.id) })),
  };
}
