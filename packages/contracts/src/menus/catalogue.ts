import { ALL_PERMISSIONS, Permission, SubSystem } from '../common/permissions.js';

/**
 * One entry of the menu catalogue. The catalogue is code, not data: a screen exists when the web
 * app ships its component, so the two are versioned together. Roles store (code, bits) pairs.
 */
export interface MenuDefinition {
  /** Stable numeric id; never reuse one. */
  id: number;
  /** Route code name, e.g. router-projectGateway: the key roles and route permissions use. */
  code: string;
  title: string;
  subSystem: SubSystem;
  /** Code of the container entry this one sits under. */
  parent?: string;
  /** Path segment below the scope's prefix (spec core §2 prefixes are added by the web app). */
  path: string;
  /** Key of the lazily loaded screen; absent on a container. */
  component?: string;
  icon?: string;
  hidden?: boolean;
  linkUrl?: string;
  customType?: string;
  /** Bits that mean something on this entry; a role can hold no others here. */
  bits: number;
}

const R = Permission.READ;
const RU = Permission.READ | Permission.UPDATE;
const CRUD = Permission.READ | Permission.UPDATE | Permission.DELETE | Permission.CREATE;
const ALL = ALL_PERMISSIONS;

type Options = Partial<
  Pick<MenuDefinition, 'component' | 'icon' | 'hidden' | 'linkUrl' | 'customType' | 'parent'>
>;

function group(
  subSystem: SubSystem,
  parent: string | undefined,
  startId: number,
  rows: Row[],
): MenuDefinition[] {
  return rows.map(([code, title, path, bits, options], index) => ({
    id: startId + index,
    code,
    title,
    subSystem,
    path,
    bits,
    ...(parent ? { parent } : {}),
    ...options,
  }));
}
type Row = [code: string, title: string, path: string, bits: number, options?: Options];

function container(
  id: number,
  subSystem: SubSystem,
  code: string,
  title: string,
  path: string,
  icon: string,
): MenuDefinition {
  return { id, code, title, subSystem, path, icon, bits: R };
}

const userCenter = group(SubSystem.USER_CENTER, undefined, 100, [
  ['router-usercenter', '个人中心', 'usercenter', RU, { component: 'users/UserCenter', icon: 'user' }],
  ['router-userSecurity', '账号安全', 'security', RU, { component: 'users/AccountSecurity', icon: 'safety' }],
]);

const myProjects = group(SubSystem.MY_PROJECTS, undefined, 200, [
  ['router-myProjects', '我的项目', 'projects', R, { component: 'projects/MyProjects', icon: 'project' }],
  [
    'router-myCorporations',
    '我的公司',
    'corporations',
    R,
    { component: 'corporations/MyCorporations', icon: 'bank' },
  ],
  [
    'router-myGatewayFirms',
    '我的网关厂商',
    'gatewayFirms',
    R,
    { component: 'gateway-firms/MyGatewayFirms', icon: 'shop' },
  ],
]);

const firm = [
  ...group(SubSystem.GATEWAY_FIRM, undefined, 300, [
    [
      'router-firmGateway',
      '网关管理',
      'gateways',
      ALL,
      { component: 'gateways/FirmGateways', icon: 'cluster' },
    ],
    [
      'router-firmGatewayType',
      '网关类型',
      'gatewayTypes',
      CRUD,
      { component: 'gateways/GatewayTypes', icon: 'appstore' },
    ],
    ['router-firmware', '固件管理', 'firmware', CRUD, { component: 'gateway-firms/Firmware', icon: 'code' }],
    [
      'router-upgradeTask',
      '升级任务',
      'upgradeTasks',
      CRUD,
      { component: 'gateway-firms/UpgradeTasks', icon: 'cloud-upload' },
    ],
    [
      'router-calibration',
      '校准管理',
      'calibration',
      CRUD,
      { component: 'gateway-firms/Calibration', icon: 'aim' },
    ],
    ['router-firmRoles', '角色管理', 'roles', CRUD, { component: 'roles/Roles', icon: 'team' }],
    ['router-firmUsers', '成员管理', 'users', CRUD, { component: 'memberships/Members', icon: 'user' }],
  ]),
];

