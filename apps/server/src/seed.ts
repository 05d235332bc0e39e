import { randomInt } from 'node:crypto';
import type { CorporationsService } from './features/corporations/index.js';
import type { GatewayFirmsService } from './features/gateway-firms/index.js';
import type { GroupsService } from './features/groups/index.js';
import type { MembershipsService } from './features/memberships/index.js';
import type { ProjectsService } from './features/projects/index.js';
import type { RolesService } from './features/roles/index.js';
import type { UsersService } from './features/users/index.js';
import type { Platform } from './platform/platform.js';
import { seedDemoCameras } from './seed-cameras.js';
import { seedDemoCatalogues } from './seed-catalogues.js';
import { seedDemoDuty } from './seed-duty.js';
import { seedDemoWorkOrders } from './seed-maintenance.js';
import { seedDemoLocations } from './seed-maps.js';
import { seedDemoPlans } from './seed-plans.js';
import { seedDemoPurchases } from './seed-purchases.js';
import { seedDemoFinishedWork } from './seed-records.js';

export interface SeedServices {
  users: UsersService;
  roles: RolesService;
  memberships: MembershipsService;
  firms: GatewayFirmsService;
  corporations: CorporationsService;
  projects: ProjectsService;
  groups: GroupsService;
}

export interface SeedResult {
  /** Set only on the first start without ADMIN_PASSWORD; main prints it once. */
  generatedAdminPassword: string | undefined;
  demoProjectId: number | undefined;
}

/** Demo accounts; their passwords are in the README. */
export const DEMO_ACCOUNTS = {
  projectAdmin: { username: 'demo-admin', password: 'Demo@2026', realname: '示范项目管理员' },
  operator: { username: 'demo-operator', password: 'Operator@2026', realname: '示范运维人员' },
  corporationAdmin: { username: 'demo-corp', password: 'Corp@2026', realname: '示范公司管理员' },
  firmAdmin: { username: 'demo-firm', password: 'Firm@2026', realname: '示范厂商管理员' },
} as const;

export const DEMO_PROJECT_NAME = '示范污水处理项目';

/** First start: the system administrator; with DEMO=1, a demo corporation, project and people. */
export async function seed(platform: Platform, services: SeedServices): Promise<SeedResult> {
  const result: SeedResult = { generatedAdminPassword: undefined, demoProjectId: undefined };
  if (await services.users.repository.findByUsername('admin')) return result;

  const password = platform.config.adminPassword ?? generatePassword();
  if (!platform.config.adminPassword) result.generatedAdminPassword = password;
  const admin = await services.users.create({ username: 'admin', realname: '系统管理员', password });
  await services.memberships.addUser('system', 0, admin.id, await services.roles.adminRole('system', 0));
  platform.log.info('system administrator admin created');

  if (platform.config.demo) result.demoProjectId = await seedDemo(services);
  if (result.demoProjectId) await seedDemoCatalogues(platform.db, result.demoProjectId);
  if (result.demoProjectId) await seedDemoCameras(platform.db, result.demoProjectId);
  if (result.demoProjectId) {
    const people = {
      manager: DEMO_ACCOUNTS.projectAdmin.username,
      operator: DEMO_ACCOUNTS.operator.username,
    };
    await seedDemoWorkOrders(platform.db, result.demoProjectId, people);
    await seedDemoDuty(platform.db, result.demoProjectId, people);
    await seedDemoPlans(platform.db, result.demoProjectId, people);
    // 维保记录 and 维保统计: six months of finished work (decision 0055).
    await seedDemoFinishedWork(platform.db, result.demoProjectId, people);
    await seedDemoPurchases(platform.db, result.demoProjectId, people.manager);
    await seedDemoLocations(platform.db, result.demoProjectId);
  }
  return result;
}

