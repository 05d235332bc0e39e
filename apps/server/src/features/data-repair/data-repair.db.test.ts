import { AuditMessages, type AuditRecord, AuditStatus } from '@iot/contracts/audits';
import type { DataRepair, DataRepairDetail, RangePoints } from '@iot/contracts/data-repair';
import { RepairMessages } from '@iot/contracts/data-repair';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { createGateway, storedPoints, type TestGateway } from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';

let t: TestServer;
let gw: TestGateway;
let projectId: number;
let submitter: string;
let auditor: string;
let operator: string;
let foreigner: string;
/** One point a minute for 3 hours from start: cod = 10, a spike of 999 at minutes 60–62, level text. */
const start = Date.UTC(2026, 0, 1);
const MINUTE = 60_000;
const spike = (i: number) => i >= 60 && i <= 62;

beforeAll(async () => {
  t = await startServer();
  projectId = t.server.seeded.demoProjectId!;
  gw = await createGateway(t, projectId, [
    { key: 'cod', type: 'float', decimals: 1 },
    { key: 'note', type: 'text' },
  ]);
  const device = { gatewayId: gw.id, serialNumber: gw.serialNumber, projectId };
  const entries = Array.from({ length: 180 }, (_, i) => ({
    ts: start + i * MINUTE,
    values: { cod: spike(i) ? 999 : 10, note: `n${i}` },
  }));
  await t.server.telemetry.ingest.ingest(device, JSON.stringify(entries), start + 180 * MINUTE);
  submitter = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  const admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  // An auditor: a project role with read + delete (审批) on router-dataRepair and nothing else.
  const role = await t.ok<{ id: number }>('POST', `/iot/groups/${projectId}/roles`, {
    token: submitter,
    body: { name: '数据审核员', functions: [{ code: 'router-dataRepair', permission: 5 }] },
  });
  await t.ok('POST', `/iot/groups/${projectId}/users`, {
    token: submitter,
    body: { username: 'repair-auditor', realname: '审核员', password: 'Passw0rd!', roleId: role.id },
  });
  auditor = (await t.login('repair-auditor', 'Passw0rd!')).access;
  foreigner = (await projectWithAdmin(t, admin, '另一项目', 'other-admin')).token;
});
afterAll(() => t.close());

const repairs = (path: string, token: string, method = 'GET', body?: unknown) =>
  t.request<unknown>(method, `/iot/dataRepair${path}${path.includes('?') ? '&' : '?'}groupId=${projectId}`, {
    token,
    body,
  });
const audits = (path: string, token: string, method = 'GET', body?: unknown) =>
  t.request<unknown>(method, `/iot/projects/auditRecordNoAuth${path}`, { token, body });
const history = async (token: string) => {
  const answer = await t.ok<{ list: { ts: number; value: number }[] }>(
    'POST',
    '/data-server/api/v2/gateways/history',
    {
      token,
      body: {
        gatewayIds: [gw.id],
        metrics: ['cod'],
        startTime: start,
        stopTime: start + 180 * MINUTE,
        perPage: 1000,
        ascending: true,
      },
    },
  );
  return answer.list;
};
const chartMax = async (token: string) => {
  const answer = await t.ok<{ series: { metric: string; points: { ts: number; max: number }[] }[] }>(
    'POST',
    '/data-server/api/v2/gateways/chart',
    {
      token,
      body: {
        gatewayIds: [gw.id],
        metrics: ['cod'],
        startTime: start,
        stopTime: start + 180 * MINUTE,
        buckets: 3,
      },
    },
  );
  return answer.series[0]!.points.map((p) => p.max);
};
const body = (overrides: Record<string, unknown> = {}) => ({
  gatewayIndicatorId: gw.indicators.cod,
  startTime: start + 59 * MINUTE + 30_000,
  stopTime: start + 63 * MINUTE,
  mode: 'rule',
  rule: { kind: 'interpolate' },
  description: '传感器被遮挡产生的尖峰',
  ...overrides,
});

