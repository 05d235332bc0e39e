import type { RuleBody, RuleKind, RuleSchedule, WarningRule } from '@iot/contracts/warnings';

export { thresholdText } from '@iot/contracts/warnings';

import dayjs, { type Dayjs } from 'dayjs';

/** The fields of a rule as its form holds them; the schedule is split into a switch, days and a time range. */
export interface RuleValues {
  gatewayIndicatorId?: number;
  gatewayId?: number;
  name?: string;
  kind: RuleKind;
  level: number;
  /** Thresholds as typed (text) or as loaded (numbers); thresholdNumber reads them. */
  low?: number | string | null;
  high?: number | string | null;
  value?: string | null;
  ratePerMinute?: number | string | null;
  offlineMinutes?: number | string | null;
  delaySeconds?: number | null;
  delayCount?: number | null;
  hysteresis?: number | null;
  enabled: boolean;
  scheduled: boolean;
  scheduleDays?: number[];
  scheduleTime?: [Dayjs, Dayjs] | null;
  /** The site modes the rule is evaluated in (模式管理); empty: every mode. */
  modeIds?: number[];
  /** 设备故障: the rule's warnings open malfunctions of the equipment the indicator is bound to. */
  equipmentFault?: boolean;
  /** Cameras of the project shown with the rule's warnings. */
  cameraIds?: number[];
  /** 自动抓拍: snapshot those cameras when the rule fires. */
  autoCapture?: boolean;
}

/** Which threshold fields a kind uses (docs/decisions/0018-warning-engine.md). */
export const KIND_FIELDS: Record<
  RuleKind,
  readonly ('low' | 'high' | 'value' | 'ratePerMinute' | 'offlineMinutes')[]
> = {
  above: ['high'],
  below: ['low'],
  outside: ['low', 'high'],
  inside: ['low', 'high'],
  equals: ['value'],
  rate: ['ratePerMinute'],
  offline: ['offlineMinutes'],
};

/** A threshold as a number: null when blank, NaN when it is not a number (the form says 请输入数字！). */
export function thresholdNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  const text = value.trim();
  if (text === '') return null;
  return /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

/** Hysteresis and delays mean nothing to an offline rule: it has no values to count. */
export const hasValueConditions = (kind: RuleKind) => kind !== 'offline';

export const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'].map((label, i) => ({
  value: i + 1,
  label: `周${label}`,
}));

export const NEW_RULE: RuleValues = {
  kind: 'above',
  level: 2,
  delaySeconds: 0,
  delayCount: 0,
  hysteresis: 0,
  enabled: true,
  scheduled: false,
  scheduleDays: [1, 2, 3, 4, 5],
  scheduleTime: null,
  modeIds: [],
  equipmentFault: false,
  cameraIds: [],
  autoCapture: false,
};

const HHMM = 'HH:mm';
const timeOf = (text: string) => dayjs(`2000-01-01 ${text}`, `YYYY-MM-DD ${HHMM}`);

export function valuesOfRule(rule: WarningRule): RuleValues {
  return {
    ...(rule.kind === 'offline'
      ? { gatewayId: rule.gatewayId }
      : { gatewayIndicatorId: rule.gatewayIndicatorId ?? undefined }),
    name: rule.name,
    kind: rule.kind,
    level: rule.level,
    low: rule.low,
    high: rule.high,
    value: rule.value,
    ratePerMinute: rule.ratePerMinute,
    offlineMinutes: rule.offlineMinutes,
    delaySeconds: rule.delaySeconds,
    delayCount: rule.delayCount,
    hysteresis: rule.hysteresis,
    enabled: rule.enabled,
    scheduled: rule.schedule !== null,
    scheduleDays: rule.schedule?.days ?? NEW_RULE.scheduleDays,
    scheduleTime: rule.schedule ? [timeOf(rule.schedule.from), timeOf(rule.schedule.to)] : null,
    modeIds: rule.modeIds ?? [],
    equipmentFault: rule.equipmentFault ?? false,
    cameraIds: rule.cameraIds ?? [],
    autoCapture: rule.autoCapture ?? false,
  };
}

