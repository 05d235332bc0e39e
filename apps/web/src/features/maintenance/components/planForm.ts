import type { ASSIGNEE_KINDS, Medicine, Plan, PlanInput, ScheduleRule } from '@iot/contracts/maintenance';
import dayjs, { type Dayjs } from 'dayjs';

/** What the form holds: the plan body with dates as Dayjs and the type mask as a list. */
export interface PlanFormValues {
  name: string;
  types: number[];
  priority: number;
  description: string;
  groupIds: number[];
  equipmentIds: number[];
  unit: ScheduleRule['unit'];
  every: number;
  weekdays: number[];
  monthDays: number[];
  time: Dayjs;
  basis: ScheduleRule['basis'];
  skipWeekends: boolean;
  startAt: Dayjs;
  endAt: Dayjs | null;
  leadHours: number;
  allowedHours: number;
  assigneeKind: (typeof ASSIGNEE_KINDS)[number];
  userIds: number[];
  roleId: number | null;
  checklist: {
    text: string;
    expected?: string;
    min?: number | null;
    max?: number | null;
    unit?: string;
    photoRequired?: boolean;
  }[];
  dosing: { medicine: string; quantity: number; unit?: string }[];
  needsAudit: boolean;
  enabled: boolean;
}

export function toBody(v: PlanFormValues): PlanInput {
  return {
    name: v.name,
    types: (v.types ?? []).reduce((mask, t) => mask | t, 0),
    priority: v.priority,
    description: v.description ?? '',
    groupIds: v.groupIds ?? [],
    equipmentIds: v.equipmentIds ?? [],
    schedule: {
      unit: v.unit,
      every: v.every,
      weekdays: v.weekdays ?? [],
      monthDays: v.monthDays ?? [],
      time: (v.time ?? dayjs('08:00', 'HH:mm')).format('HH:mm'),
      basis: v.unit === 'runHours' ? 'schedule' : v.basis,
      skipWeekends: v.skipWeekends ?? false,
    },
    startAt: (v.startAt ?? dayjs()).startOf('day').valueOf(),
    endAt: v.endAt ? v.endAt.startOf('day').valueOf() : null,
    leadHours: v.leadHours ?? 0,
    allowedHours: v.allowedHours ?? 24,
    assignees: { kind: v.assigneeKind, userIds: v.userIds ?? [], roleId: v.roleId ?? null },
    checklist: (v.checklist ?? []).map((c) => ({
      text: c.text,
      expected: c.expected ?? '',
      min: c.min ?? null,
      max: c.max ?? null,
      unit: c.unit ?? '',
      photoRequired: c.photoRequired ?? false,
    })),
    dosing: (v.types ?? []).includes(4)
      ? (v.dosing ?? []).map((d) => ({
          medicine: d.medicine as Medicine,
          quantity: d.quantity,
          unit: d.unit || 'kg',
        }))
      : [],
    needsAudit: v.needsAudit ?? false,
    enabled: v.enabled ?? true,
  };
}

export function fromPlan(plan: Plan): Partial<PlanFormValues> {
  return {
    name: plan.name,
    types: [1, 2, 4, 8].filter((t) => (plan.types & t) !== 0),
    priority: plan.priority,
    description: plan.description,
    groupIds: plan.groups.map((g) => g.id),
    equipmentIds: plan.equipmentIds,
    unit: plan.schedule.unit,
    every: plan.schedule.every,
    weekdays: plan.schedule.weekdays,
    monthDays: plan.schedule.monthDays,
    time: dayjs(plan.schedule.time, 'HH:mm'),
    basis: plan.schedule.basis,
    skipWeekends: plan.schedule.skipWeekends,
    startAt: dayjs(plan.startAt),
    endAt: plan.endAt === null ? null : dayjs(plan.endAt),
    leadHours: plan.leadHours,
    allowedHours: plan.allowedHours,
    assigneeKind: plan.assignees.kind,
    userIds: plan.assignees.userIds,
    roleId: plan.assignees.roleId,
    checklist: plan.checklist,
    dosing: plan.dosing,
    needsAudit: plan.needsAudit,
    enabled: plan.enabled,
  };
}

export const NEW_PLAN: Partial<PlanFormValues> = {
  types: [8],
  priority: 3,
  unit: 'week',
  every: 1,
  weekdays: [1],
  monthDays: [1],
  basis: 'schedule',
  skipWeekends: false,
  leadHours: 0,
  allowedHours: 24,
  assigneeKind: 'pool',
  checklist: [],
  dosing: [],
  needsAudit: false,
  enabled: true,
};
