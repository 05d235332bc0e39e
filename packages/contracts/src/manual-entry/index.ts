import { z } from 'zod';
import { numbersByDecimalRule } from '../common/validation.js';

/**
 * 手动录入 (project flag canEntryData, docs/decisions/0043-core-rules-applied.md): a value typed
 * by an operator for an indicator of a gateway no device reports for. It is stored through the
 * telemetry write path like a device's value and marked as manual in manual_entries.
 */
export const manualEntryBody = z.object({
  gatewayIndicatorId: z.number().int().positive(),
  /** As a device would send it: a number (the decimal rule of measured values), or the text/enum value. */
  value: numbersByDecimalRule(z.union([z.number(), z.string().min(1, '不能为空').max(255)])),
  /** When the value was read (ms); default now. Not in the future. */
  ts: z.number().int().positive().optional(),
});
export type ManualEntryInput = z.infer<typeof manualEntryBody>;

export const manualEntry = z.object({
  id: z.number(),
  gatewayIndicatorId: z.number(),
  indicatorAlias: z.string(),
  ts: z.number(),
  value: z.string(),
  userName: z.string(),
  createdAt: z.number(),
});
export type ManualEntry = z.infer<typeof manualEntry>;

export const ManualEntryMessages = {
  NOT_ALLOWED: '本项目未开启手动录入数据',
  HAS_DEVICE: '该网关已有设备上报数据，不能手动录入',
  FUTURE: '录入时间不能晚于当前时间',
} as const;

export const GatewayDataMessages = {
  NOT_ALLOWED: '本项目不允许管理网关数据（网关指标的新建、修改与删除）',
} as const;