describe('data repair with audit', () => {
  let repair: DataRepair;

  it('lists the indicators and the points of a range with the anchors around it', async () => {
    const indicators = (await repairs('/gatewayIndicators', submitter)).body.data as {
      gatewayIndicatorId: number;
    }[];
    expect(indicators.map((i) => i.gatewayIndicatorId)).toContain(gw.indicators.cod);
    const range = (
      await repairs(
        `/points?gatewayIndicatorId=${gw.indicators.cod}&startTime=${start + 59 * MINUTE + 30_000}&stopTime=${start + 63 * MINUTE}`,
        submitter,
      )
    ).body.data as RangePoints;
    expect(range.points.map((p) => p.value)).toEqual([999, 999, 999]);
    expect(range.before).toEqual({ ts: start + 59 * MINUTE, value: 10 });
    expect(range.after).toEqual({ ts: start + 63 * MINUTE, value: 10 });
  });

  it('previews, then submits a repair that waits in the audit list', async () => {
    const preview = await repairs('/preview', submitter, 'POST', body());
    expect((preview.body.data as { changes: unknown[] }).changes).toEqual([
      { ts: start + 60 * MINUTE, before: 999, after: 10 },
      { ts: start + 61 * MINUTE, before: 999, after: 10 },
      { ts: start + 62 * MINUTE, before: 999, after: 10 },
    ]);
    const submitted = await repairs('', submitter, 'POST', body());
    expect(submitted.body.code).toBe(20000);
    repair = submitted.body.data as DataRepair;
    expect(repair).toMatchObject({ auditStatus: AuditStatus.PENDING, gatewayIndicatorId: gw.indicators.cod });

    const pending = (await audits('?page=0&size=10&tab=pending', auditor)).body.data as {
      list: AuditRecord[];
      total: number;
    };
    expect(pending.total).toBe(1);
    expect(pending.list[0]).toMatchObject({
      auditType: 1,
      auditStatus: 0,
      relationId: repair.id,
      canAudit: true,
      submitterName: DEMO_ACCOUNTS.projectAdmin.realname,
    });
    expect(pending.list[0]!.content).toContain('线性插值');
    // The submitter sees their own submission but may not approve it.
    const own = (await audits('?tab=pending', submitter)).body.data as { list: AuditRecord[] };
    expect(own.list[0]).toMatchObject({ relationId: repair.id, canAudit: false });
    const self = await audits(`/${pending.list[0]!.id}/approve`, submitter, 'PUT');
    expect(self.body.message).toBe(AuditMessages.OWN_SUBMISSION);
    // The stored data is untouched while pending.
    expect((await history(operator)).filter((p) => p.value === 999)).toHaveLength(3);
  });

  it('refuses an overlapping repair while one is pending', async () => {
    const overlap = await repairs(
      '',
      submitter,
      'POST',
      body({
        startTime: start + 62 * MINUTE,
        stopTime: start + 70 * MINUTE,
        rule: { kind: 'constant', value: 1 },
      }),
    );
    expect(overlap.status).toBe(409);
    expect(overlap.body.message).toBe(RepairMessages.OVERLAP);
  });

  it('takes one of two overlapping submissions made at the same moment', async () => {
    const racing = body({
      startTime: start + 120 * MINUTE,
      stopTime: start + 130 * MINUTE,
      rule: { kind: 'constant', value: 11 },
    });
    const answers = await Promise.all([
      repairs('', submitter, 'POST', racing),
      repairs('', submitter, 'POST', racing),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.status === 200)!.body.data as DataRepair;
    expect((await repairs(`/${won.id}/withdraw`, submitter, 'PUT')).status).toBe(200);
  });

  it('refuses callers without the bits and of another project', async () => {
    expect((await repairs('', operator, 'POST', body())).status).toBe(403);
    expect((await repairs('', auditor, 'POST', body())).status).toBe(403);
    expect((await repairs('', foreigner)).status).toBe(403);
    const record = repair.auditRecordId!;
    const byOperator = await audits(`/${record}/approve`, operator, 'PUT');
    expect(byOperator.status).toBe(403);
    const byForeigner = await audits(`/${record}/reject`, foreigner, 'PUT', { reason: 'x' });
    expect(byForeigner.status).toBe(403);
    expect(((await audits('?tab=pending', foreigner)).body.data as { total: number }).total).toBe(0);
  });

  it('approves: history and chart answer the corrected values, the originals are kept', async () => {
    const beforeChart = await chartMax(operator);
    expect(beforeChart[1]).toBe(999);
    const approved = await audits(`/${repair.auditRecordId}/approve`, auditor, 'PUT');
    expect(approved.body.data).toMatchObject({ auditStatus: AuditStatus.APPROVED, auditorName: '审核员' });

    const points = await history(operator);
    expect(points).toHaveLength(180);
    expect(points.every((p) => p.value === 10)).toBe(true);
    expect(await chartMax(operator)).toEqual([10, 10, 10]);
    await t.server.history.recomputeRollups();
    expect(await chartMax(operator)).toEqual([10, 10, 10]);

    const detail = (await repairs(`/${repair.id}`, auditor)).body.data as DataRepairDetail;
    expect(detail).toMatchObject({ auditStatus: AuditStatus.APPROVED, applied: true, appliedCount: 3 });
    expect(detail.changes.map((c) => [c.before, c.after])).toEqual([
      [999, 10],
      [999, 10],
      [999, 10],
    ]);
    const done = (await audits('?tab=done', auditor)).body.data as { list: AuditRecord[] };
    expect(done.list[0]).toMatchObject({ relationId: repair.id, auditStatus: 1, canAudit: false });
    const again = await audits(`/${repair.auditRecordId}/approve`, auditor, 'PUT');
    expect(again.body.message).toBe(AuditMessages.NOT_PENDING);
  });

  it('adds, replaces and deletes explicit points, and rejects with a reason', async () => {
    const explicit = await repairs(
      '',
      submitter,
      'POST',
      body({
        mode: 'points',
        rule: undefined,
        startTime: start + 100 * MINUTE,
        stopTime: start + 110 * MINUTE,
        points: [
          { ts: start + 100 * MINUTE, value: 20 },
          { ts: start + 100 * MINUTE + 30_000, value: '20.6' },
          { ts: start + 101 * MINUTE, value: null },
        ],
      }),
    );
    const submitted = explicit.body.data as DataRepair;
    const refused = await audits(`/${submitted.auditRecordId}/reject`, auditor, 'PUT', { reason: '  ' });
    expect(refused.body.message).toBe('reason: 请填写驳回原因');
    const rejected = await audits(`/${submitted.auditRecordId}/reject`, auditor, 'PUT', {
      reason: '数值没有依据',
    });
    expect(rejected.body.data).toMatchObject({ auditStatus: AuditStatus.REJECTED, reason: '数值没有依据' });
    const list = (await repairs('?auditStatus=2', submitter)).body.data as { list: DataRepair[] };
    expect(list.list.map((r) => r.id)).toEqual([submitted.id]);
    expect(list.list[0]!.reason).toBe('数值没有依据');

    // Submitted again and approved: the stored points follow.
    const again = (
      await repairs(
        '',
        submitter,
        'POST',
        body({
          mode: 'points',
          rule: undefined,
          startTime: start + 100 * MINUTE,
          stopTime: start + 110 * MINUTE,
          points: [
            { ts: start + 100 * MINUTE, value: 20 },
            { ts: start + 100 * MINUTE + 30_000, value: '20.6' },
            { ts: start + 101 * MINUTE, value: null },
          ],
        }),
      )
    ).body.data as DataRepair;
    await audits(`/${again.auditRecordId}/approve`, auditor, 'PUT');
    const stored = (await storedPoints(t, gw.indicators.cod!)).filter(
      (p) => p.ts >= start + 100 * MINUTE && p.ts < start + 102 * MINUTE,
    );
    expect(stored.map((p) => [p.ts - start, p.num_value])).toEqual([
      [100 * MINUTE, 20],
      [100 * MINUTE + 30_000, 20.6],
    ]);
    const detail = (await repairs(`/${again.id}`, submitter)).body.data as DataRepairDetail;
    expect(detail.changes).toEqual([
      { ts: start + 100 * MINUTE, before: 10, after: 20 },
      { ts: start + 100 * MINUTE + 30_000, before: null, after: 20.6 },
      { ts: start + 101 * MINUTE, before: 10, after: null },
    ]);
  });

  it('refuses bad values and rules with Chinese messages, and lets the submitter withdraw', async () => {
    const bad = await repairs(
      '',
      submitter,
      'POST',
      body({
        mode: 'points',
        points: [{ ts: start + 150 * MINUTE, value: 'abc' }],
        startTime: start + 150 * MINUTE,
        stopTime: start + 151 * MINUTE,
      }),
    );
    expect(bad.body.message).toBe('第1个修正点的值：请输入数字！');
    // The decimal rule with the indicator's decimals (spec core §5): typed values are not rounded.
    const precise = await repairs(
      '',
      submitter,
      'POST',
      body({
        mode: 'points',
        points: [{ ts: start + 150 * MINUTE, value: '20.55' }],
        startTime: start + 150 * MINUTE,
        stopTime: start + 151 * MINUTE,
      }),
    );
    expect(precise.body).toMatchObject({ code: 40000, message: '第1个修正点的值：1位以内小数' });
    const factor = await repairs('', submitter, 'POST', body({ rule: { kind: 'scale', value: 'x2' } }));
    expect(factor.body).toMatchObject({ code: 40000, message: 'rule.value: 请输入数字！' });
    const outside = await repairs(
      '',
      submitter,
      'POST',
      body({ mode: 'points', points: [{ ts: start, value: 1 }] }),
    );
    expect(outside.body.message).toBe(`points.0: ${RepairMessages.POINT_OUT_OF_RANGE}`);
    const textScale = await repairs(
      '',
      submitter,
      'POST',
      body({ gatewayIndicatorId: gw.indicators.note, rule: { kind: 'scale', value: 2 } }),
    );
    expect(textScale.body.message).toBe(RepairMessages.NUMERIC_RULE_ONLY);
    const noDescription = await repairs('', submitter, 'POST', body({ description: '' }));
    expect(noDescription.body.message).toBe(`description: ${RepairMessages.DESCRIPTION_REQUIRED}`);
    const order = await repairs('', submitter, 'POST', body({ stopTime: start }));
    expect(order.body.message).toBe(`stopTime: ${RepairMessages.RANGE_ORDER}`);

    const text = (
      await repairs(
        '',
        submitter,
        'POST',
        body({
          gatewayIndicatorId: gw.indicators.note,
          startTime: start + 150 * MINUTE,
          stopTime: start + 152 * MINUTE,
          rule: { kind: 'constant', value: '已校准' },
        }),
      )
    ).body.data as DataRepair;
    expect(text.auditStatus).toBe(AuditStatus.PENDING);
    expect((await repairs(`/${text.id}/withdraw`, auditor, 'PUT')).status).toBe(403);
    const withdrawn = await repairs(`/${text.id}/withdraw`, submitter, 'PUT');
    expect(withdrawn.body.data).toMatchObject({ auditStatus: AuditStatus.WITHDRAWN });
    const record = (await audits(`/${text.auditRecordId}`, auditor)).body.data as AuditRecord;
    expect(record).toMatchObject({ auditStatus: AuditStatus.WITHDRAWN, canAudit: false });
  });
});
