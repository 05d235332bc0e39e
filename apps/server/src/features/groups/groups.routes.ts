import { id, Permission } from '@iot/contracts';
import {
  createGroupBody,
  groupNode,
  groupTreeNode,
  groupTreeQuery,
  projectNav,
  updateGroupBody,
} from '@iot/contracts/groups';
import { z } from 'zod';
import { ANY_MEMBER } from '../../platform/auth/access.service.js';
import type { Router } from '../../platform/http/route.js';
import type { GroupTreeService } from './group-tree.service.js';
import type { GroupsService } from './groups.service.js';

const MENU = 'router-project-group';
const tags = ['分组'];
const params = z.object({ groupId: id });
const fromPath = ({ params }: { params: { groupId: number } }) => params.groupId;

export function registerGroupRoutes(
  router: Router,
  groups: GroupsService,
  groupTree: GroupTreeService,
): void {
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/groupTree',
    summary:
      '分组树（含各分组所绑网关的指标）：parentId 为起点（默认 groupId，须在其子树内）；includeSelf=true 时返回起点本身，否则返回其子节点；gatewayIds、gatewayIndicatorIds（逗号分隔）只筛选挂载的网关指标，不裁剪树；indicatorCategoryIds 暂无作用（指标尚无分类）；generateDefault=true 且项目下没有任何区域时，返回一个以 groupDisplayName 命名的默认节点（id 为项目 id，挂载直接绑定到项目的网关）；equipmentId、equipmentName 为 null，isMonitor 为 false',
    tags,
    params,
    query: groupTreeQuery,
    access: { menu: MENU, bit: Permission.READ, scope: 'project', scopeId: fromPath },
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
    summary: '在分组下新建区域或站点',
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
    summary: '修改区域或站点',
    tags,
    params,
    body: updateGroupBody,
    access: { menu: MENU, bit: Permission.UPDATE, scope: 'project', scopeId: fromPath },
    response: groupNode,
    handler: ({ scope, params, body }) => groups.update(scope!.id, params.groupId, body),
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
    url: '/iot/projects/nav/:id',
    summary: '项目导航：从项目到该分组的路径，每级附同级分组（面包屑下拉切换用）',
    tags,
    params: z.object({ id }),
    access: { menu: ANY_MEMBER, bit: Permission.READ, scope: 'project', scopeId: ({ params }) => params.id },
    response: projectNav,
    handler: ({ scope, params }) => groups.nav(scope!.id, params.id),
  });
}
