import { id, Permission, page } from '@iot/contracts';
import {
  assignBody,
  assigneeOption,
  type ExecutionBody,
  executionBody,
  fromWarningBody,
  siteOption,
  TASK_ACTIONS,
  type TaskAction,
  TaskActionNames,
  transitionBody,
  type UploadedFile,
  uploadedFile,
  uploadQuery,
  WORK_ORDER_FILE_MAX_BYTES,
  WorkOrderFileMessages,
  warningOrder,
  warningOrdersQuery,
  workOrder,
  workOrderBody,
  workOrderDetail,
  workOrderEquipmentOption,
  workOrderListQuery,
} from '@iot/contracts/maintenance';
import { z } from 'zod';
import { badRequest } from '../../platform/errors.js';
import { attachmentType, type FileStore } from '../../platform/files.js';
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

/** Where work-order photos and documents are kept (platform/files.ts). */
const FOLDER = 'work-orders';
const rawFile = z.custom<Buffer>((value) => Buffer.isBuffer(value), WorkOrderFileMessages.EMPTY);

/** Checks and stores one uploaded file; answers the address for `attachments` (decision 0054). */
async function store(files: FileStore, data: Buffer, name: string): Promise<UploadedFile> {
  if (data.length === 0) throw badRequest(WorkOrderFileMessages.EMPTY);
  if (data.length >= WORK_ORDER_FILE_MAX_BYTES) throw badRequest(WorkOrderFileMessages.SIZE);
  const type = attachmentType(data, name);
  if (!type) throw badRequest(WorkOrderFileMessages.FORMAT);
  const url = await files.putAttachment(FOLDER, data, name);
  return {
    url,
    name: name || url.slice(url.lastIndexOf('/') + 1),
    size: data.length,
    contentType: type.contentType,
  };
}

const uploadSummary =
  '：请求体为文件本身（图片 jpg/png/gif/webp 或文档 txt/doc/docx/xls/xlsx/ppt/pptx/pdf/zip/rar，小于 200MB），name 为原文件名；返回可放入 attachments 的地址';

/** 工单管理 (docs/decisions/0050-work-order-transitions.md). */
export function registerWorkOrderRoutes(router: Router, orders: WorkOrdersService, files: FileStore): void {
  router.route({
    method: 'GET',
    url: base,
    summary: '工单列表（分页；按状态、类型、执行人、站点、设备、来源、关键字、创建时间筛选）',
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
  router.route({
    method: 'GET',
    url: `${base}/assigneeOptions`,
    summary: '可选执行人：本项目全部成员（不分页）',
    tags,
    params: groupParams,
    access: read,
    response: z.array(assigneeOption),
    handler: ({ scope }) => orders.assigneeOptions(scope!.id),
  });
  router.route({
    method: 'GET',
    url: `${base}/siteOptions`,
    summary: '可选站点：本项目的区域与站点（不含监测点，parentId 为 null 即项目下第一层）',
    tags,
    params: groupParams,
    access: read,
    response: z.array(siteOption),
    handler: ({ scope }) => orders.siteOptions(scope!.id),
  });
  router.route({
    method: 'GET',
    url: `${base}/equipmentOptions`,
    summary: '可选设备：本项目设备台账（按编号，不分页；工单列表的设备筛选）',
    tags,
    params: groupParams,
    access: read,
    response: z.array(workOrderEquipmentOption),
    handler: ({ scope }) => orders.equipmentOptions(scope!.id),
  });
  router.route({
    method: 'GET',
    url: `${base}/ofWarnings`,
    summary: '哪些预警已生成工单（warningIds 以逗号分隔，至多 100 个）',
    tags,
    params: groupParams,
    query: warningOrdersQuery,
    access: read,
    response: z.array(warningOrder),
    handler: ({ scope, query }) => orders.ofWarnings(scope!.id, query.warningIds),
  });
  router.route({
    method: 'POST',
    url: `${base}/files`,
    summary: `上传新建工单的附件${uploadSummary}`,
    tags,
    params: groupParams,
    query: uploadQuery,
    rawBody: true,
    bodyLimit: WORK_ORDER_FILE_MAX_BYTES,
    body: rawFile,
    access: { ...read, bit: Permission.CREATE },
    response: uploadedFile,
    handler: ({ query, body }) => store(files, body, query.name),
  });
  router.route({
    method: 'POST',
    url: `${base}/:id/files`,
    summary: `上传工单操作的附件（可对该工单执行操作者）${uploadSummary}`,
    tags,
    params,
    query: uploadQuery,
    rawBody: true,
    bodyLimit: WORK_ORDER_FILE_MAX_BYTES,
    body: rawFile,
    access: read,
    response: uploadedFile,
    handler: async ({ auth, scope, params, query, body }) => {
      await orders.assertMayAttach(auth, scope!.id, params.id);
      return store(files, body, query.name);
    },
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
