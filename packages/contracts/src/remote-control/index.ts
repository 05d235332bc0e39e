import { z } from 'zod';
import { type DecimalRule, numbersByDecimalRule } from '../common/validation.js';

/**
 * Status codes of an instruction record (spec core §8; docs/decisions/0010-remote-control.md).
 * The control call answers its record with the pending code as the body code.
 */
export const InstructionStatus = {
  /** Sent to the connected device, waiting for its acknowledgement. */
  SENT: 20100,
  /** The device is offline: queued, sent when it connects again. */
  QUEUED: 20101,
  /** A queued command was delivered when the device came back and it acknowledged success. */
  CACHED_SUCCESS: 20102,
  /** A queued command was delivered when the device came back, waiting for its acknowledgement. */
  CACHED_SENT: 20103,
  /** A queued command replaced by a newer command on the same indicator before delivery; never sent. */
  SUPERSEDED: 20104,
  SUCCESS: 20000,
  /** The device answered failure (or a ThingsBoard RPC response with "error"). */
  FAILED: 40000,
  /** No acknowledgement within COMMAND_TIMEOUT seconds of delivery. */
  TIMEOUT: 40800,
} as const;
export type InstructionStatus = (typeof InstructionStatus)[keyof typeof InstructionStatus];

/** Records still waiting for the device. */
export const OPEN_INSTRUCTION_STATUSES: number[] = [
  InstructionStatus.SENT,
  InstructionStatus.QUEUED,
  InstructionStatus.CACHED_SENT,
];

export const InstructionMessages: Record<InstructionStatus, string> = {
  20100: '指令已下发，等待设备响应',
  20101: '设备离线，指令已缓存，设备上线后下发',
  20102: '缓存指令执行成功',
  20103: '缓存指令已下发，等待设备响应',
  20104: '指令已被新的指令取代，未下发',
  20000: '指令执行成功',
  40000: '设备执行失败',
  40800: '设备响应超时',
};

/**
 * The decimal rule of a control value: a register may hold a 64-bit integer, so up to 15 integer
 * digits (what a double holds exactly), and 6 decimals (spec core §9's decimal places).
 */
export const CONTROL_VALUE: DecimalRule = { integerDigits: 15, maxDecimals: 6 };

/** POST /data-server/api/v2/gateways/{gatewayId}/control */
export const controlBody = z.object({
  /** The gateway indicator's dataIdentification. */
  metric: z.string().min(1, '请选择控制指标').max(64),
  /** A number is held to the decimal rule (spec core §5) for control values. */
  value: numbersByDecimalRule(
    z.union([z.string(), z.number(), z.boolean()], { error: '请输入控制值' }),
    CONTROL_VALUE,
  ),
});
export type ControlBody = z.infer<typeof controlBody>;

export const instructionRecord = z.object({
  id: z.number().int(),
  gatewayId: z.number().int(),
  gatewayIndicatorId: z.number().int(),
  projectId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  metric: z.string(),
  value: z.string(),
  status: z.number().int(),
  message: z.string(),
  createdAt: z.number(),
  sentAt: z.number().nullable(),
  acknowledgedAt: z.number().nullable(),
  /** An automatic return (复位) records the command it returns from; null for a person's command. */
  repositionOf: z.number().int().nullable(),
});
export type InstructionRecord = z.infer<typeof instructionRecord>;
