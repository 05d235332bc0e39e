import { Permission, page } from '@iot/contracts';
import { operationLog, operationLogQuery } from '@iot/contracts/operation-logs';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import type { OperationLogsRepository } from './operation-logs.repository.js';

const tags = ['操作日志'];
const PROJECT_MENU = 'router-operationLog';
const SYSTEM_MENU = 'router-system-operationLogs';

/** 操作日志 of a project (its writes) and of the system (everything, sign-ins included). */
export function registerOperationLogRoutes(router: Router, logs: OperationLogsRepository): void {
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/operationLogs',
    summary: '项目操作日志：本项目内的写操作（谁、何时、做了什么、结果），新的在前，分页',
    tags,
    params: z.object({ groupId: z.coerce.number().int().positive() }),
    query: operationLogQuery.omit({ projectId: true }),
    access: { menu: PROJECT_MENU, bit: Permission.READ, scope: 'project', scopeId: (i) => i.params.groupId },
    response: page(operationLog),
    handler: ({ scope, query }) => logs.page({ ...query, projectId: scope!.id }),
  });
  router.route({
    method: 'GET',
    url: '/iot/operationLogs',
    summary: '系统操作日志：全部写操作、登录与退出，新的在前，分页（可按项目筛选）',
    tags,
    query: operationLogQuery,
    access: { menu: SYSTEM_MENU, bit: Permission.READ, scope: 'system' },
    response: page(operationLog),
    handler: ({ query }) => logs.page(query),
  });
}