const system = [
  container(400, SubSystem.SYSTEM, 'router-system-tenants', '租户管理', 'tenants', 'apartment'),
  ...group(SubSystem.SYSTEM, 'router-system-tenants', 401, [
    [
      'router-system-gatewayFirms',
      '网关厂商',
      'gatewayFirms',
      CRUD,
      { component: 'gateway-firms/GatewayFirms' },
    ],
    [
      'router-system-corporations',
      '公司管理',
      'corporations',
      CRUD,
      { component: 'corporations/Corporations' },
    ],
    ['router-system-projects', '项目管理', 'projects', CRUD, { component: 'projects/Projects' }],
  ]),
  container(
    420,
    SubSystem.SYSTEM,
    'router-system-permissions',
    '权限管理',
    'permissions',
    'safety-certificate',
  ),
  ...group(SubSystem.SYSTEM, 'router-system-permissions', 421, [
    ['router-system-users', '用户管理', 'users', ALL, { component: 'users/Users' }],
    ['router-system-roles', '角色管理', 'roles', CRUD, { component: 'roles/Roles' }],
    ['router-system-members', '系统成员', 'members', CRUD, { component: 'memberships/Members' }],
  ]),
  container(440, SubSystem.SYSTEM, 'router-system-settings', '系统设置', 'settings', 'setting'),
  ...group(SubSystem.SYSTEM, 'router-system-settings', 441, [
    ['router-systems', '系统配置', 'systems', RU, { component: 'system/Systems' }],
    ['router-customDomain', '自定义域名', 'customDomains', CRUD, { component: 'system/CustomDomains' }],
    ['router-openPlatform', '开放平台', 'openPlatform', CRUD, { component: 'clients/OpenPlatform' }],
    ['router-aiModels', 'AI模型', 'aiModels', CRUD, { component: 'assistant/AiModels' }],
    ['router-system-iotCards', '物联网卡', 'iotCards', CRUD, { component: 'iot-cards/SystemIotCards' }],
    [
      'router-system-operationLogs',
      '操作日志',
      'operationLogs',
      R,
      { component: 'operation-logs/OperationLogs' },
    ],
  ]),
];

