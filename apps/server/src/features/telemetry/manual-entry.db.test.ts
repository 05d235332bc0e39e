import type { Page } from '@iot/contracts';
import type { GatewayIndicator } from '@iot/contracts/indicators';
import { GatewayDataMessages, type ManualEntry, ManualEntryMessages } from '@iot/contracts/manual-entry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { createGateway, type TestGateway } from '../../test/factories.js';
import { startServer, type TestServer } from '../../test/server.js';

let t: TestServer;
let admin: string;
let operator: string;
let projectId: number;
let manual: TestGateway;

const setFlags = (flags: { canEntryData?: boolean; canManageGatewayData?: boolean }) =>
  t.ok('PUT', `/iot/projects/${projectId}`, { token: admin, body: flags });
const enter = (body: unknown, token = admin, gatewayId = manual.id) =>
  t.request('POST', `/iot/groups/${projectId}/gateways/${gatewayId}/manualEntries`, { token, body });

beforeAll(async () => {
  t = await startServer();
  projectId = t.server.seeded.demoProjectId!;
  admin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)).access;
  operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  manual = await createGateway(t, projectId, [
    { key: 'cod', type: 'float', decimals: 1 },
    { key: 'state', type: 'boolean' },
  ]);
});
afterAll(() => t.close());

describe('canEntryData: 手动录入', () => {
  it('is refused while the project flag is off', async () => {
    await setFlags({ canEntryData: false });
    const answer = await enter({ gatewayIndicatorId: manual.indicators.cod, value: 12.3 });
    expect(answer.body).toMatchObject({ code: 40000, message: ManualEntryMessages.NOT_ALLOWED });
  });

  it('stores the value through the write path, marked as manual, without making the gateway online', async () => {
    await setFlags({ canEntryData: true });
    const ts = Date.now() - 60_000;
    // The decimal rule with the indicator's decimals (spec core §5): a typed value is not rounded.
    const tooPrecise = await enter({ gatewayIndicatorId: manual.indicators.cod, value: 12.34, ts });
    expect(tooPrecise.body).toMatchObject({ code: 40000, message: 'value: 1位以内小数' });
    const answer = await enter({ gatewayIndicatorId: manual.indicators.cod, value: 12.3, ts });
    expect(answer.body).toMatchObject({ code: 20000 });
    const db = t.server.platform.db;
    const point = await db
      .selectFrom('telemetry')
      .selectAll()
      .where('gateway_indicator_id', '=', manual.indicators.cod!)
      .executeTakeFirstOrThrow();
    expect([Number(point.ts), point.num_value]).toEqual([ts, 12.3]);
    const gateway = await db
      .selectFrom('gateways')
      .select(['online_status', 'last_seen_at'])
      .where('id', '=', manual.id)
      .executeTakeFirstOrThrow();
    expect(gateway.last_seen_at).toBeNull();
    expect(gateway.online_status).not.toBe('online');
    const list = await t.ok<Page<ManualEntry>>(
      'GET',
      `/iot/groups/${projectId}/gateways/${manual.id}/manualEntries`,
      {
        token: operator,
      },
    );
    expect(list.list[0]).toMatchObject({ gatewayIndicatorId: manual.indicators.cod, value: '12.3', ts });
    expect(list.list[0]!.userName).not.toBe('');
  });

  it('checks the value against the indicator type, refuses the future, and a reader without the create bit of 数据修复', async () => {
    const bad = await enter({ gatewayIndicatorId: manual.indicators.state, value: 'maybe' });
    expect(bad.body.code).toBe(40000);
    expect(bad.body.message).toMatch(/^录入值/);
    const future = await enter({
      gatewayIndicatorId: manual.indicators.cod,
      value: 1,
      ts: Date.now() + 3_600_000,
    });
    expect(future.body).toMatchObject({ code: 40000, message: ManualEntryMessages.FUTURE });
    const reader = await enter({ gatewayIndicatorId: manual.indicators.cod, value: 1 }, operator);
    expect(reader.status).toBe(403);
  });

  it('is refused for a gateway a device reports for', async () => {
    const device = await createGateway(t, projectId, [{ key: 'ph', type: 'float' }]);
    await t.server.platform.db
      .updateTable('gateways')
      .set({ last_seen_at: Date.now() })
      .where('id', '=', device.id)
      .execute();
    const answer = await enter({ gatewayIndicatorId: device.indicators.ph, value: 7 }, admin, device.id);
    expect(answer.body).toMatchObject({ code: 40000, message: ManualEntryMessages.HAS_DEVICE });
  });
});

describe('canManageGatewayData', () => {
  it('makes the gateway indicators read-only while off', async () => {
    const base = `/iot/groups/${projectId}/gateways/${manual.id}/indicators`;
    const existing = await t.ok<GatewayIndicator>('GET', `${base}/${manual.indicators.cod}`, {
      token: admin,
    });
    const body = {
      indicatorId: existing.indicatorId,
      alias: '改名',
      dataIdentification: existing.dataIdentification,
      ioType: existing.ioType,
    };
    await setFlags({ canManageGatewayData: false });
    for (const answer of [
      await t.request('PUT', `${base}/${manual.indicators.cod}`, { token: admin, body }),
      await t.request('DELETE', `${base}/${manual.indicators.cod}`, { token: admin }),
      await t.request('POST', base, { token: admin, body: { ...body, dataIdentification: 'new' } }),
    ])
      expect(answer.body).toMatchObject({ code: 40000, message: GatewayDataMessages.NOT_ALLOWED });
    await setFlags({ canManageGatewayData: true });
    const renamed = await t.request('PUT', `${base}/${manual.indicators.cod}`, { token: admin, body });
    expect(renamed.body).toMatchObject({ code: 20000, data: { alias: '改名' } });
  });
});
