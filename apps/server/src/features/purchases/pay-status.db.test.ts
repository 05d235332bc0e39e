import type { PayStatus } from '@iot/contracts/projects';
import { DEFAULT_PURCHASE_SETTINGS, type PurchaseSettings } from '@iot/contracts/purchases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { PAY_STATUS_JOB } from './index.js';

/**
 * The pay-state job (decision 0068): A → B → C → D from the set meal's end and the configured days,
 * back to A when the end moves on; E and F stay as a system administrator set them; nothing but
 * pay_status changes (gateways, indicators and stored points stay).
 */
let t: TestServer;
let admin: string;
const DAY = 86_400_000;
const ids: Record<string, number> = {};

const ok = <T>(method: string, url: string, body?: unknown) => t.ok<T>(method, url, { token: admin, body });
const terms = (projectId: number, body: object) => ok('PUT', `/iot/projects/${projectId}/terms`, body);
const state = async (projectId: number) =>
  (
    await t.server.platform.db
      .selectFrom('projects')
      .select('pay_status')
      .where('group_id', '=', projectId)
      .executeTakeFirstOrThrow()
  ).pay_status as PayStatus;
const runJob = () => t.server.platform.jobs.run(PAY_STATUS_JOB);

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  const settings: PurchaseSettings = {
    ...DEFAULT_PURCHASE_SETTINGS,
    payStatusWarnDays: 10,
    payStatusGraceDays: 5,
  };
  await ok('PUT', '/iot/purchaseSettings', settings);
  const now = Date.now();
  const cases: [string, number | null, PayStatus][] = [
    ['far', now + 40 * DAY, 'B'],
    ['soon', now + 3 * DAY, 'A'],
    ['ended', now - 2 * DAY, 'A'],
    ['long', now - 20 * DAY, 'C'],
    ['cut', now - 20 * DAY, 'E'],
    ['ended-contract', now - 20 * DAY, 'F'],
    ['none', null, 'C'],
  ];
  for (const [name, end, status] of cases) {
    const { projectGroupId } = await ok<{ projectGroupId: number }>('POST', '/iot/projects', {
      name: `付费-${name}`,
    });
    ids[name] = projectGroupId;
    await terms(projectGroupId, { setMealEndAt: end, payStatus: status });
  }
});

afterAll(async () => {
  await t?.close();
});

describe('pay-state job', () => {
  it('moves each project to the state its set meal’s end calls for; E, F and no end stay', async () => {
    const gateway = await createGateway(t, ids.long!, [{ key: 'cod', type: 'float' }]);
    await t.server.platform.db
      .insertInto('telemetry')
      .values({
        gateway_indicator_id: gateway.indicators.cod!,
        ts: Date.now() - DAY,
        num_value: 1.5,
        text_value: null,
      })
      .execute();
    await runJob();
    expect(await state(ids.far!)).toBe('A');
    expect(await state(ids.soon!)).toBe('B');
    expect(await state(ids.ended!)).toBe('C');
    expect(await state(ids.long!)).toBe('D');
    expect(await state(ids.cut!)).toBe('E');
    expect(await state(ids['ended-contract']!)).toBe('F');
    expect(await state(ids.none!)).toBe('C');
    // D keeps everything it held.
    const db = t.server.platform.db;
    expect(
      await db.selectFrom('gateways').select('id').where('project_id', '=', ids.long!).execute(),
    ).toHaveLength(1);
    expect(
      await db
        .selectFrom('telemetry')
        .select('ts')
        .where('gateway_indicator_id', '=', gateway.indicators.cod!)
        .execute(),
    ).toHaveLength(1);
    // A second pass changes nothing.
    await runJob();
    expect(await state(ids.long!)).toBe('D');
  });

  it('follows the configured days and returns to A when the end moves on', async () => {
    // With 2 warn days, a set meal ending in 3 days is no longer about to be overdue.
    await ok('PUT', '/iot/purchaseSettings', {
      ...DEFAULT_PURCHASE_SETTINGS,
      payStatusWarnDays: 2,
      payStatusGraceDays: 30,
    });
    await runJob();
    expect(await state(ids.soon!)).toBe('A');
    // 20 days past the end is inside a 30-day grace: overdue again, not suspended.
    expect(await state(ids.long!)).toBe('C');
    await terms(ids.long!, { setMealEndAt: Date.now() + 100 * DAY });
    await runJob();
    expect(await state(ids.long!)).toBe('A');
  });

  it('moves B to C at the end, and D straight back to A when the set meal is extended', async () => {
    await terms(ids.far!, { payStatus: 'B', setMealEndAt: Date.now() - 3_600_000 });
    await terms(ids.ended!, { payStatus: 'D', setMealEndAt: Date.now() + 100 * DAY });
    await runJob();
    expect(await state(ids.far!)).toBe('C');
    expect(await state(ids.ended!)).toBe('A');
  });
});