async function seedDemo(s: SeedServices): Promise<number> {
  const corporation = await s.corporations.create({
    name: '示范环保集团',
    owner: '王经理',
    ownerMobile: '13800000000',
    logoUrl: '',
    axisRule: '',
  });
  const project = await s.projects.create(
    {
      name: DEMO_PROJECT_NAME,
      corporationId: corporation.id,
      projectTypeId: null,
      groupDisplayName: '分组',
      logoUrl: '',
      payStatus: 'A',
      setMealEndAt: Date.now() + 365 * 24 * 3600 * 1000,
      accessGatewayIndicatorMaxNum: 256,
      sendMessagesTotalNum: 1000,
      sendVoicesTotalNum: 200,
      chatMessagesLimit: 100,
    },
    null,
  );
  const projectId = project.projectGroupId;
  const areas: [string, [string, 'M-A' | 'container'][]][] = [
    [
      '进水区',
      [
        ['格栅间', 'M-A'],
        ['进水泵房', 'M-A'],
      ],
    ],
    [
      '生化处理区',
      [
        ['AAO生化池', 'M-A'],
        ['二沉池', 'M-A'],
      ],
    ],
    [
      '出水区',
      [
        ['消毒池', 'container'],
        ['在线监测站', 'container'],
      ],
    ],
  ];
  for (const [index, [areaName, sites]] of areas.entries()) {
    const area = await s.groups.create(projectId, projectId, {
      name: areaName,
      groupType: 'area',
      siteType: null,
      sort: index,
    });
    for (const [siteIndex, [siteName, siteType]] of sites.entries()) {
      await s.groups.create(projectId, area.id, {
        name: siteName,
        groupType: 'site',
        siteType,
        sort: siteIndex,
      });
    }
  }

  const projectAdmin = await s.users.create(DEMO_ACCOUNTS.projectAdmin);
  await s.memberships.addUser(
    'project',
    projectId,
    projectAdmin.id,
    await s.roles.adminRole('project', projectId),
  );

  const operatorRole = await s.roles.create('project', projectId, {
    name: '运维人员',
    description: '查看监测数据、处理预警与工单',
    functions: [
      { code: 'router-project', permission: 1 },
      { code: 'router-realTimeData', permission: 1 },
      { code: 'router-historicalData', permission: 1 },
      { code: 'router-trend', permission: 1 },
      { code: 'router-ranking', permission: 1 },
      // 工艺设备监控: the live equipment board (decision 0051).
      { code: 'router-equipmentMonitor', permission: 1 },
      { code: 'router-projectGateway', permission: 1 },
      { code: 'router-project-group', permission: 1 },
      { code: 'router-warningList', permission: 3 },
      { code: 'router-warningAnalysis', permission: 1 },
      // 设备故障记录: read, report (create) and close (update) (decision 0056).
      { code: 'router-equipmentMalfunctionRecord', permission: 11 },
      { code: 'router-maintenanceTaskList', permission: 3 },
      { code: 'router-maintenancePlan', permission: 1 },
      { code: 'router-maintenanceRecord', permission: 1 },
      { code: 'router-maintenanceStatistics', permission: 1 },
      { code: 'router-dutySchedule', permission: 1 },
      { code: 'router-equipment', permission: 1 },
      { code: 'router-toolSet', permission: 1 },
      { code: 'router-ai-assistant', permission: 1 },
      // 视频监控: watch the demo cameras, and see them in 预警详情 (decision 0064, "Demo cameras").
      { code: 'router-videoSurveillance', permission: 1 },
      // The site scope (decision 0041): the home and live data of one site.
      { code: 'router-site-home', permission: 1 },
      { code: 'router-site-realTimeData', permission: 1 },
    ],
  });
  const operator = await s.users.create(DEMO_ACCOUNTS.operator);
  await s.memberships.addUser('project', projectId, operator.id, operatorRole.id);

  const corporationAdmin = await s.users.create(DEMO_ACCOUNTS.corporationAdmin);
  await s.memberships.addUser(
    'corporation',
    corporation.id,
    corporationAdmin.id,
    await s.roles.adminRole('corporation', corporation.id),
  );

  const firm = await s.firms.create({ name: '示范网关厂商', identificationCode: 'DEMO' });
  const firmAdmin = await s.users.create(DEMO_ACCOUNTS.firmAdmin);
  await s.memberships.addUser('firm', firm.id, firmAdmin.id, await s.roles.adminRole('firm', firm.id));
  return projectId;
}

/** A random password that meets the strength rule (one of each class, 16 characters). */
function generatePassword(): string {
  const classes = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!#$%&*@^'];
  const chars = classes.map((set) => set[randomInt(set.length)]!);
  const all = classes.join('');
  while (chars.length < 16) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
