import { id, Permission, page } from '@iot/contracts';
import {
  dataRepair,
  dataRepairDetail,
  groupQuery,
  rangePoints,
  repairableIndicator,
  repairListQuery,
  repairPointsQuery,
  repairPreview,
  repairProposal,
  repairSubmission,
} from '@iot/contracts/data-repair';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import { DATA_REPAIR_MENU, type DataRepairService } from './data-repair.service.js';

const tags = ['数据修复'];
const base = '/iot/dataRepair';
const params = z.object({ id });
/** Project scope: groupId (any group of the project) in the query; bits on router-dataRepair. */
const rule = (bit: number) => ({
  menu: DATA_REPAIR_MENU,
  bit,
  scope: 'project' as const,
  scopeId: ({ query }: { query: { groupId: number } }) => query.groupId,
});
const projectOf = (scope: { id: number } | null) => scope!.id;

export function registerDataRepairRoutes(router: Router, service: DataRepairService): void {
  router.route({
    method: 'GET',
    url: base,
    summary: '数据修复记录（分页，可按审批状态与网关指标筛选）',
    tags,
    access: rule(Permission.READ),
    query: repairListQuery,
    response: page(dataRepair),
    handler: ({ scope, query }) => service.list(projectOf(scope), query),
  });
  router.route({
    method: 'GET',
    url: `${base}/gatewayIndicators`,
    summary: '可修复的网关指标（项目内全部网关的指标）',
    tags,
    access: rule(Permission.READ),
    query: groupQuery,
    response: z.array(repairableIndicator),
    handler: ({ scope }) => service.indicators(projectOf(scope)),
  });
  router.route({
    method: 'GET',
    url: `${base}/points`,
    summary: '时间段内的原始数据点（最多 10000 个）及时间段前后最近的点',
    tags,
    access: rule(Permission.READ),
    query: repairPointsQuery,
    response: rangePoints,
    handler: ({ scope, query }) => service.points(projectOf(scope), query),
  });
  router.route({
    method: 'POST',
    url: `${base}/preview`,
    operation: false,
    summary: '预览修复：按当前数据计算每个时间点的修改前与修改后的值（不提交）',
    tags,
    access: rule(Permission.READ),
    query: groupQuery,
    body: repairProposal,
    response: repairPreview,
    handler: ({ scope, body }) => service.preview(projectOf(scope), body),
  });
  router.route({
    method: 'POST',
    url: base,
    summary: '提交数据修复（待审批）：逐点修正或按规则修正一个网关指标的一个时间段',
    tags,
    access: rule(Permission.UPDATE),
    query: groupQuery,
    body: repairSubmission,
    response: dataRepair,
    handler: ({ auth, scope, body }) => service.submit(auth, projectOf(scope), body),
  });
  router.route({
    method: 'GET',
    url: `${base}/:id`,
    summary: '数据修复详情：已通过的为保留的原值与写入值，其余为按当前数据的预览',
    tags,
    access: rule(Permission.READ),
    params,
    query: groupQuery,
    response: dataRepairDetail,
    handler: ({ scope, params }) => service.detail(projectOf(scope), params.id),
  });
  router.route({
    method: 'PUT',
    url: `${base}/:id/withdraw`,
    summary: '撤回自己提交的待审批数据修复',
    tags,
    access: rule(Permission.UPDATE),
    params,
    query: groupQuery,
    response: dataRepair,
    handler: ({ auth, scope, params }) => service.withdraw(auth, projectOf(scope), params.id),
  });
}
