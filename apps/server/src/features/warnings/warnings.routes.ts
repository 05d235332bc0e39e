import { id, Permission, page } from '@iot/contracts';
import {
  analysisQuery,
  batchHandleBody,
  bulkRuleBody,
  handleBody,
  ruleBody,
  ruleListQuery,
  WATER_QUALITY_TEMPLATES,
  warning,
  warningAnalysis,
  warningDetail,
  warningListQuery,
  warningRule,
  waterQualityApplyBody,
} from '@iot/contracts/warnings';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import type { WarningsService } from './warnings.service.js';

const SETTINGS = 'router-warningSetting';
const LIST = 'router-warningList';
const ANALYSIS = 'router-warningAnalysis';
const tags = ['预警'];
const groupParams = z.object({ groupId: id });
const params = groupParams.extend({ id });
const scopeId = ({ params }: { params: { groupId: number } }) => params.groupId;

export function registerWarningRoutes(router: Router, warnings: WarningsService): void {
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/warningRules',
    summary: '预警规则列表（分页；可按网关筛选，keyword 匹配规则名、网关别名、指标名）',
    tags,
    params: groupParams,
    query: ruleListQuery,
    access: { menu: SETTINGS, bit: Permission.READ, scope: 'project', scopeId },
    response: page(warningRule),
    handler: ({ scope, query }) => warnings.listRules(scope!.id, query),
  });
  router.route({
    method: 'POST',
    url: '/iot/groups/:groupId/warningRules',
    summary:
      '新建预警规则：kind above/below/outside/inside/equals/rate 作用于网关指标，offline 作用于网关；delaySeconds 与 delayCount 为触发延时，hysteresis 为解除回差，schedule 为生效时段（北京时间）',
    tags,
    params: groupParams,
    body: ruleBody,
    access: { menu: SETTINGS, bit: Permission.CREATE, scope: 'project', scopeId },
    response: warningRule,
    handler: ({ scope, body }) => warnings.createRule(scope!.id, body),
  });
  router.route({
    method: 'POST',
    url: '/iot/groups/:groupId/warningRules/batch',
    summary: '批量应用预警规则：同一规则建到多个网关指标（离线规则为多个网关）上',
    tags,
    params: groupParams,
    body: bulkRuleBody,
    access: { menu: SETTINGS, bit: Permission.CREATE, scope: 'project', scopeId },
    response: z.object({ created: z.number().int() }),
    handler: ({ scope, body }) => warnings.createRules(scope!.id, body),
  });
  router.route({
    method: 'PUT',
    url: '/iot/groups/:groupId/warningRules/:id',
    summary: '修改预警规则（待触发的计数重新开始；已产生的预警按新规则解除）',
    tags,
    params,
    body: ruleBody,
    access: { menu: SETTINGS, bit: Permission.UPDATE, scope: 'project', scopeId },
    response: warningRule,
    handler: ({ scope, params, body }) => warnings.updateRule(scope!.id, params.id, body),
  });
  router.route({
    method: 'DELETE',
    url: '/iot/groups/:groupId/warningRules/:id',
    summary: '删除预警规则（已产生的预警保留）',
    tags,
    params,
    access: { menu: SETTINGS, bit: Permission.DELETE, scope: 'project', scopeId },
    handler: async ({ scope, params }) => {
      await warnings.deleteRule(scope!.id, params.id);
      return null;
    },
  });
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/warningTemplates/waterQuality',
    summary: '水质阈值模板（GB 18918-2002 一级 A 标准）',
    tags,
    params: groupParams,
    access: { menu: SETTINGS, bit: Permission.READ, scope: 'project', scopeId },
    response: z.array(
      z.object({
        key: z.string(),
        name: z.string(),
        unit: z.string(),
        kind: z.enum(['above', 'outside']),
        low: z.number().nullable(),
        high: z.number(),
      }),
    ),
    handler: async () => WATER_QUALITY_TEMPLATES,
  });
  router.route({
    method: 'POST',
    url: '/iot/groups/:groupId/warningTemplates/waterQuality/apply',
    summary:
      '应用水质模板：所选限值（keys）建到所选网关（gatewayIds，须属于本项目）中数据标识与之相同的指标上；已有同类规则的指标跳过',
    tags,
    params: groupParams,
    body: waterQualityApplyBody,
    access: { menu: SETTINGS, bit: Permission.CREATE, scope: 'project', scopeId },
    response: z.object({ created: z.number().int() }),
    handler: ({ scope, body }) => warnings.applyWaterQuality(scope!.id, body),
  });
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/warnings',
    summary:
      '预警列表（分页，按开始时间倒序；可按网关、级别、规则类型、处理状态、是否已解除、开始时间筛选，keyword 匹配网关别名、指标名与数据标识）',
    tags,
    params: groupParams,
    query: warningListQuery,
    access: { menu: LIST, bit: Permission.READ, scope: 'project', scopeId },
    response: page(warning),
    handler: ({ scope, query }) => warnings.listWarnings(scope!.id, query),
  });
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/warnings/analysis',
    summary:
      '预警分析：时间段内按级别、处理状态、规则类型、网关、指标、日（北京时间）统计的数量，及从开始到已处理的平均用时',
    tags,
    params: groupParams,
    query: analysisQuery,
    access: { menu: ANALYSIS, bit: Permission.READ, scope: 'project', scopeId },
    response: warningAnalysis,
    handler: ({ scope, query }) => warnings.analysis(scope!.id, query),
  });
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/warnings/:id',
    summary: '预警详情，含处理记录',
    tags,
    params,
    access: { menu: LIST, bit: Permission.READ, scope: 'project', scopeId },
    response: warningDetail,
    handler: ({ scope, params }) => warnings.warning(scope!.id, params.id),
  });
  router.route({
    method: 'POST',
    url: '/iot/groups/:groupId/warnings/:id/handle',
    summary: '处理预警：status handling（处理中）或 handled（已处理），note 为处理说明',
    tags,
    params,
    body: handleBody,
    access: { menu: LIST, bit: Permission.UPDATE, scope: 'project', scopeId },
    response: z.object({ handled: z.number().int() }),
    handler: ({ scope, params, body, auth }) =>
      warnings.handle(scope!.id, [params.id], auth!.userId, body.status, body.note),
  });
  router.route({
    method: 'POST',
    url: '/iot/groups/:groupId/warnings/handle',
    summary: '批量处理预警',
    tags,
    params: groupParams,
    body: batchHandleBody,
    access: { menu: LIST, bit: Permission.UPDATE, scope: 'project', scopeId },
    response: z.object({ handled: z.number().int() }),
    handler: ({ scope, body, auth }) =>
      warnings.handle(scope!.id, body.ids, auth!.userId, body.status, body.note),
  });
}
