import { id, Permission, page } from '@iot/contracts';
import {
  maintenanceRecord,
  maintenanceStatistics,
  recordDetail,
  recordListQuery,
  recordOptions,
  statisticsQuery,
} from '@iot/contracts/maintenance';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import type { RecordsService } from './records.service.js';

export const RECORDS_MENU = 'router-maintenanceRecord';
export const STATISTICS_MENU = 'router-maintenanceStatistics';

const groupParams = z.object({ groupId: id });
const scopeId = ({ params }: { params: { groupId: number } }) => params.groupId;
const readOf = (menu: string) => ({ menu, bit: Permission.READ, scope: 'project' as const, scopeId });

/** 维保记录 and 维保统计 (docs/decisions/0055-maintenance-records-and-statistics.md). */
export function registerRecordRoutes(router: Router, records: RecordsService): void {
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/maintenanceRecords',
    summary: '维保记录（已关闭与已处理未解决的工单；按站点、设备、类型、执行人、完成时间筛选，分页）',
    tags: ['维保记录'],
    params: groupParams,
    query: recordListQuery,
    access: readOf(RECORDS_MENU),
    response: page(maintenanceRecord),
    handler: ({ scope, query }) => records.list(scope!.id, query),
  });
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/maintenanceRecords/options',
    summary: '维保记录与统计的筛选项：项目的区域与站点，做过工单的人员',
    tags: ['维保记录'],
    params: groupParams,
    access: { ...readOf(RECORDS_MENU), menu: [RECORDS_MENU, STATISTICS_MENU] },
    response: recordOptions,
    handler: ({ scope }) => records.options(scope!.id),
  });
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/maintenanceRecords/:id',
    summary: '维保记录详情（执行结果与流转记录）',
    tags: ['维保记录'],
    params: groupParams.extend({ id }),
    access: readOf(RECORDS_MENU),
    response: recordDetail,
    handler: ({ scope, params }) => records.detail(scope!.id, params.id),
  });
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/maintenanceStatistics',
    summary: '维保统计（按状态、类型、站点、人员与月份；完成率、按时完成率、平均响应与完成时长）',
    tags: ['维保统计'],
    params: groupParams,
    query: statisticsQuery,
    access: readOf(STATISTICS_MENU),
    response: maintenanceStatistics,
    handler: ({ scope, query }) => records.statistics(scope!.id, query),
  });
}
