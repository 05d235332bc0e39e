/** Feature-areas §2: the tool set entries and the activeKey each opens on router-toolSet. */
export const TOOL_SET = [
  ['gatewayDetail', '查找设备'],
  ['historicalData', '数据查看'],
  ['equipmentRemoteControl', '远程控制'],
  ['realTimeData', '实时数据'],
  ['indicatorConfig', '接入配置'],
  ['modbusConfig', '串口配置'],
  ['sensorAccess', '传感器接入'],
] as const;
