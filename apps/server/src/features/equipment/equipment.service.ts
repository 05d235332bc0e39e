import type { Page } from '@iot/contracts';
import {
  BINDING_ROLES,
  type BindingRole,
  chinaDay,
  chinaMidnight,
  DAY_MS,
  deriveEquipmentStatus,
  type Equipment,
  type EquipmentBoard,
  type EquipmentBody,
  type EquipmentListQuery,
  EquipmentMessages,
  type EquipmentOption,
  type LatestValue,
  type ManualStatus,
  type RunCounters,
  type RunDay,
  signalOn,
} from '@iot/contracts/equipment';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { EquipmentFields, EquipmentRepository, ListFilter } from './equipment.repository.js';
import { countRun } from './run-hours.js';
import type { RunHoursRepository, RunStateRow } from './run-hours.repository.js';

type Row = NonNullable<Awaited<ReturnType<EquipmentRepository['get']>>>;
type GroupRow = Awaited<ReturnType<EquipmentRepository['groups']>>[number];

/** Most pieces one board answers (issue 13's scale: 2,000 per project). */
const BOARD_LIMIT = 5000;
/** Points of one signal read per batch of the accounting. */
const RUN_BATCH = 5000;
/**
 * Points younger than this are left for the next round: a device's points of the last moments may
 * still be on their way (decision 0051).
 */
export const RUN_SETTLE_MS = 60_000;

/** 设备台账 and 工艺设备监控: the ledger, its live status and the run-hour accounting. */
export class EquipmentService {
  constructor(
    private readonly repository: EquipmentRepository,
    private readonly runHours: RunHoursRepository,
    /** Told after every write, so what other features keep of the ledger is read again. */
    private readonly changed: (projectId: number) => Promise<void> = async () => undefined,
  ) {}

  /** After a write that did not go through create/update/remove (the import). */
  announce(projectId: number): Promise<void> {
    return this.changed(projectId);
  }

  async list(projectId: number, query: EquipmentListQuery): Promise<Page<Equipment>> {
    const filter = await this.filter(projectId, query);
    const { rows, total } = await this.repository.page(projectId, filter, query);
    return { list: await this.present(projectId, rows), total, page: query.page, size: query.size };
  }

  async get(projectId: number, id: number): Promise<Equipment> {
    const row = await this.repository.get(projectId, id);
    if (!row) throw notFound(EquipmentMessages.NOT_FOUND);
    const [item] = await this.present(projectId, [row]);
    return item!;
  }

  async options(projectId: number): Promise<EquipmentOption[]> {
    return (await this.repository.options(projectId)).map((r) => ({
      id: r.id,
      name: r.name,
      code: r.code,
      groupId: r.group_id,
    }));
  }

  async isCodeFree(projectId: number, code: string, excludeId?: number): Promise<boolean> {
    return !(await this.repository.isCodeTaken(projectId, code, excludeId));
  }

  async create(projectId: number, body: EquipmentBody): Promise<Equipment> {
    await this.validate(projectId, body);
    const id = await this.repository
      .create(projectId, fields(body), body.bindings, [...new Set(body.labelIds)])
      .catch(uniqueCode);
    await this.changed(projectId);
    return this.get(projectId, id);
  }

  async update(projectId: number, id: number, body: EquipmentBody): Promise<Equipment> {
    if (!(await this.repository.get(projectId, id))) throw notFound(EquipmentMessages.NOT_FOUND);
    await this.validate(projectId, body, id);
    await this.repository
      .update(projectId, id, fields(body), { bindings: body.bindings, labelIds: [...new Set(body.labelIds)] })
      .catch(uniqueCode);
    await this.changed(projectId);
    return this.get(projectId, id);
  }

  async remove(projectId: number, id: number): Promise<void> {
    if (!(await this.repository.delete(projectId, id))) throw notFound(EquipmentMessages.NOT_FOUND);
    await this.changed(projectId);
  }

  /** The board of a site (or area, or the whole project): every piece with live status and counters. */
  async board(projectId: number, siteId: number | undefined): Promise<EquipmentBoard> {
    const groups = await this.repository.groups(projectId);
    const filter: ListFilter = {};
    if (siteId !== undefined) filter.groupIds = subtree(groups, siteId, projectId);
    const now = Date.now();
    const rows = await this.repository.all(projectId, filter, BOARD_LIMIT);
    const holding = new Set((await this.repository.options(projectId)).map((r) => r.group_id));
    return {
      sites: groups
        .filter((g) => g.parent_id !== null && holding.has(g.id))
        .map((g) => ({ id: g.id, name: g.name, groupType: g.group_type })),
      items: await this.present(projectId, rows, now),
      now,
    };
  }

