import type { Page } from '@iot/contracts';
import {
  chinaMonths,
  type MaintenanceRecord,
  type MaintenanceStatistics,
  type RecordDetail,
  type RecordListQuery,
  RecordMessages,
  type RecordOptions,
  type StatisticsQuery,
  TASK_STATUSES,
  type TaskAction,
  TaskActionNames,
  type TaskStatus,
  TaskStatusNames,
  TaskType,
} from '@iot/contracts/maintenance';
import { notFound } from '../../platform/errors.js';
import type { RecordRow, RecordsRepository } from './records.repository.js';
import type { MonthSums, StatisticsRepository, StatisticsScope } from './statistics.repository.js';
import type { WorkOrdersRepository } from './work-orders.repository.js';

const parseJson = <T>(text: string | null, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);
const mean = (sum: number, count: number) => (count === 0 ? null : Math.round(sum / count));

/** The figures of a month's (or the range's) sums (decision 0055 defines each). */
function figuresOf(s: Omit<MonthSums, 'bucket' | 'types'>) {
  const effective = s.created - s.void;
  return {
    created: s.created,
    effective,
    closed: s.closed,
    completionRate: ratio(s.closed, effective),
    closedWithDue: s.closedWithDue,
    onTime: s.onTime,
    onTimeRate: ratio(s.onTime, s.closedWithDue),
    responded: s.responded,
    meanRespondMs: mean(s.respondSum, s.responded),
    meanCompleteMs: mean(s.completeSum, s.completeCount),
  };
}

/** 维保记录 and 维保统计: read-only views of the work orders (docs/decisions/0055). */
export class RecordsService {
  constructor(
    private readonly records: RecordsRepository,
    private readonly statisticsRepository: StatisticsRepository,
    private readonly orders: WorkOrdersRepository,
  ) {}

  /** The site and everything below it; null for none or the project itself. */
  private async groups(projectId: number, siteId: number | undefined): Promise<number[] | null> {
    if (siteId === undefined || siteId === projectId) return null;
    return this.orders.subtree(projectId, siteId);
  }

  options(projectId: number): Promise<RecordOptions> {
    return this.records.options(projectId);
  }

  async list(projectId: number, query: RecordListQuery): Promise<Page<MaintenanceRecord>> {
    const page = await this.records.list(projectId, query, await this.groups(projectId, query.siteId));
    const assignees = await this.orders.assignees(page.list.map((r) => r.id));
    return { ...page, list: page.list.map((r) => this.present(r, assignees.get(r.id) ?? [])) };
  }

  async detail(projectId: number, id: number): Promise<RecordDetail> {
    const row = await this.records.get(projectId, id);
    if (!row) throw notFound(RecordMessages.NOT_FOUND);
    const record = this.present(row, (await this.orders.assignees([id])).get(id) ?? []);
    const timeline = (await this.orders.events(id)).map((e) => ({
      id: e.id,
      action: e.action,
      actionName: e.action === 'create' ? '创建' : (TaskActionNames[e.action as TaskAction] ?? e.action),
      fromStatus: e.from_status,
      toStatus: e.to_status,
      user: e.user_id === null ? null : { id: e.user_id, realname: e.realname ?? '' },
      note: e.note,
      attachments: parseJson<string[]>(e.attachments, []),
      createdAt: e.created_at,
    }));
    const report = parseJson<{
      checklist?: { item: string; ok: boolean; value?: string }[];
      measurements?: { name: string; value: number; unit?: string }[];
      dosing?: { medicine: string; quantity: number; unit?: string }[];
      result?: string;
      submittedAt?: number;
    } | null>(row.execution, null);
    const submit = timeline.findLast((e) => e.action.startsWith('submit'));
    return {
      ...record,
      description: row.description,
      execution: report && {
        checklist: (report.checklist ?? []).map((c) => ({ item: c.item, ok: c.ok, value: c.value ?? '' })),
        measurements: (report.measurements ?? []).map((m) => ({ ...m, unit: m.unit ?? '' })),
        dosing: (report.dosing ?? []).map((d) => ({ ...d, unit: d.unit ?? '' })),
        result: report.result ?? '',
        submittedAt: report.submittedAt ?? submit?.createdAt ?? record.finishedAt,
        submittedBy: submit?.user ?? null,
      },
      timeline,
    };
  }

  async statistics(projectId: number, query: StatisticsQuery): Promise<MaintenanceStatistics> {
    const scope: StatisticsScope = {
      projectId,
      startTime: query.startTime,
      stopTime: query.stopTime,
      groupIds: await this.groups(projectId, query.siteId),
    };
    const months = chinaMonths(query.startTime, query.stopTime);
    const repo = this.statisticsRepository;
    const [sums, statuses, bySite, byPerson] = await Promise.all([
      repo.byMonth(
        scope,
        months.slice(1).map((m) => m.from),
      ),
      repo.byStatus(scope),
      repo.bySite(scope),
      repo.byPerson(scope),
    ]);
    const zero: MonthSums = {
      bucket: 0,
      created: 0,
      void: 0,
      closed: 0,
      unresolved: 0,
      closedWithDue: 0,
      onTime: 0,
      completeCount: 0,
      completeSum: 0,
      responded: 0,
      respondSum: 0,
      types: [0, 0, 0, 0],
    };
    const total = { ...zero, types: [0, 0, 0, 0] as MonthSums['types'] };
    for (const s of sums) {
      for (const key of Object.keys(zero) as (keyof MonthSums)[])
        if (key !== 'bucket' && key !== 'types') total[key] += s[key];
      s.types.forEach((count, i) => {
        total.types[i]! += count;
      });
    }
    const typeBits = [TaskType.INSPECTION, TaskType.REPAIR, TaskType.DOSING, TaskType.UPKEEP];
    return {
      ...figuresOf(total),
      unresolved: total.unresolved,
      byStatus: TASK_STATUSES.map((status) => ({ status, count: statuses.get(status) ?? 0 })),
      byType: typeBits.map((type, i) => ({ type, count: total.types[i]! })),
      bySite,
      byPerson,
      byMonth: months.map((m, i) => ({
        month: m.month,
        ...figuresOf(sums.find((s) => s.bucket === i) ?? zero),
      })),
    };
  }

  private present(r: RecordRow, assignees: { id: number; realname: string }[]): MaintenanceRecord {
    const createdAt = Number(r.created_at);
    const finishedAt = Number(r.finished_at);
    const dueAt = r.due_at === null ? null : Number(r.due_at);
    return {
      id: r.id,
      code: r.code,
      title: r.title,
      type: r.type,
      priority: r.priority,
      status: r.status,
      statusName: TaskStatusNames[r.status as TaskStatus] ?? String(r.status),
      groupId: r.group_id,
      groupName: r.group_name,
      equipmentId: r.equipment_id,
      equipmentName: r.equipment_name,
      assignees,
      createdAt,
      dueAt,
      finishedAt,
      durationMs: finishedAt - createdAt,
      onTime: dueAt === null ? null : finishedAt <= dueAt,
      result: parseJson<{ result?: string } | null>(r.execution, null)?.result ?? '',
    };
  }
}
