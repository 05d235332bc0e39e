import type { BindingInput } from '@iot/contracts/equipment';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { containsText } from '../../platform/db/search.js';

/** The columns of an equipment row a create or an update writes. */
export interface EquipmentFields {
  name: string;
  code: string;
  category: string;
  model: string;
  manufacturer: string;
  serial_number: string;
  group_id: number | null;
  install_date: string | null;
  warranty_end: string | null;
  rated_capacity: number | null;
  rated_unit: string;
  attachments: string;
  manual_status: string;
  remark: string;
}

export interface ListFilter {
  keyword?: string | undefined;
  category?: string | undefined;
  /** The group and its subtree. */
  groupIds?: number[] | undefined;
  manualStatus?: string | undefined;
  labelId?: number | undefined;
}

const LABEL_TARGET = 'equipment';

/**
 * The equipment ledger's tables, scope id first. A binding counts only while its gateway is bound to
 * the equipment's project (a gateway moved away drops out, as for monitoring points, decision 0015).
 */
export class EquipmentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private filtered(projectId: number, filter: ListFilter) {
    let q = this.db.selectFrom('equipment as e').where('e.project_id', '=', projectId);
    const { keyword } = filter;
    if (keyword)
      q = q.where((eb) =>
        eb.or([
          containsText('e.name', keyword),
          containsText('e.code', keyword),
          containsText('e.model', keyword),
          containsText('e.manufacturer', keyword),
          containsText('e.serial_number', keyword),
        ]),
      );
    if (filter.category) q = q.where('e.category', '=', filter.category);
    if (filter.groupIds) q = q.where('e.group_id', 'in', filter.groupIds.length ? filter.groupIds : [-1]);
    if (filter.manualStatus) q = q.where('e.manual_status', '=', filter.manualStatus);
    if (filter.labelId !== undefined) {
      const labelId = filter.labelId;
      q = q.where('e.id', 'in', (eb) =>
        eb
          .selectFrom('label_links')
          .select('target_id')
          .where('target_type', '=', LABEL_TARGET)
          .where('label_id', '=', labelId),
      );
    }
    return q;
  }

  async page(projectId: number, filter: ListFilter, page: { page: number; size: number }) {
    const q = this.filtered(projectId, filter);
    const [rows, count] = await Promise.all([
      q
        .leftJoin('groups as g', 'g.id', 'e.group_id')
        .selectAll('e')
        .select('g.name as group_name')
        .orderBy('e.id', 'desc')
        .limit(page.size)
        .offset(page.page * page.size)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  /** Every piece matching (the board; at most `limit`). */
  all(projectId: number, filter: ListFilter, limit: number) {
    return this.filtered(projectId, filter)
      .leftJoin('groups as g', 'g.id', 'e.group_id')
      .selectAll('e')
      .select('g.name as group_name')
      .orderBy('e.group_id')
      .orderBy('e.code')
      .limit(limit)
      .execute();
  }

  get(projectId: number, id: number) {
    return this.db
      .selectFrom('equipment as e')
      .leftJoin('groups as g', 'g.id', 'e.group_id')
      .selectAll('e')
      .select('g.name as group_name')
      .where('e.project_id', '=', projectId)
      .where('e.id', '=', id)
      .executeTakeFirst();
  }

  options(projectId: number) {
    return this.db
      .selectFrom('equipment')
      .select(['id', 'name', 'code', 'group_id'])
      .where('project_id', '=', projectId)
      .orderBy('code')
      .execute();
  }

  /** Of these ids, those of the project's equipment. */
  async inProject(projectId: number, ids: number[]): Promise<number[]> {
    return (await this.named(projectId, ids)).map((r) => r.id);
  }

  /** Of these ids, the project's equipment with its name and place. */
  async named(projectId: number, ids: number[]) {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('equipment')
      .select(['id', 'name', 'group_id'])
      .where('project_id', '=', projectId)
      .where('id', 'in', [...new Set(ids)])
      .execute();
  }

  byCode(projectId: number) {
    return this.db
      .selectFrom('equipment')
      .select(['id', 'code'])
      .where('project_id', '=', projectId)
      .execute();
  }

  async isCodeTaken(projectId: number, code: string, excludeId?: number): Promise<boolean> {
    let q = this.db
      .selectFrom('equipment')
      .select('id')
      .where('project_id', '=', projectId)
      .where('code', '=', code);
    if (excludeId !== undefined) q = q.where('id', '!=', excludeId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  /** The project's groups (for placing, paths and subtrees). */
  groups(projectId: number) {
    return this.db
      .selectFrom('groups')
      .select(['id', 'parent_id', 'name', 'group_type', 'is_monitor', 'sort'])
      .where('project_id', '=', projectId)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /** The equipment standing at a monitoring point (other than `excludeId`). */
  atPoint(projectId: number, groupId: number, excludeId?: number) {
    let q = this.db
      .selectFrom('equipment')
      .select(['id', 'name'])
      .where('project_id', '=', projectId)
      .where('group_id', '=', groupId);
    if (excludeId !== undefined) q = q.where('id', '!=', excludeId);
    return q.executeTakeFirst();
  }

  labels(projectId: number) {
    return this.db
      .selectFrom('labels')
      .select(['id', 'name', 'color'])
      .where('project_id', '=', projectId)
      .execute();
  }

  /** Of these gateway indicator ids, those of gateways bound to the project. */
  async indicatorsInProject(projectId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('gateway_indicators as gi')
      .innerJoin('gateways as gw', 'gw.id', 'gi.gateway_id')
      .select('gi.id')
      .where('gw.project_id', '=', projectId)
      .where('gi.id', 'in', ids)
      .execute();
    return rows.map((r) => r.id);
  }

  /** The bindings of these pieces whose gateway is still bound to the project. */
  bindings(projectId: number, equipmentIds: number[]) {
    if (equipmentIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('equipment_bindings as b')
      .innerJoin('gateway_indicators as gi', 'gi.id', 'b.gateway_indicator_id')
      .innerJoin('gateways as gw', 'gw.id', 'gi.gateway_id')
      .innerJoin('indicators as i', 'i.id', 'gi.indicator_id')
      .leftJoin('last_values as lv', 'lv.gateway_indicator_id', 'gi.id')
      .select([
        'b.equipment_id',
        'b.role',
        'gi.id as gateway_indicator_id',
        'gi.gateway_id',
        'gw.alias as gateway_alias',
        'gw.online_status as gateway_online_status',
        'gi.alias',
        'gi.data_identification',
        'i.unit',
        'lv.ts',
        'lv.num_value',
        'lv.text_value',
      ])
      .where('gw.project_id', '=', projectId)
      .where('b.equipment_id', 'in', equipmentIds)
      .execute();
  }

  labelsOf(projectId: number, equipmentIds: number[]) {
    if (equipmentIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('label_links as ll')
      .innerJoin('labels as l', 'l.id', 'll.label_id')
      .select(['ll.target_id as equipment_id', 'l.id', 'l.name', 'l.color'])
      .where('ll.target_type', '=', LABEL_TARGET)
      .where('ll.target_id', 'in', equipmentIds)
      .where('l.project_id', '=', projectId)
      .orderBy('l.name')
      .execute();
  }

  async create(
    projectId: number,
    fields: EquipmentFields,
    bindings: BindingInput[],
    labelIds: number[],
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const now = Date.now();
      const { id } = await trx
        .insertInto('equipment')
        .values({ project_id: projectId, ...fields, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.writeLinks(trx, id, bindings, labelIds, null);
      return id;
    });
  }

  async update(
    projectId: number,
    id: number,
    fields: Partial<EquipmentFields>,
    links?: { bindings: BindingInput[]; labelIds: number[] },
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('equipment')
        .set({ ...fields, updated_at: Date.now() })
        .where('id', '=', id)
        .where('project_id', '=', projectId)
        .execute();
      if (!links) return;
      const run = await trx
        .selectFrom('equipment_bindings')
        .select('gateway_indicator_id')
        .where('equipment_id', '=', id)
        .where('role', '=', 'run')
        .executeTakeFirst();
      await trx.deleteFrom('equipment_bindings').where('equipment_id', '=', id).execute();
      await trx
        .deleteFrom('label_links')
        .where('target_type', '=', LABEL_TARGET)
        .where('target_id', '=', id)
        .execute();
      await this.writeLinks(trx, id, links.bindings, links.labelIds, run?.gateway_indicator_id ?? null);
    });
  }

  /**
   * Bindings and labels; a run signal other than the one before starts the counters again (totals
   * are those of the run signal bound, from its first stored point).
   */
  private async writeLinks(
    trx: Transaction<Database>,
    id: number,
    bindings: BindingInput[],
    labelIds: number[],
    previousRun: number | null,
  ): Promise<void> {
    if (bindings.length)
      await trx
        .insertInto('equipment_bindings')
        .values(
          bindings.map((b) => ({
            equipment_id: id,
            role: b.role,
            gateway_indicator_id: b.gatewayIndicatorId,
          })),
        )
        .execute();
    if (labelIds.length)
      await trx
        .insertInto('label_links')
        .values(labelIds.map((labelId) => ({ label_id: labelId, target_type: LABEL_TARGET, target_id: id })))
        .execute();
    const run = bindings.find((b) => b.role === 'run')?.gatewayIndicatorId ?? null;
    if (run === previousRun) return;
    await trx.deleteFrom('equipment_run_state').where('equipment_id', '=', id).execute();
    await trx.deleteFrom('equipment_run_days').where('equipment_id', '=', id).execute();
    if (run !== null)
      await trx
        .insertInto('equipment_run_state')
        .values({
          equipment_id: id,
          gateway_indicator_id: run,
          watermark: -1,
          last_on: null,
          run_ms: 0,
          starts: 0,
          updated_at: Date.now(),
        })
        .execute();
  }

  /** Replaces the labels of a piece. */
  async setLabels(id: number, labelIds: number[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('label_links')
        .where('target_type', '=', LABEL_TARGET)
        .where('target_id', '=', id)
        .execute();
      if (labelIds.length)
        await trx
          .insertInto('label_links')
          .values(
            labelIds.map((labelId) => ({ label_id: labelId, target_type: LABEL_TARGET, target_id: id })),
          )
          .execute();
    });
  }

  async delete(projectId: number, id: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .deleteFrom('equipment')
        .where('id', '=', id)
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return false;
      await trx
        .deleteFrom('label_links')
        .where('target_type', '=', LABEL_TARGET)
        .where('target_id', '=', id)
        .execute();
      return true;
    });
  }

  /** The fault signal of a piece of the project (its gateway still bound to the project). */
  faultSignal(projectId: number, equipmentId: number) {
    return this.db
      .selectFrom('equipment_bindings as b')
      .innerJoin('equipment as e', 'e.id', 'b.equipment_id')
      .innerJoin('gateway_indicators as gi', 'gi.id', 'b.gateway_indicator_id')
      .innerJoin('gateways as gw', 'gw.id', 'gi.gateway_id')
      .select(['gi.id', 'gi.gateway_id', 'gi.data_identification'])
      .where('e.project_id', '=', projectId)
      .where('gw.project_id', '=', projectId)
      .where('b.equipment_id', '=', equipmentId)
      .where('b.role', '=', 'fault')
      .executeTakeFirst();
  }

  /** Every fault signal of the project's equipment whose gateway is bound to the project. */
  faultSignals(projectId: number) {
    return this.db
      .selectFrom('equipment_bindings as b')
      .innerJoin('equipment as e', 'e.id', 'b.equipment_id')
      .innerJoin('gateway_indicators as gi', 'gi.id', 'b.gateway_indicator_id')
      .innerJoin('gateways as gw', 'gw.id', 'gi.gateway_id')
      .select(['b.gateway_indicator_id', 'b.equipment_id', 'e.name'])
      .where('e.project_id', '=', projectId)
      .where('gw.project_id', '=', projectId)
      .where('b.role', '=', 'fault')
      .execute();
  }

  /** Deletes every piece of the project (import rule replace); answers how many. */
  deleteAll(projectId: number) {
    return this.db.transaction().execute(async (trx) => {
      const ids = (
        await trx.selectFrom('equipment').select('id').where('project_id', '=', projectId).execute()
      ).map((r) => r.id);
      for (let i = 0; i < ids.length; i += 500) {
        const part = ids.slice(i, i + 500);
        await trx
          .deleteFrom('label_links')
          .where('target_type', '=', LABEL_TARGET)
          .where('target_id', 'in', part)
          .execute();
        await trx.deleteFrom('equipment').where('id', 'in', part).execute();
      }
      return ids.length;
    });
  }
}
