/**
 * Equipment status, derived the same way on the server (lists, board) and in the browser (live
 * frames of the data socket): docs/decisions/0051-equipment-ledger.md.
 */

/** What a bound gateway indicator means for the equipment. */
export const BINDING_ROLES = [
  'run',
  'fault',
  'current',
  'frequency',
  'voltage',
  'power',
  'pressure',
  'flow',
  'temperature',
] as const;
export type BindingRole = (typeof BINDING_ROLES)[number];
export const BindingRoleNames: Record<BindingRole, string> = {
  run: '运行信号',
  fault: '故障信号',
  current: '电流',
  frequency: '频率',
  voltage: '电压',
  power: '功率',
  pressure: '压力',
  flow: '流量',
  temperature: '温度',
};

/** Set by hand; the signals decide only while it is normal. */
export const MANUAL_STATUSES = ['normal', 'maintenance', 'scrapped'] as const;
export type ManualStatus = (typeof MANUAL_STATUSES)[number];
export const ManualStatusNames: Record<ManualStatus, string> = {
  normal: '正常',
  maintenance: '检修中',
  scrapped: '已报废',
};

/** unknown: no run signal bound, no value of it stored yet, or its gateway offline (decision 0059). */
export const EQUIPMENT_STATUSES = [
  'running',
  'stopped',
  'fault',
  'maintenance',
  'scrapped',
  'unknown',
] as const;
export type EquipmentStatus = (typeof EQUIPMENT_STATUSES)[number];
export const EquipmentStatusNames: Record<EquipmentStatus, string> = {
  running: '运行',
  stopped: '停机',
  fault: '故障',
  maintenance: '检修中',
  scrapped: '已报废',
  unknown: '无信号',
};
/** Ant Design tag / badge colours per status. */
export const EquipmentStatusColors: Record<EquipmentStatus, string> = {
  running: 'green',
  stopped: 'default',
  fault: 'red',
  maintenance: 'orange',
  scrapped: 'default',
  unknown: 'default',
};

/** Whether a signal's value reads as on: a number other than 0, or 1 / true / on as text. */
export function signalOn(value: number | string | null | undefined): boolean | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return value !== 0;
  const text = value.trim().toLowerCase();
  if (text === '') return null;
  const number = Number(text);
  if (!Number.isNaN(number)) return number !== 0;
  return text === 'true' || text === 'on';
}

/**
 * Scrapped and under maintenance (set by hand) come first; then, with the run signal's gateway
 * offline, unknown (无信号: its last values are stale, decision 0059); then a fault signal that is on;
 * then the run signal on or off; without a run value, unknown.
 */
export function deriveEquipmentStatus(input: {
  manualStatus: ManualStatus;
  run?: number | string | null | undefined;
  fault?: number | string | null | undefined;
  /** The run signal's gateway is offline (false when not known to be). */
  offline?: boolean;
}): EquipmentStatus {
  if (input.manualStatus === 'scrapped') return 'scrapped';
  if (input.manualStatus === 'maintenance') return 'maintenance';
  if (input.offline) return 'unknown';
  if (signalOn(input.fault) === true) return 'fault';
  const run = signalOn(input.run);
  if (run === null) return 'unknown';
  return run ? 'running' : 'stopped';
}

/** China time (UTC+8) calendar day of an instant, YYYY-MM-DD: run-hour days and "today". */
export const CHINA_OFFSET_MS = 8 * 3_600_000;
export const DAY_MS = 86_400_000;
export function chinaDay(ms: number): string {
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}
/** The instant the China-time day of `ms` began. */
export function chinaMidnight(ms: number): number {
  return Math.floor((ms + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;
}