const project = [
  ...group(SubSystem.PROJECT, undefined, 500, [
    ['router-project', '项目首页', 'projectHD/hd', R, { component: 'projects/ProjectHome', icon: 'home' }],
    ['router-toolSet', '工具集', 'toolSet', RU, { component: 'tool-set/ToolSet', hidden: true }],
    ['router-ai-assistant', 'AI助手', 'aiAssistant', RU, { component: 'assistant/Assistant', hidden: true }],
  ]),
  container(510, SubSystem.PROJECT, 'router-monitor', '监测中心', 'monitor', 'line-chart'),
  ...group(SubSystem.PROJECT, 'router-monitor', 511, [
    ['router-realTimeData', '实时数据', 'realTimeData', R, { component: 'monitoring/RealTimeData' }],
    ['router-historicalData', '历史数据', 'historicalData', R, { component: 'monitoring/HistoricalData' }],
    ['router-trend', '趋势分析', 'trend', R, { component: 'monitoring/Trend' }],
    ['router-ranking', '排名分析', 'ranking', R, { component: 'monitoring/Ranking' }],
    ['router-dataRepair', '数据修复', 'dataRepair', CRUD, { component: 'monitoring/DataRepair' }],
    [
      'router-equipmentMonitor',
      '工艺设备监控',
      'equipmentMonitor',
      RU,
      { component: 'equipment/EquipmentMonitor' },
    ],
    [
      'router-equipmentRemoteControl',
      '远程控制',
      'remoteControl',
      RU,
      { component: 'monitoring/RemoteControl' },
    ],
  ]),
  container(530, SubSystem.PROJECT, 'router-device', '设备接入', 'device', 'cluster'),
  ...group(SubSystem.PROJECT, 'router-device', 531, [
    ['router-projectGateway', '网关管理', 'gateways', ALL, { component: 'gateways/ProjectGateways' }],
    ['router-gatewayType', '网关类型', 'gatewayTypes', CRUD, { component: 'gateways/GatewayTypes' }],
    ['router-indicatorConfig', '指标配置', 'indicators', CRUD, { component: 'indicators/Indicators' }],
    ['router-project-group', '分组管理', 'groups', CRUD, { component: 'groups/GroupTree' }],
    ['router-virtualGateway', '虚拟网关', 'virtualGateways', CRUD, { component: 'gateways/VirtualGateways' }],
    ['router-iotCard', '物联网卡', 'iotCards', CRUD, { component: 'iot-cards/IotCards' }],
  ]),
  container(550, SubSystem.PROJECT, 'router-warning', '预警中心', 'warning', 'alert'),
  ...group(SubSystem.PROJECT, 'router-warning', 551, [
    ['router-warningList', '预警列表', 'warningList', ALL, { component: 'warnings/WarningList' }],
    ['router-warningAnalysis', '预警分析', 'warningAnalysis', R, { component: 'warnings/WarningAnalysis' }],
    ['router-warningSetting', '预警设置', 'warningSetting', CRUD, { component: 'warnings/WarningSettings' }],
    [
      'router-equipmentMalfunctionRecord',
      '设备故障记录',
      'malfunctions',
      CRUD,
      { component: 'equipment/MalfunctionRecords' },
    ],
    ['router-messageAutoReply', '消息自动回复', 'autoReply', CRUD, { component: 'messages/AutoReply' }],
  ]),
  container(570, SubSystem.PROJECT, 'router-operation', '运维中心', 'operation', 'tool'),
  ...group(SubSystem.PROJECT, 'router-operation', 571, [
    ['router-equipment', '设备台账', 'equipment', CRUD, { component: 'equipment/Equipment' }],
    ['router-maintenancePlan', '保养计划', 'maintenancePlans', CRUD, { component: 'maintenance/Plans' }],
    ['router-maintenanceTaskList', '工单管理', 'maintenanceTasks', ALL, { component: 'maintenance/Tasks' }],
    ['router-maintenanceRecord', '维保记录', 'maintenanceRecords', R, { component: 'maintenance/Records' }],
    [
      'router-maintenanceStatistics',
      '运维统计',
      'maintenanceStatistics',
      R,
      { component: 'maintenance/Statistics' },
    ],
    ['router-dutySchedule', '排班管理', 'dutySchedule', CRUD, { component: 'maintenance/DutySchedule' }],
    ['router-warranty', '质保管理', 'warranty', CRUD, { component: 'equipment/Warranty' }],
    ['router-inventory', '库存管理', 'inventory', CRUD, { component: 'inventory/Inventory' }],
  ]),
  container(590, SubSystem.PROJECT, 'router-visual', '可视化', 'visual', 'fund'),
  ...group(SubSystem.PROJECT, 'router-visual', 591, [
    ['router-videoSurveillance', '视频监控', 'video', CRUD, { component: 'cameras/VideoSurveillance' }],
    ['router-customBigScreen', '自定义大屏', 'bigScreens', CRUD, { component: 'big-screens/BigScreens' }],
    ['router-cockpitConfig', '驾驶舱配置', 'cockpit', RU, { component: 'big-screens/CockpitConfig' }],
    ['router-bimModel', 'BIM模型', 'bim', CRUD, { component: 'big-screens/BimModel' }],
    ['router-report', '报表', 'reports', CRUD, { component: 'reports/Reports' }],
    ['router-weather', '天气', 'weather', R, { component: 'weather/Weather' }],
  ]),
  container(610, SubSystem.PROJECT, 'router-projectSettings', '项目设置', 'settings', 'setting'),
  ...group(SubSystem.PROJECT, 'router-projectSettings', 611, [
    ['router-projectOverview', '资源概览', 'overview', RU, { component: 'projects/ProjectOverview' }],
    ['router-projectSetting', '项目配置', 'projectSetting', RU, { component: 'projects/ProjectSetting' }],
    ['router-project-roles', '角色管理', 'roles', CRUD, { component: 'roles/Roles' }],
    ['router-project-users', '用户管理', 'users', CRUD, { component: 'memberships/Members' }],
    ['router-units', '单位管理', 'units', CRUD, { component: 'units/Units' }],
    ['router-labels', '标签管理', 'labels', CRUD, { component: 'labels/Labels' }],
    ['router-modes', '模式管理', 'modes', CRUD, { component: 'modes/Modes' }],
    ['router-operationLog', '操作日志', 'operationLogs', R, { component: 'operation-logs/OperationLogs' }],
    ['router-openApi', '开放接口', 'openApi', RU, { component: 'clients/ProjectOpenApi' }],
  ]),
];