  /** Running time and starts per China-time day, the last `days` days. */
  async runDays(projectId: number, id: number, days: number): Promise<RunDay[]> {
    if (!(await this.repository.get(projectId, id))) throw notFound(EquipmentMessages.NOT_FOUND);
    const from = chinaDay(chinaMidnight(Date.now()) - (days - 1) * DAY_MS);
    return (await this.runHours.runDays(id, from)).map((r) => ({
      day: r.day,
      runMs: Number(r.run_ms),
      starts: Number(r.starts),
    }));
  }

  /**
   * One round of the run-hour accounting: for each piece with a run signal, the stored points after
   * its watermark (up to `now` less the settling time) are counted and applied with the watermark
   * in one conditional transaction. Safe to run on several nodes at once and again after a
   * restart: a batch counted from a watermark that has moved is dropped and counted again from the
   * new one. Answers the points counted.
   */
  async accountRunHours(now = Date.now()): Promise<number> {
    const until = now - RUN_SETTLE_MS;
    let counted = 0;
    for (const initial of await this.runHours.accountable()) {
      let state: RunStateRow | undefined = initial;
      let attempts = 0;
      while (state && attempts < 1000) {
        attempts++;
        const points = await this.runHours.points(
          state.gateway_indicator_id,
          state.watermark,
          until,
          RUN_BATCH,
        );
        if (points.length === 0) break;
        const increment = countRun(
          { watermark: Number(state.watermark), lastOn: state.last_on === null ? null : state.last_on === 1 },
          points.map((p) => ({ ts: Number(p.ts), on: signalOn(p.num_value ?? p.text_value) === true })),
        );
        if (await this.runHours.applyRun(state, increment)) {
          counted += points.length;
          if (points.length < RUN_BATCH) break;
          state = {
            ...state,
            watermark: increment.to.watermark,
            last_on: increment.to.lastOn === null ? null : increment.to.lastOn ? 1 : 0,
          };
        } else {
          // Another node (or round) moved it: go on from where it is now, if it is still this signal.
          const fresh = await this.runHours.runState(state.equipment_id);
          state = fresh && fresh.gateway_indicator_id === state.gateway_indicator_id ? fresh : undefined;
        }
      }
    }
    return counted;
  }

  private async filter(projectId: number, query: EquipmentListQuery): Promise<ListFilter> {
    const filter: ListFilter = {
      keyword: query.keyword,
      category: query.category,
      manualStatus: query.manualStatus,
      labelId: query.labelId,
    };
    if (query.groupId !== undefined)
      filter.groupIds = subtree(await this.repository.groups(projectId), query.groupId, projectId);
    return filter;
  }

  /** The group, labels and bound indicators must be the project's; a monitoring point holds one piece. */
  async validate(projectId: number, body: EquipmentBody, id?: number): Promise<void> {
    if (await this.repository.isCodeTaken(projectId, body.code, id))
      throw conflict(EquipmentMessages.CODE_TAKEN);
    if (body.groupId !== null) {
      const group = (await this.repository.groups(projectId)).find((g) => g.id === body.groupId);
      if (!group || group.parent_id === null) throw badRequest(EquipmentMessages.GROUP_NOT_IN_PROJECT);
      if (group.is_monitor === 1) {
        const other = await this.repository.atPoint(projectId, group.id, id);
        if (other) throw badRequest(EquipmentMessages.pointTaken(other.name));
      }
    }
    if (body.labelIds.length) {
      const labels = new Set((await this.repository.labels(projectId)).map((l) => l.id));
      if (body.labelIds.some((l) => !labels.has(l))) throw badRequest(EquipmentMessages.LABEL_NOT_IN_PROJECT);
    }
    const indicatorIds = [...new Set(body.bindings.map((b) => b.gatewayIndicatorId))];
    const found = await this.repository.indicatorsInProject(projectId, indicatorIds);
    if (found.length !== indicatorIds.length) throw badRequest(EquipmentMessages.INDICATOR_NOT_IN_PROJECT);
  }

