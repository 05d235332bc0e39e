import type { MaintenanceRecord } from '@iot/contracts/maintenance';
import { type TaskType, TaskTypeNames } from '@iot/contracts/maintenance';

export const TYPE_BITS = [1, 2, 4, 8] as const;

/** A type mask as its names: 巡检、加药. */
export function typeNames(mask: number): string {
  const names = TYPE_BITS.filter((bit) => (mask & bit) !== 0).map((bit) => TaskTypeNames[bit as TaskType]);
  return names.length > 0 ? names.join('、') : '—';
}

/** A duration in days, hours and minutes: 1天3小时、2小时5分、12分. */
export function formatSpan(ms: number | null): string {
  if (ms === null) return '—';
  const minutes = Math.max(0, Math.round(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days}天${hours}小时` : `${days}天`;
  if (hours > 0) return rest > 0 ? `${hours}小时${rest}分` : `${hours}小时`;
  return `${rest}分`;
}

/** A share as a percentage with one decimal; — when there is nothing to divide by. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${(rate * 100).toFixed(1)}%`;
}

/** The equipment's name; a deleted one by its number. */
export const equipmentText = (r: Pick<MaintenanceRecord, 'equipmentId' | 'equipmentName'>, none: string) =>
  r.equipmentId === null ? none : (r.equipmentName ?? `#${r.equipmentId}`);
