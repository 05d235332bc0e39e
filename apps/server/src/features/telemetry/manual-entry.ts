import { decimalProblem, id, Permission, page, pageQuery } from '@iot/contracts';
import { indicatorValueRule } from '@iot/contracts/indicators';
import {
  type ManualEntry,
  type ManualEntryInput,
  ManualEntryMessages,
  manualEntry,
  manualEntryBody,
} from '@iot/contracts/manual-entry';
import { MONITORING_READ_MENUS } from '@iot/contracts/menus';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AuthContext } from '../../platform/auth/access.service.js';
import type { Database } from '../../platform/db/schema.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Router } from '../../platform/http/route.js';
import type { IngestService } from './ingest.service.js';
import { normaliseValue } from './normalise.js';
import type { TelemetryRepository } from './telemetry.repository.js';

/**
 * Entering a value is changing the project's data, like 数据修复: its create bit. The web offers
 * it on 实时数据; the records are read with any monitoring read.
 */
export const MANUAL_ENTRY_MENU = 'router-dataRepair';

/**
 * 手动录入 (project flag canEntryData, decision 0043): a value for an indicator of a gateway no
 * device has ever reported for. It goes through the ingest pipeline (checked against the
 * indicator's type, stored, live, warnings) with source `manual`, which leaves the gateway's
 * presence alone, and is marked in manual_entries with who entered it.
 */
export class ManualEntryService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ingest: IngestService,
    private readonly telemetry: TelemetryRepository,
  ) {}

  async enter(
    projectId: number,
    gatewayId: number,
    input: ManualEntryInput,
    auth: AuthContext,
    now = Date.now(),
  ) {
    const project = await this.db
      .selectFrom('projects')
      .select('can_entry_data')
      .where('group_id', '=', projectId)
      .executeTakeFirstOrThrow();
    if (project.can_entry_data !== 1) throw badRequest(ManualEntryMessages.NOT_ALLOWED);
    const target = await this.db
      .selectFrom('gateway_indicators as gi')
      .innerJoin('gateways as g', 'g.id', 'gi.gateway_id')
      .select(['g.id as gatewayId', 'g.serial_number', 'g.last_seen_at', 'gi.data_identification'])
      .where('gi.id', '=', input.gatewayIndicatorId)
      .where('g.id', '=', gatewayId)
      .where('g.project_id', '=', projectId)
      .executeTakeFirst();
    if (!target) throw notFound();
    if (target.last_seen_at !== null) throw badRequest(ManualEntryMessages.HAS_DEVICE);
    const ts = input.ts ?? now;
    if (ts > now + 60_000) throw badRequest(ManualEntryMessages.FUTURE);
    const binding = (await this.telemetry.bindings(gatewayId)).find(
      (b) => b.gatewayIndicatorId === input.gatewayIndicatorId,
    )!;
    // A typed number meets the decimal rule with the indicator's decimals, never rounded silently.
    const problem =
      binding.type === 'float' || binding.type === 'integer'
        ? decimalProblem(input.value, indicatorValueRule(binding.type, binding.decimalPlaces))
        : null;
    if (problem) throw badRequest(`value: ${problem}`, [{ field: 'value', message: problem }]);
    const normalised = normaliseValue(binding, input.value);
    if (!normalised.ok) throw badRequest(`录入值 ${normalised.reason}`);
    const device = { gatewayId, serialNumber: target.serial_number, projectId };
    const payload = JSON.stringify({ ts, values: { [target.data_identification]: input.value } });
    await this.ingest.ingest(device, payload, now, 'manual');
    const user = await this.db
      .selectFrom('users')
      .select('realname')
      .where('id', '=', auth.userId)
      .executeTakeFirst();
    await this.db
      .insertInto('manual_entries')
      .values({
        project_id: projectId,
        gateway_indicator_id: input.gatewayIndicatorId,
        ts,
        value: String(normalised.value),
        user_id: auth.userId,
        user_name: user?.realname || auth.username,
        created_at: now,
      })
      .execute();
  }

  async list(projectId: number, gatewayId: number, query: { page: number; size: number }) {
    const base = this.db
      .selectFrom('manual_entries as m')
      .innerJoin('gateway_indicators as gi', 'gi.id', 'm.gateway_indicator_id')
      .where('m.project_id', '=', projectId)
      .where('gi.gateway_id', '=', gatewayId);
    const [rows, count] = await Promise.all([
      base
        .select([
          'm.id',
          'm.gateway_indicator_id',
          'gi.alias',
          'm.ts',
          'm.value',
          'm.user_name',
          'm.created_at',
        ])
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc')
        .limit(query.size)
        .offset(query.page * query.size)
        .execute(),
      base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const list: ManualEntry[] = rows.map((r) => ({
      id: r.id,
      gatewayIndicatorId: r.gateway_indicator_id,
      indicatorAlias: r.alias,
      ts: Number(r.ts),
      value: r.value,
      userName: r.user_name,
      createdAt: Number(r.created_at),
    }));
    return { list, total: Number(count.n), page: query.page, size: query.size };
  }
}

export function registerManualEntryRoutes(router: Router, service: ManualEntryService): void {
  const params = z.object({ groupId: id, gatewayId: id });
  const access = (bit: number) => ({
    menu: bit === Permission.READ ? [MANUAL_ENTRY_MENU, ...MONITORING_READ_MENUS] : MANUAL_ENTRY_MENU,
    bit,
    scope: 'project' as const,
    scopeId: ({ params }: { params: { groupId: number } }) => params.groupId,
  });
  router.route({
    method: 'POST',
    url: '/iot/groups/:groupId/gateways/:gatewayId/manualEntries',
    summary:
      '手动录入一个指标值（项目开启 canEntryData，且网关从未有设备上报）：按指标类型检查后写入时序数据并标记为手动录入',
    tags: ['实时数据'],
    params,
    body: manualEntryBody,
    access: access(Permission.CREATE),
    handler: ({ scope, params, body, auth }) => service.enter(scope!.id, params.gatewayId, body, auth!),
  });
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/gateways/:gatewayId/manualEntries',
    summary: '网关的手动录入记录（分页，最新在前）',
    tags: ['实时数据'],
    params,
    query: pageQuery,
    access: access(Permission.READ),
    response: page(manualEntry),
    handler: ({ scope, params, query }) => service.list(scope!.id, params.gatewayId, query),
  });
}
