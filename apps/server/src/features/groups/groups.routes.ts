import { id, Permission } from '@iot/contracts';
import {
  createGroupBody,
  GROUP_IMPORT_RULES,
  type GroupImportRule,
  groupImportReport,
  groupNode,
  groupOrderBody,
  groupTreeIndicator,
  groupTreeNode,
  groupTreeQuery,
  monitorIndicatorsBody,
  projectNav,
  updateGroupBody,
} from '@iot/contracts/groups';
import { MONITORING_READ_MENUS } from '@iot/contracts/menus';
import { z } from 'zod';
import { ANY_MEMBER } from '../../platform/auth/access.service.js';
import type { Router } from '../../platform/http/route.js';
import type { GroupImportService } from './group-import.service.js';
import type { GroupTreeService } from './group-tree.service.js';
import type { GroupsService } from './groups.service.js';
import type { MonitoringPointsService } from './monitoring-points.service.js';

const MENU = 'router-project-group';
/**
 * The monitoring tree is how every monitoring screen picks and names indicators: any monitoring
 * read grants reading it; changing groups stays with MENU (decision 0031).
 */
const MONITORING_TREE_MENUS = [MENU, ...MONITORING_READ_MENUS];
const tags = ['分组'];
const params = z.object({ groupId: id });
const fromPath = ({ params }: { params: { groupId: number } }) => params.groupId;
const importRules = Object.keys(GROUP_IMPORT_RULES) as [GroupImportRule, ...GroupImportRule[]];

export function registerGroupRoutes(
  router: Router,
  groups: GroupsService,
  groupTree: GroupTreeService,
  monitoringPoints: MonitoringPointsService,
  importer: GroupImportService,
): void {
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/groupTree',
    summary:
      '分组树（含各分组所绑网关的指标；监测点 isMonitor=true，另含其关联的网关指标）：parentId 为起点（默认 groupId，须在其子树内）；includeSelf=true 时返回起点本身，否则返回其子节点；gatewayIds、gatewayIndicatorIds（逗号分隔）只筛选挂载的网关指标，不裁剪树；indicatorCategoryIds 暂无作用（指标尚无分类）；generateDefault=true 且项目下没有任何区域时，返回一个以 groupDisplayName 命名的默认节点（id 为项目 id，挂载直接绑定到项目的网关）；监测点的 equipmentId、equipmentName 为位于该监测点的设备，其它节点为 null',
    tags,
    params,
    query: groupTreeQuery,
    access: { menu: MONITORING_TREE_MENUS, bit: Permission.READ, scope: 'project', scopeId: fromPath },
    response: z.array(groupTreeNode),
    handler: ({ scope, params, query }) => groupTree.tree(scope!.id, params.groupId, query),
  });
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/tree',
    summary: '分组树（以 groupId 为根；项目 id 得到整棵树）',
    tags,
    params,
    access: { menu: MENU, bit: Permission.READ, scope: 'project', scopeId: fromPath },
    response: groupNode,
    handler: ({ scope, params }) => groups.tree(scope!.id, params.groupId),
  });
  router.route({
    method: 'POST',
    url: '/iot/groups/:groupId/children',
    summary: '在分组下新建区域或站点；isMonitor=true 时为监测点（叶子节点，可关联网关指标）',
    tags,
    params,
    body: createGroupBody,
    access: { menu: MENU, bit: Permission.CREATE, scope: 'project', scopeId: fromPath },
    response: groupNode,
    handler: ({ scope, params, body }) => groups.create(scope!.id, params.groupId, body),
  });
  router.route({
    method: 'PUT',
    url: '/iot/groups/:groupId',
    summary:
      '修改区域或站点；isMonitor 设为或取消监测点（取消时清除其关联的网关指标；有子分组的不能设为监测点）',
    tags,
    params,
    body: updateGroupBody,
    access: { menu: MENU, bit: Permission.UPDATE, scope: 'project', scopeId: fromPath },
    response: groupNode,
    handler: ({ scope, params, body }) => groups.update(scope!.id, params.groupId, body),
  });
  router.route({
    method: 'PUT',
    url: '/iot/groups/:groupId/order',
    summary:
      '拖动排序：ids 为该分组的直接子分组的新顺序（依次 sort=0,1,2…，未列出的按原顺序排在后面）；返回该分组的子树',
    tags,
    params,
    body: groupOrderBody,
    access: { menu: MENU, bit: Permission.UPDATE, scope: 'project', scopeId: fromPath },
    response: groupNode,
    handler: ({ scope, params, body }) => groups.order(scope!.id, params.groupId, body.ids),
  });
  router.route({
    method: 'POST',
    url: '/iot/groups/:groupId/import',
    summary:
      '从 xlsx 导入区域与站点：请求体为文件本身；列为 名称、上级（从项目根起的路径，如 进水区/一期，空为项目根）、类型（区域|站点）、站点类型（M-A型|集装箱型）、监测点（是|否）；逐行按表中顺序处理；rule=skip（同级同名的跳过）| overwrite（同级同名的更新站点类型与监测点）；表头去掉 * 与“必填”',
    tags,
    params,
    query: z.object({ fileName: z.string().min(1).max(255), rule: z.enum(importRules).default('skip') }),
    body: z.custom<Buffer>((value) => Buffer.isBuffer(value), '请上传文件'),
    access: { menu: MENU, bit: Permission.CREATE, scope: 'project', scopeId: fromPath },
    response: groupImportReport,
    handler: ({ scope, query, body }) => importer.import(scope!.id, query.fileName, body, query.rule),
  });
  router.route({
    method: 'DELETE',
    url: '/iot/groups/:groupId',
    summary: '删除区域或站点（无子分组时）',
    tags,
    params,
    access: { menu: MENU, bit: Permission.DELETE, scope: 'project', scopeId: fromPath },
    handler: ({ scope, params }) => groups.delete(scope!.id, params.groupId),
  });
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/gatewayIndicators',
    summary: '监测点关联的网关指标',
    tags,
    params,
    access: { menu: MONITORING_TREE_MENUS, bit: Permission.READ, scope: 'project', scopeId: fromPath },
    response: z.array(groupTreeIndicator),
    handler: ({ scope, params }) => monitoringPoints.indicators(scope!.id, params.groupId),
  });
  router.route({
    method: 'PUT',
    url: '/iot/groups/:groupId/gatewayIndicators',
    summary:
      '设置监测点关联的网关指标（整体替换，空数组为全部解除）；只能是绑定在本项目的网关的指标；不占用指标配额',
    tags,
    params,
    body: monitorIndicatorsBody,
    access: { menu: MENU, bit: Permission.UPDATE, scope: 'project', scopeId: fromPath },
    response: z.array(groupTreeIndicator),
    handler: ({ scope, params, body }) =>
      monitoringPoints.setIndicators(scope!.id, params.groupId, body.gatewayIndicatorIds),
  });
  router.route({
    method: 'GET',
    url: '/iot/projects/nav/:id',
    summary: '项目导航：从项目到该分组的路径，每级附同级分组（面包屑下拉切换用）',
    tags,
    params: z.object({ id }),
    access: { menu: ANY_MEMBER, bit: Permission.READ, scope: 'project', scopeId: ({ params }) => params.id },
    response: projectNav,
    handler: ({ scope, params }) => groups.nav(scope!.id, params.id),
  });
}
