/**
 * Project entries whose screens show gateway indicator values (docs/decisions/0031). Read on any
 * of them lets a role read what those values mean: the gateway indicators with their indicator's
 * name, unit, decimals and enum labels, and the monitoring group tree that names them. Changing
 * indicators stays with router-indicatorConfig, changing groups with router-project-group.
 */
export const MONITORING_READ_MENUS: readonly string[] = [
  'router-project',
  'router-realTimeData',
  'router-historicalData',
  'router-trend',
  'router-ranking',
  'router-dataRepair',
  'router-equipmentMonitor',
  // 设备台账 shows and binds gateway indicators (decision 0051).
  'router-equipment',
  'router-equipmentRemoteControl',
  'router-toolSet',
  'router-projectGateway',
  'router-warningList',
  'router-warningAnalysis',
  'router-warningSetting',
  'router-customBigScreen',
  'router-cockpitConfig',
  'router-report',
  'router-site-home',
  'router-site-realTimeData',
  'router-site-processDiagram',
  'router-m-home',
  'router-m-warningList',
  'router-applet-home',
];
