import { id, Permission } from '@iot/contracts';
import { createGroupBody, groupNode, projectNav, updateGroupBody } from '@iot/contracts/groups';
import { z } from 'zod';
import { ANY_MEMBER } from '../../platform/auth/access.service.js';
import type { Router } from '../../platform/http/route.js';
import type { GroupsService } from './groups.service.js';

const MENU = 'router-project-group';
const tags = ['分组'];
const params = z.object({ groupId: id });
const fromPath = ({ params }: { params: { groupId: number } }) => params.groupId;

export function registerGroupRoutes(router: Router, groups: GroupsService): void {
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
