/** Enumerations of spec core §3 for gateways, each value with its Chinese label. */
export const GATEWAY_TYPES = {
  ordinary: '普通网关',
  nbSensor: 'NB传感器',
  iotDevice: '物联网设备',
  smart: '智能网关',
} as const;
export type GatewayType = keyof typeof GATEWAY_TYPES;

export const GATEWAY_MODELS = {
  direct: '直连设备',
  dtuModbus: 'DTU透传Modbus',
  cloudModbus: '云网关Modbus',
  kboxA: 'kbox系列A',
  kboxB: 'kbox系列B',
  directVendor: '直连设备(厂商协议)',
} as const;
export type GatewayModel = keyof typeof GATEWAY_MODELS;

/** Online; offline is either a normal disconnect or a timeout (no traffic for too long). */
export const ONLINE_STATUSES = {
  online: '在线',
  offlineNormal: '正常离线',
  offlineTimeout: '超时离线',
} as const;
export type OnlineStatus = keyof typeof ONLINE_STATUSES;

/** Clock exception statuses: device time vs server time (tolerances in spec core §9). */
export const CLOCK_STATUSES = {
  warningLead: '时钟超前预警',
  warningLag: '时钟滞后预警',
  errorLead: '时钟超前异常',
  errorLag: '时钟滞后异常',
  errorTime: '时间错误',
} as const;
export type ClockStatus = keyof typeof CLOCK_STATUSES;

/** Spec core §9: lag warning 10 minutes, lead error over 1 hour, lag error over 48 hours. */
export const CLOCK_TOLERANCE_MS = {
  lagWarning: 10 * 60_000,
  leadError: 3600_000,
  lagError: 48 * 3600_000,
} as const;

export const IO_TYPES = { r: '只读', w: '只写', rw: '读写' } as const;
export type IoType = keyof typeof IO_TYPES;

export const ANALOG_RANGES = ['0-20mA', '4-20mA', '0-5V', '0-10V'] as const;
export const BAUD_RATES = [2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;
export const DATA_BITS = [5, 6, 7, 8] as const;
export const STOP_BITS = [1, 2] as const;
export const PARITIES = { none: '无校验', odd: '奇校验', even: '偶校验' } as const;

/** Modbus function codes: read coils, discrete inputs, holding and input registers; write single/multiple. */
export const MODBUS_FUNCTION_CODES = {
  1: '01 读线圈',
  2: '02 读离散输入',
  3: '03 读保持寄存器',
  4: '04 读输入寄存器',
  5: '05 写单个线圈',
  6: '06 写单个寄存器',
  15: '15 写多个线圈',
  16: '16 写多个寄存器',
} as const;
export const MODBUS_DATA_TYPES = [
  'INT16',
  'UINT16',
  'INT32',
  'UINT32',
  'INT64',
  'float32',
  'float64',
  'bit',
  'string',
] as const;
export const BYTE_ORDERS = ['ABCD', 'BADC', 'CDAB', 'DCBA'] as const;

/** Import rules for spreadsheets (spec core §3). */
export const IMPORT_RULES = {
  overwrite: '保留已有，覆盖重复',
  skip: '保留已有，跳过重复',
  replace: '删除已有后导入',
} as const;
export type ImportRule = keyof typeof IMPORT_RULES;
