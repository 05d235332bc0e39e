import { EXPORT_PAGE_SIZE, INFINITE_LIST_PAGE_SIZE, type Page } from '@iot/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

let t: TestServer;
let admin: string;
let projectId: number;

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  projectId = t.server.seeded.demoProjectId!;
});
afterAll(() => t.close());

/**
 * Spec core §9: an export reads a list 1000 rows a page, the most a list page holds; the web's
 * infinite pickers read 100 a page and stop at a shorter one.
 */
describe('page sizes of core §9', () => {
  it('answers a page of the export size from every paged list, and refuses a larger one', async () => {
    const lists = [
      '/iot/users',
      '/iot/projects',
      '/iot/projects/byCurUser',
      `/iot/groups/${projectId}/gateways`,
      `/iot/groups/${projectId}/indicators`,
      `/iot/groups/${projectId}/warnings`,
      '/iot/operationLogs',
    ];
    for (const list of lists) {
      const page = await t.request<Page<unknown>>('GET', `${list}?page=0&size=${EXPORT_PAGE_SIZE}`, {
        token: admin,
      });
      expect([list, page.body.code, page.body.data.size]).toEqual([list, 20000, EXPORT_PAGE_SIZE]);
      const over = await t.request('GET', `${list}?page=0&size=${EXPORT_PAGE_SIZE + 1}`, { token: admin });
      expect([list, over.body.code]).toEqual([list, 40000]);
    }
  });

  it('reads history for an export 1000 points a page, not more', async () => {
    const gateway = await createGateway(t, projectId, [{ key: 'cod', type: 'float' }]);
    const body = {
      gatewayIds: [String(gateway.id)],
      metrics: ['cod'],
      startTime: Date.now() - 3_600_000,
      stopTime: Date.now(),
    };
    const ok = await t.request('POST', '/data-server/api/v2/gateways/history', {
      token: admin,
      body: { ...body, perPage: EXPORT_PAGE_SIZE },
    });
    expect([ok.body.code, ok.body.message]).toEqual([20000, expect.any(String)]);
    const over = await t.request('POST', '/data-server/api/v2/gateways/history', {
      token: admin,
      body: { ...body, perPage: EXPORT_PAGE_SIZE + 1 },
    });
    expect(over.body.code).toBe(40000);
  });

  it('lets an infinite list read on until a page is shorter than 100', async () => {
    // 150 projects for the administrator to pick from: a full page, then a page of the rest.
    for (let n = 0; n < 150; n += 1)
      await t.ok('POST', '/iot/projects', { token: admin, body: { name: `无限列表${n}` } });
    const pages: number[] = [];
    for (let page = 0; ; page += 1) {
      const answer = await t.ok<Page<{ id: number }>>(
        'GET',
        `/iot/projects/byCurUser?page=${page}&size=${INFINITE_LIST_PAGE_SIZE}&keyword=无限列表`,
        { token: admin },
      );
      pages.push(answer.list.length);
      if (answer.list.length < INFINITE_LIST_PAGE_SIZE) break;
    }
    expect(pages).toEqual([100, 50]);
  });
});
