import { SubSystem } from '../common/permissions.js';
import { ALL, CRUD, container, group, type MenuDefinition, R, RU, RUD } from './catalogue-rows.js';
import { projectMenus } from './project-menus.js';

export type { MenuDefinition } from './catalogue-rows.js';

// 账号安全 and 消息设置 are tabs of 个人中心 (修改密码, 消息设置): their entries stay for the roles and
// bookmarks that name them, hidden from menus, and their routes open that tab (decision 0035).
const userCenter = group(SubSystem.USER_CENTER, undefined, 100, [
  ['router-usercenter', '个人中心', 'usercenter', RU, { component: 'users/UserCenter', icon: 'user' }],
  [
    'router-userSecurity',
    '账号安全',
    'security',
    RU,
    { component: 'users/AccountSecurity', icon: 'safety', hidden: true },
  ],
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
      { component: 'gateway-firms/GatewayFirms', icon: 'shop' },
    ],
    [
      'router-system-corporations',
      '公司管理',
      'corporations',
      CRUD,
      { component: 'corporations/Corporations', icon: 'bank' },
    ],
    [
      'router-system-projects',
      '项目管理',
      'projects',
      CRUD,
      { component: 'projects/Projects', icon: 'project' },
    ],
    // 订单管理 (decision 0068): orders of every project; a bank transfer's receipt is confirmed here.
    [
      'router-system-orders',
      '订单管理',
      'orders',
      RU,
      { component: 'purchases/Orders', icon: 'account-book' },
    ],
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
    ['router-system-users', '用户管理', 'users', ALL, { component: 'users/Users', icon: 'user' }],
    ['router-system-roles', '角色管理', 'roles', CRUD, { component: 'roles/Roles', icon: 'team' }],
    [
      'router-system-members',
      '系统成员',
      'members',
      CRUD,
      { component: 'memberships/Members', icon: 'solution' },
    ],
  ]),
  container(440, SubSystem.SYSTEM, 'router-system-settings', '系统设置', 'settings', 'setting'),
  ...group(SubSystem.SYSTEM, 'router-system-settings', 441, [
    ['router-systems', '系统配置', 'systems', RU, { component: 'system/Systems', icon: 'control' }],
    [
      'router-customDomain',
      '自定义域名',
      'customDomains',
      CRUD,
      { component: 'system/CustomDomains', icon: 'global' },
    ],
    [
      'router-openPlatform',
      '开放平台',
      'openPlatform',
      CRUD,
      { component: 'clients/OpenPlatform', icon: 'api' },
    ],
    ['router-aiModels', 'AI模型', 'aiModels', CRUD, { component: 'assistant/AiModels', icon: 'robot' }],
    [
      'router-system-iotCards',
      '物联网卡',
      'iotCards',
      CRUD,
      { component: 'iot-cards/SystemIotCards', icon: 'credit-card' },
    ],
    [
      'router-system-operationLogs',
      '操作日志',
      'operationLogs',
      R,
      { component: 'operation-logs/OperationLogs', icon: 'file-search' },
    ],
  ]),
];

const message = group(SubSystem.MESSAGE, undefined, 700, [
  [
    'router-messageCenter',
    '消息中心',
    'messageCenter',
    // Delete: one's own messages (删除, 删除已读); messages are kept without a retention job.
    RUD,
    { component: 'messages/MessageCenter', icon: 'bell' },
  ],
  [
    'router-messageSetting',
    '消息设置',
    'messageSetting',
    RU,
    { component: 'messages/MessageSetting', icon: 'setting', hidden: true },
  ],
]);

const audit = group(SubSystem.AUDIT, undefined, 800, [
  ['router-auditList', '我的审批', 'auditList', RU, { component: 'audits/AuditList', icon: 'audit' }],
  [
    'router-auditDetail',
    '审批详情',
    'auditDetail',
    R,
    { component: 'audits/AuditDetail', icon: 'audit', hidden: true },
  ],
  [
    'router-rejectDetail',
    '驳回详情',
    'rejectDetail',
    R,
    { component: 'audits/RejectDetail', icon: 'audit', hidden: true },
  ],
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
  ['router-m-home', '移动首页', 'home', R, { component: 'mobile/Home', icon: 'home' }],
  ['router-m-warningList', '移动预警', 'warnings', RU, { component: 'mobile/Warnings', icon: 'alert' }],
  ['router-m-tasks', '移动工单', 'tasks', RU, { component: 'mobile/Tasks', icon: 'profile' }],
]);

const applet = group(SubSystem.APPLET, undefined, 1100, [
  ['router-applet-home', '小程序首页', 'home', R, { component: 'applet/Home', icon: 'home' }],
  ['router-applet-tasks', '小程序工单', 'tasks', RU, { component: 'applet/Tasks', icon: 'profile' }],
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
  ...projectMenus,
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
