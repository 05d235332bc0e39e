import { availability, id, Permission, page } from '@iot/contracts';
import {
  gatewayTypeBody,
  gatewayTypeDetail,
  gatewayTypeListQuery,
  gatewayTypeNameCheckQuery,
  gatewayTypeOption,
  gatewayTypeSummary,
} from '@iot/contracts/gateway-types';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import type { TypeOwner } from './gateway-types.repository.js';
import type { GatewayTypesService } from './gateway-types.service.js';

const tags = ['网关类型'];

/** One scope's routes: firm (/iot/gatewayFirms/:firmId/gatewayTypes) or project (/iot/groups/:groupId/gatewayTypes). */
interface Scope<P extends string> {
  scope: 'firm' | 'project';
  param: P;
  base: string;
  menu: string;
  /** The gateway screen, whose create and import forms pick a type. */
  gatewayMenu: string;
  owner: (id: number) => TypeOwner;
  label: string;
}

const SCOPES = [
  {
    scope: 'firm',
    param: 'firmId',
    base: '/iot/gatewayFirms/:firmId/gatewayTypes',
    menu: 'router-firmGatewayType',
    gatewayMenu: 'router-firmGateway',
    owner: (firmId: number) => ({ firmId }),
    label: '厂商',
  },
  {
    scope: 'project',
    param: 'groupId',
    base: '/iot/groups/:groupId/gatewayTypes',
    menu: 'router-gatewayType',
    gatewayMenu: 'router-projectGateway',
    owner: (projectId: number) => ({ projectId }),
    label: '项目',
  },
] as const satisfies readonly Scope<string>[];

/** 网关类型 of firms and projects: the same calls in both scopes (decision 0042). */
export function registerGatewayTypeRoutes(router: Router, types: GatewayTypesService): void {
  for (const s of SCOPES) {
    const scopeParams = z.object({ [s.param]: id }) as z.ZodObject<Record<string, typeof id>>;
    const params = scopeParams.extend({ id });
    const scopeId = ({ params }: { params: Record<string, number> }) => params[s.param]!;
    const access = (bit: number, menu: string | readonly string[] = s.menu) => ({
      menu,
      bit,
      scope: s.scope,
      scopeId,
    });
    const owner = (scope: { id: number } | null) => s.owner(scope!.id);
    router.route({
      method: 'GET',
      url: s.base,
      summary: `${s.label}网关类型列表（分页；keyword 匹配名称与描述）`,
      tags,
      params: scopeParams,
      query: gatewayTypeListQuery,
      access: access(Permission.READ),
      response: page(gatewayTypeSummary),
      handler: ({ scope, query }) => types.list(owner(scope), query),
    });
    router.route({
      method: 'GET',
      url: `${s.base}/options`,
      summary: `可选的${s.label}网关类型（新建与导入网关时选择，不分页）`,
      tags,
      params: scopeParams,
      access: access(Permission.READ, [s.menu, s.gatewayMenu]),
      response: z.array(gatewayTypeOption),
      handler: ({ scope }) => types.options(owner(scope)),
    });
    router.route({
      method: 'GET',
      url: `${s.base}/checkName`,
      summary: `网关类型名称唯一性校验，${s.label}范围（data 为 true 表示可用）`,
      tags,
      params: scopeParams,
      query: gatewayTypeNameCheckQuery,
      access: access(Permission.READ),
      response: availability,
      handler: ({ scope, query }) => types.isNameAvailable(owner(scope), query.name, query.excludeId),
    });
    router.route({
      method: 'GET',
      url: `${s.base}/:id`,
      summary: '网关类型详情（含指标模板与 Modbus 模板）',
      tags,
      params,
      access: access(Permission.READ),
      response: gatewayTypeDetail,
      handler: ({ scope, params }) => types.get(owner(scope), params.id!),
    });
    router.route({
      method: 'POST',
      url: s.base,
      summary: '新建网关类型',
      tags,
      params: scopeParams,
      body: gatewayTypeBody,
      access: access(Permission.CREATE),
      response: gatewayTypeDetail,
      handler: ({ scope, body }) => types.create(owner(scope), body),
    });
    router.route({
      method: 'PUT',
      url: `${s.base}/:id`,
      summary: '修改网关类型（只影响此后新建或导入的网关）',
      tags,
      params,
      body: gatewayTypeBody,
      access: access(Permission.UPDATE),
      response: gatewayTypeDetail,
      handler: ({ scope, params, body }) => types.update(owner(scope), params.id!, body),
    });
    router.route({
      method: 'DELETE',
      url: `${s.base}/:id`,
      summary: '删除网关类型（有网关使用该类型时拒绝）',
      tags,
      params,
      access: access(Permission.DELETE),
      handler: ({ scope, params }) => types.delete(owner(scope), params.id!),
    });
  }
}
