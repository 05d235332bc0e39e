import { id, Permission, page } from '@iot/contracts';
import {
  assignBody,
  type ExecutionBody,
  executionBody,
  fromWarningBody,
  TASK_ACTIONS,
  type TaskAction,
  TaskActionNames,
  transitionBody,
  workOrder,
  workOrderBody,
  workOrderDetail,
  workOrderListQuery,
} from '@iot/contracts/maintenance';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import { type ActInput, MENU, type WorkOrdersService } from './work-orders.service.js';

const tags = ['工单管理'];
const base = '/iot/groups/:groupId/workOrders';
const groupParams = z.object({ groupId: id });
const params = groupParams.extend({ id });
const scopeId = ({ params }: { params: { groupId: number } }) => params.groupId;
const read = { menu: MENU, bit: Permission.READ, scope: 'project' as const, scopeId };

/** What each action's body carries. */
const bodyOf = (action: TaskAction) =>
  action === 'allocate' || action === 'reassign'
    ? assignBody
    : action === 'submitResolved' || action === 'submitUnresolved'
      ? executionBody
      : transitionBody;

/** 工单管理 (docs/decisions/0050-work-order-transitions.md). */
export function registerWorkOrderRoutes(router: Router, orders: WorkOrdersService): void {
  router.route({
    method: 'GET',
    url: base,
    summary: '工单列表（分页；按状态、类型、执行人、站点、来源、关键字、创建时间筛选）',
    tags,
    params: groupParams,
    query: workOrderListQuery,
    access: read,
    response: page(workOrder),
    handler: ({ auth, scope, query }) => orders.list(auth, scope!.id, query),
  });
  router.route({
    method: 'GET',
    url: `${base}/:id`,
    summary: '工单详情（含预警、执行结果、流转记录与当前可做的操作）',
    tags,
    params,
    access: read,
    response: workOrderDetail,
    handler: ({ auth, scope, params }) => orders.detail(auth, scope!.id, params.id),
  });
  router.route({
    method: 'POST',
    url: base,
    summary: '新建工单',
    tags,
    params: groupParams,
    body: workOrderBody,
    access: { ...read, bit: Permission.CREATE },
    response: workOrderDetail,
    handler: ({ auth, scope, body }) => orders.create(auth, scope!.id, body),
  });
  router.route({
    method: 'POST',
    url: `${base}/fromWarning/:warningId`,
    summary: '预警一键转工单',
    tags,
    params: groupParams.extend({ warningId: id }),
    body: fromWarningBody,
    access: { ...read, bit: Permission.CREATE },
    response: workOrderDetail,
    handler: ({ auth, scope, params, body }) => orders.fromWarning(auth, scope!.id, params.warningId, body),
  });
  // One route per action of the table; the table decides from which status and who.
  for (const action of TASK_ACTIONS) {
    if (action === 'overdue') continue;
    router.route({
      method: 'PUT',
      url: `${base}/:id/${action}`,
      summary: `工单${TaskActionNames[action]}`,
      tags,
      params,
      body: bodyOf(action),
      access: read,
      response: workOrderDetail,
      handler: ({ auth, scope, params, body }) =>
        orders.act(auth, scope!.id, params.id, action, body as ActInput & Partial<ExecutionBody>),
    });
  }
}
