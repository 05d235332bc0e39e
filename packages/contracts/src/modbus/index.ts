import { z } from 'zod';
import { decimal, integerBetween, positiveInteger } from '../common/validation.js';
import {
  ANALOG_RANGES,
  BAUD_RATES,
  BYTE_ORDERS,
  DATA_BITS,
  MODBUS_DATA_TYPES,
  PARITIES,
  STOP_BITS,
} from '../gateways/enums.js';

/** Modbus configuration of a DTU transparent Modbus gateway (spec core §3 enumerations; decision 0011). */

export const ModbusMessages = {
  BAUD_RATE: `波特率须为 ${BAUD_RATES.join('、')} 之一`,
  DATA_BITS: '数据位须为 5～8',
  STOP_BITS: '停止位须为 1 或 2',
  PARITY: '校验位须为 无校验、奇校验 或 偶校验',
  POLL_INTERVAL: '采集周期须为 1～86400 秒的整数',
  SLAVE_ID: '从站地址须为 1～247 的整数',
  FUNCTION_CODE: '读取功能码须为 01、02、03 或 04',
  ADDRESS: '寄存器地址须为 0～65535 的整数',
  DATA_TYPE: `数据类型须为 ${MODBUS_DATA_TYPES.join('、')} 之一`,
  BYTE_ORDER: `字节序须为 ${BYTE_ORDERS.join('、')} 之一`,
  SCALE: '倍率须为非零数值',
  BIT_ONLY: '功能码 01、02 只能使用 bit 数据类型',
  STRING_LENGTH: 'string 类型须指定寄存器数量（1～100）',
  BIT_INDEX: '位序号须为 0～15 的整数',
  ADDRESS_RANGE: '寄存器地址加寄存器数量超出 65535',
  ANALOG_RANGE: `模拟量采集范围须为 ${ANALOG_RANGES.join('、')} 之一`,
  GATEWAY_INDICATOR_NOT_FOUND: '网关指标不存在',
  GATEWAY_INDICATOR_REPEATED: '同一网关指标不能重复配置',
} as const;

export type ModbusDataType = (typeof MODBUS_DATA_TYPES)[number];
export type ByteOrder = (typeof BYTE_ORDERS)[number];
export type ReadFunctionCode = 1 | 2 | 3 | 4;

export const baudRate = z.literal(BAUD_RATES, { error: ModbusMessages.BAUD_RATE });
export const dataBits = z.literal(DATA_BITS, { error: ModbusMessages.DATA_BITS });
export const stopBits = z.literal(STOP_BITS, { error: ModbusMessages.STOP_BITS });
export const parity = z.enum(Object.keys(PARITIES) as [keyof typeof PARITIES], {
  error: ModbusMessages.PARITY,
});
export const readFunctionCode = z.literal([1, 2, 3, 4], { error: ModbusMessages.FUNCTION_CODE });
export const modbusDataType = z.enum(MODBUS_DATA_TYPES, { error: ModbusMessages.DATA_TYPE });
export const byteOrder = z.enum(BYTE_ORDERS, { error: ModbusMessages.BYTE_ORDER });

/** Serial line and polling settings of the gateway (kept in gateways.modbus_config). */
export const modbusSettings = z.object({
  baudRate,
  dataBits,
  stopBits,
  parity,
  /** How often the server polls every configured register. */
  pollIntervalSeconds: positiveInteger(86_400, ModbusMessages.POLL_INTERVAL),
});
export type ModbusSettings = z.infer<typeof modbusSettings>;

export const DEFAULT_MODBUS_SETTINGS: ModbusSettings = {
  baudRate: 9600,
  dataBits: 8,
  stopBits: 1,
  parity: 'none',
  pollIntervalSeconds: 60,
};

/** Where one gateway indicator's value is read (kept in gateway_indicators.modbus). */
const modbusPointFields = z.object({
  slaveId: positiveInteger(247, ModbusMessages.SLAVE_ID),
  functionCode: readFunctionCode,
  address: integerBetween(0, 65_535, ModbusMessages.ADDRESS),
  dataType: modbusDataType,
  byteOrder: byteOrder.default('ABCD'),
  /** Multiplies the decoded number (e.g. 0.1 for a register in tenths). */
  scale: decimal()
    .refine((v) => v !== 0, ModbusMessages.SCALE)
    .optional(),
  /** string only: how many registers (two characters each) the text spans. */
  length: positiveInteger(100, ModbusMessages.STRING_LENGTH).optional(),
  /** bit read from a register (functions 03/04): which bit, 0 = least significant. */
  bit: integerBetween(0, 15, ModbusMessages.BIT_INDEX).optional(),
  /** Analog acquisition range of the sensor wired to this point (spec core §3), when it is analog. */
  analogRange: z.enum(ANALOG_RANGES, { error: ModbusMessages.ANALOG_RANGE }).optional(),
});

function checkPoint(point: z.output<typeof modbusPointFields>, context: z.RefinementCtx): void {
  if ((point.functionCode === 1 || point.functionCode === 2) && point.dataType !== 'bit')
    context.addIssue({ code: 'custom', path: ['dataType'], message: ModbusMessages.BIT_ONLY });
  if (point.dataType === 'string' && point.length === undefined)
    context.addIssue({ code: 'custom', path: ['length'], message: ModbusMessages.STRING_LENGTH });
  if (point.address + registerCount(point) - 1 > 65_535)
    context.addIssue({ code: 'custom', path: ['address'], message: ModbusMessages.ADDRESS_RANGE });
}

export const modbusPoint = modbusPointFields.superRefine(checkPoint);
export type ModbusPoint = z.output<typeof modbusPoint>;

/** Registers (functions 03/04) or bits (01/02) one point spans. */
export function registerCount(point: {
  functionCode: number;
  dataType: ModbusDataType;
  length?: number;
}): number {
  if (point.functionCode === 1 || point.functionCode === 2) return 1;
  switch (point.dataType) {
    case 'INT32':
    case 'UINT32':
    case 'float32':
      return 2;
    case 'INT64':
    case 'float64':
      return 4;
    case 'string':
      return point.length ?? 1;
    default:
      return 1;
  }
}

export const modbusIndicatorBody = modbusPointFields
  .extend({ gatewayIndicatorId: z.number().int().positive() })
  .superRefine(checkPoint);

/** PUT body: the whole configuration; gateway indicators left out are no longer polled. */
export const modbusConfigBody = modbusSettings.extend({
  indicators: z.array(modbusIndicatorBody).max(1000),
});
export type ModbusConfigBody = z.input<typeof modbusConfigBody>;

export const modbusIndicator = z.object({
  gatewayIndicatorId: z.number().int(),
  dataIdentification: z.string(),
  slaveId: z.number().int(),
  functionCode: z.number().int(),
  address: z.number().int(),
  dataType: modbusDataType,
  byteOrder,
  scale: z.number().optional(),
  length: z.number().int().optional(),
  bit: z.number().int().optional(),
  analogRange: z.enum(ANALOG_RANGES).optional(),
});
export type ModbusIndicator = z.infer<typeof modbusIndicator>;

/** GET answer: the settings (defaults until saved) and every gateway indicator that is polled. */
export const modbusConfig = modbusSettings.extend({ indicators: z.array(modbusIndicator) });
export type ModbusConfig = z.infer<typeof modbusConfig>;