/**
 * The body the server takes: fields the kind does not use are cleared, so switching kind leaves
 * nothing stale behind. Missing values go as null; the server says what is missing.
 */
export function ruleFieldsOf(values: RuleValues): Omit<RuleBody, 'gatewayIndicatorId' | 'gatewayId'> {
  const uses = new Set<string>(KIND_FIELDS[values.kind]);
  const pick = <T>(field: string, value: T | null | undefined) =>
    uses.has(field) && value !== undefined && value !== '' ? value : null;
  const conditions = hasValueConditions(values.kind);
  const [from, to] = values.scheduleTime ?? [];
  const schedule: RuleSchedule =
    values.scheduled && from && to
      ? { days: [...(values.scheduleDays ?? [])].sort(), from: from.format(HHMM), to: to.format(HHMM) }
      : values.scheduled
        ? // Sent as it stands so the server names what is missing.
          { days: values.scheduleDays ?? [], from: '', to: '' }
        : null;
  return {
    name: values.name?.trim() ?? '',
    kind: values.kind,
    level: values.level,
    low: pick('low', thresholdNumber(values.low)),
    high: pick('high', thresholdNumber(values.high)),
    value: pick('value', values.value === null || values.value === undefined ? null : String(values.value)),
    ratePerMinute: pick('ratePerMinute', thresholdNumber(values.ratePerMinute)),
    offlineMinutes: pick('offlineMinutes', thresholdNumber(values.offlineMinutes)),
    delaySeconds: conditions ? (values.delaySeconds ?? 0) : 0,
    delayCount: conditions ? (values.delayCount ?? 0) : 0,
    hysteresis: conditions ? (values.hysteresis ?? 0) : 0,
    schedule,
    modeIds: values.modeIds ?? [],
    // Offline rules have no indicator, so no equipment to be at fault.
    equipmentFault: values.kind !== 'offline' && (values.equipmentFault ?? false),
    cameraIds: values.cameraIds ?? [],
    autoCapture: (values.cameraIds ?? []).length > 0 && (values.autoCapture ?? false),
    enabled: values.enabled,
  };
}

export function ruleBodyOf(values: RuleValues): RuleBody {
  const offline = values.kind === 'offline';
  return {
    gatewayIndicatorId: offline ? null : (values.gatewayIndicatorId ?? null),
    gatewayId: offline ? (values.gatewayId ?? null) : null,
    ...ruleFieldsOf(values),
  };
}

/** The delay of a rule: how long and how many values the condition must hold. */
export function delayText(rule: Pick<WarningRule, 'kind' | 'delaySeconds' | 'delayCount'>): string {
  if (!hasValueConditions(rule.kind)) return '—';
  const parts = [
    rule.delaySeconds > 0 ? `${rule.delaySeconds} 秒` : '',
    rule.delayCount > 0 ? `${rule.delayCount} 次` : '',
  ].filter(Boolean);
  return parts.length ? `持续 ${parts.join(' 且 ')}` : '立即';
}

/** The schedule as people read it: "全天" when none, "周一至周五 08:00–18:00", "周六、周日 22:00–06:00（次日）". */
export function scheduleText(schedule: RuleSchedule): string {
  if (!schedule) return '全天';
  const days = [...schedule.days].sort();
  const consecutive = days.length > 2 && days.every((d, i) => i === 0 || d === days[i - 1]! + 1);
  const label = (d: number) => WEEKDAYS[d - 1]?.label ?? String(d);
  const dayText =
    days.length === 7
      ? '每天'
      : consecutive
        ? `${label(days[0]!)}至${label(days.at(-1)!)}`
        : days.map(label).join('、');
  const overnight = schedule.to < schedule.from ? '（次日）' : '';
  return `${dayText} ${schedule.from}–${schedule.to}${overnight}`;
}
