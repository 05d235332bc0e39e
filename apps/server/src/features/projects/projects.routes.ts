import { availability, id, Permission, page } from '@iot/contracts';
import {
  corporationProject,
  corporationProjectQuery,
  createProjectBody,
  getByGroupIdQuery,
  projectListQuery,
  projectSettings,
  projectSummary,
  projectTermsBody,
  updateProjectBody,
} from '@iot/contracts/projects';
import { z } from 'zod';
import { ANY_MEMBER } from '../../platform/auth/access.service.js';
import type { Router } from '../../platform/http/route.js';
import type { ProjectsService } from './projects.service.js';

const MENU = 'router-system-projects';
const tags = ['项目'];
const groupParams = z.object({ groupId: id });

export function registerProjectRoutes(router: Router, projects: ProjectsService): void {
  router.route({
    method: 'GET',
    url: '/iot/projects',
    summary: '项目列表（系统管理）',
    tags,
    access: { menu: MENU, bit: Permission.READ, scope: 'system' },
    query: projectListQuery,
    response: page(projectSummary),
    handler: ({ query }) => projects.list(query, query.keyword),
  });
  router.route({
    method: 'GET',
    url: '/iot/projects/byCurUser',
    summary: '当前用户的项目（分页，标题下拉每页 10 个）',
    tags,
    access: 'authenticated',
    query: projectListQuery,
    response: page(projectSummary),
    handler: ({ auth, query }) => projects.listForUser(auth, query, query.keyword),
  });
  router.route({
    method: 'GET',
    url: '/iot/projects/checkName',
    summary: '项目名称唯一性校验（data 为 true 表示可用）',
    tags,
    access: { menu: MENU, bit: Permission.READ, scope: 'system' },
    query: z.object({ name: z.string().trim().min(1), excludeId: z.coerce.number().int().optional() }),
    response: availability,
    handler: ({ query }) => projects.isNameAvailable(query.name, query.excludeId),
  });
  router.route({
    method: 'POST',
    url: '/iot/projects',
    summary: '新建项目（同时创建项目管理员角色）',
    tags,
    access: { menu: MENU, bit: Permission.CREATE, scope: 'system' },
    body: createProjectBody,
    response: projectSettings,
    handler: ({ body, auth }) => projects.create(body, auth),
  });
  router.route({
    method: 'GET',
    url: '/iot/projects/getProjectByGroupId',
    summary: '进入项目时加载的项目设置（groupId 可为项目下任一分组）',
    tags,
    query: getByGroupIdQuery,
    access: {
      menu: ANY_MEMBER,
      bit: Permission.READ,
      scope: 'project',
      scopeId: ({ query }) => query.groupId,
    },
    response: projectSettings,
    handler: ({ scope, auth }) => projects.settings(scope!.id, auth),
  });
  router.route({
    method: 'PUT',
    url: '/iot/projects/:groupId',
    summary: '修改项目配置（项目管理员）',
    tags,
    params: groupParams,
    body: updateProjectBody,
    access: {
      menu: 'router-projectSetting',
      bit: Permission.UPDATE,
      scope: 'project',
      scopeId: ({ params }) => params.groupId,
    },
    response: projectSettings,
    handler: ({ scope, body, auth }) => projects.update(scope!.id, body, auth),
  });
  router.route({
    method: 'GET',
    url: '/iot/projects/:groupId/terms',
    summary: '项目的设置与商务条款（系统管理的条款表单）',
    tags,
    params: groupParams,
    access: { menu: MENU, bit: Permission.READ, scope: 'system' },
    response: projectSettings,
    handler: ({ params }) => projects.get(params.groupId),
  });
  router.route({
    method: 'PUT',
    url: '/iot/projects/:groupId/terms',
    summary: '修改项目商务条款与标记（套餐、配额、付费状态、isTemplate、isDemo；系统管理）',
    tags,
    params: groupParams,
    body: projectTermsBody,
    access: { menu: MENU, bit: Permission.UPDATE, scope: 'system' },
    response: projectSettings,
    handler: ({ params, body, auth }) => projects.setTerms(params.groupId, body, auth),
  });
  router.route({
    method: 'DELETE',
    url: '/iot/projects/:groupId',
    summary: '删除项目及其全部分组（系统管理）',
    tags,
    params: groupParams,
    access: { menu: MENU, bit: Permission.DELETE, scope: 'system' },
    handler: ({ params }) => projects.delete(params.groupId),
  });
  router.route({
    method: 'GET',
    url: '/iot/corporations/:corporationId/projects',
    summary: '公司下的项目（分页），附在线/离线网关数与今日预警数（since 起，默认服务器当日零点）',
    tags,
    params: z.object({ corporationId: id }),
    query: corporationProjectQuery,
    access: {
      menu: 'router-corporation-project',
      bit: Permission.READ,
      scope: 'corporation',
      scopeId: ({ params }) => params.corporationId,
    },
    response: page(corporationProject),
    handler: ({ scope, query }) => {
      const midnight = new Date();
      midnight.setHours(0, 0, 0, 0);
      return projects.listOfCorporation(scope!.id, query, query.keyword, query.since ?? midnight.getTime());
    },
  });
}