const message = group(SubSystem.MESSAGE, undefined, 700, [
  [
    'router-messageCenter',
    '消息中心',
    'messageCenter',
    RU,
    { component: 'messages/MessageCenter', icon: 'bell' },
  ],
  [
    'router-messageSetting',
    '消息设置',
    'messageSetting',
    RU,
    { component: 'messages/MessageSetting', icon: 'setting' },
  ],
]);

const audit = group(SubSystem.AUDIT, undefined, 800, [
  ['router-auditList', '我的审批', 'auditList', RU, { component: 'audits/AuditList', icon: 'audit' }],
  ['router-auditDetail', '审批详情', 'auditDetail', R, { component: 'audits/AuditDetail', hidden: true }],
  ['router-rejectDetail', '驳回详情', 'rejectDetail', R, { component: 'audits/RejectDetail', hidden: true }],
]);

const site = group(SubSystem.SITE, undefined, 900, [
  ['router-site-home', '站点首页', 'siteHome', R, { component: 'groups/SiteHome', icon: 'environment' }],
  [
    'router-site-realTimeData',
    '站点实时数据',
    'realTimeData',
    R,
    { component: 'monitoring/RealTimeData', icon: 'dashboard' },
  ],
  [
    'router-site-processDiagram',
    '工艺流程图',
    'processDiagram',
    RU,
    { component: 'big-screens/ProcessDiagram', icon: 'apartment' },
  ],
]);

const mobile = group(SubSystem.MOBILE, undefined, 1000, [
  ['router-m-home', '移动首页', 'home', R, { component: 'mobile/Home' }],
  ['router-m-warningList', '移动预警', 'warnings', RU, { component: 'mobile/Warnings' }],
  ['router-m-tasks', '移动工单', 'tasks', RU, { component: 'mobile/Tasks' }],
]);

const applet = group(SubSystem.APPLET, undefined, 1100, [
  ['router-applet-home', '小程序首页', 'home', R, { component: 'applet/Home' }],
  ['router-applet-tasks', '小程序工单', 'tasks', RU, { component: 'applet/Tasks' }],
]);

const corporation = group(SubSystem.CORPORATION, undefined, 1200, [
  [
    'router-corporation-bigScreen',
    '公司大屏',
    'bigScreen',
    R,
    { component: 'corporations/CorporationBigScreen', icon: 'fund' },
  ],
  [
    'router-corporation-project',
    '公司项目',
    'projects',
    RU,
    { component: 'corporations/CorporationProjects', icon: 'project' },
  ],
  [
    'router-corporation-setting',
    '公司设置',
    'setting',
    RU,
    { component: 'corporations/CorporationSetting', icon: 'setting' },
  ],
  ['router-corporation-roles', '角色管理', 'roles', CRUD, { component: 'roles/Roles', icon: 'team' }],
  ['router-corporation-users', '成员管理', 'users', CRUD, { component: 'memberships/Members', icon: 'user' }],
]);

/** The whole catalogue, sub-systems 0 to 10. */
export const MENU_CATALOGUE: readonly MenuDefinition[] = [
  ...userCenter,
  ...myProjects,
  ...firm,
  ...system,
  ...project,
  ...message,
  ...audit,
  ...site,
  ...mobile,
  ...applet,
  ...corporation,
];

export const MENUS_BY_CODE: ReadonlyMap<string, MenuDefinition> = new Map(
  MENU_CATALOGUE.map((m) => [m.code, m]),
);