  /** Rows as the screens see them, with bindings, latest values, status and run counters. */
  private async present(projectId: number, rows: Row[], now = Date.now()): Promise<Equipment[]> {
    const ids = rows.map((r) => r.id);
    const today = chinaDay(now);
    const [groups, bindings, labels, run] = await Promise.all([
      this.repository.groups(projectId),
      this.repository.bindings(projectId, ids),
      this.repository.labelsOf(projectId, ids),
      this.runHours.runCounters(ids, today),
    ]);
    const states = new Map(run.states.map((s) => [s.equipment_id, s]));
    const days = new Map(run.days.map((d) => [d.equipment_id, d]));
    const paths = groupPaths(groups);
    return rows.map((row) => {
      const own = bindings
        .filter((b) => b.equipment_id === row.id)
        .sort(
          (a, b) => ROLE_ORDER.indexOf(a.role as BindingRole) - ROLE_ORDER.indexOf(b.role as BindingRole),
        );
      const values: Record<string, LatestValue> = {};
      for (const b of own)
        if (b.ts !== null && b.ts !== undefined)
          values[b.role] = { value: b.num_value ?? b.text_value ?? '', ts: Number(b.ts) };
      const manualStatus = row.manual_status as ManualStatus;
      const state = states.get(row.id);
      const day = days.get(row.id);
      const counters: RunCounters | null = state
        ? {
            totalMs: Number(state.run_ms),
            starts: Number(state.starts),
            todayMs: Number(day?.run_ms ?? 0),
            todayStarts: Number(day?.starts ?? 0),
            accountedTo: Number(state.watermark) < 0 ? null : Number(state.watermark),
            lastOn: state.last_on === null ? null : state.last_on === 1,
          }
        : null;
      return {
        id: row.id,
        name: row.name,
        code: row.code,
        category: row.category,
        model: row.model,
        manufacturer: row.manufacturer,
        serialNumber: row.serial_number,
        groupId: row.group_id,
        groupName: row.group_name ?? null,
        groupPath: row.group_id === null ? null : (paths.get(row.group_id) ?? null),
        installDate: row.install_date,
        warrantyEnd: row.warranty_end,
        ratedCapacity: row.rated_capacity === null ? null : Number(row.rated_capacity),
        ratedUnit: row.rated_unit,
        labels: labels
          .filter((l) => l.equipment_id === row.id)
          .map((l) => ({ id: l.id, name: l.name, color: l.color })),
        attachments: JSON.parse(row.attachments) as Equipment['attachments'],
        manualStatus,
        remark: row.remark,
        bindings: own.map((b) => ({
          role: b.role as BindingRole,
          gatewayIndicatorId: b.gateway_indicator_id,
          gatewayId: b.gateway_id,
          gatewayAlias: b.gateway_alias,
          gatewayOnline: b.gateway_online_status === 'online',
          alias: b.alias,
          dataIdentification: b.data_identification,
          unit: b.unit,
        })),
        status: deriveEquipmentStatus({
          manualStatus,
          run: values.run?.value,
          fault: values.fault?.value,
          offline: own.some((b) => b.role === 'run' && b.gateway_online_status !== 'online'),
        }),
        values,
        run: counters,
        createdAt: Number(row.created_at),
        updatedAt: Number(row.updated_at),
      };
    });
  }
}

const ROLE_ORDER: readonly BindingRole[] = BINDING_ROLES;

/** Each group's path from the project root, names joined by / (进水区/格栅间); the root is ''. */
export function groupPaths(groups: GroupRow[]): Map<number, string> {
  const byId = new Map(groups.map((g) => [g.id, g]));
  const paths = new Map<number, string>();
  const pathOf = (id: number): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const g = byId.get(id);
    if (!g || g.parent_id === null) return '';
    const parent = pathOf(g.parent_id);
    const path = parent ? `${parent}/${g.name}` : g.name;
    paths.set(id, path);
    return path;
  };
  for (const g of groups) paths.set(g.id, pathOf(g.id));
  return paths;
}

/** A group of the project and every group below it (the project root: every group). */
export function subtree(groups: GroupRow[], rootId: number, projectId: number): number[] {
  if (rootId === projectId) return groups.map((g) => g.id);
  if (!groups.some((g) => g.id === rootId)) return [];
  const children = new Map<number, number[]>();
  for (const g of groups)
    if (g.parent_id !== null) children.set(g.parent_id, [...(children.get(g.parent_id) ?? []), g.id]);
  const out: number[] = [];
  const stack = [rootId];
  while (stack.length) {
    const id = stack.pop()!;
    out.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

export function fields(body: EquipmentBody): EquipmentFields {
  return {
    name: body.name,
    code: body.code,
    category: body.category,
    model: body.model,
    manufacturer: body.manufacturer,
    serial_number: body.serialNumber,
    group_id: body.groupId,
    install_date: body.installDate,
    warranty_end: body.warrantyEnd,
    rated_capacity: body.ratedCapacity,
    rated_unit: body.ratedUnit,
    attachments: JSON.stringify(body.attachments),
    manual_status: body.manualStatus,
    remark: body.remark,
  };
}

/** Two saves of the same code at once: the unique index decides, the loser hears the rule. */
function uniqueCode(error: unknown): never {
  const text = error instanceof Error ? error.message : String(error);
  if (/unique|duplicate/i.test(text)) throw conflict(EquipmentMessages.CODE_TAKEN);
  throw error;
}
