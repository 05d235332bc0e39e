import { id, Permission, page } from '@iot/contracts';
import { fromWarningBody, workOrderDetail } from '@iot/contracts/maintenance';
import {
  closeBody,
  MALFUNCTION_MENU,
  MAX_PHOTO_BYTES,
  MalfunctionMessages,
  malfunction,
  malfunctionEquipmentOption,
  malfunctionListQuery,
  reliabilityQuery,
  reliabilityReport,
  reportBody,
} from '@iot/contracts/malfunctions';
import { z } from 'zod';
import { badRequest } from '../../platform/errors.js';
import { type FileStore, imageType } from '../../platform/files.js';
import type { Router } from '../../platform/http/route.js';
import type { MalfunctionsService } from './malfunctions.service.js';

const tags = ['设备故障记录'];
const base = '/iot/groups/:groupId/malfunctions';
const groupParams = z.object({ groupId: id });
const params = groupParams.extend({ id });
const scopeId = ({ params }: { params: { groupId: number } }) => params.groupId;
const read = { menu: MALFUNCTION_MENU, bit: Permission.READ, scope: 'project' as const, scopeId };

/** 设备故障记录 (docs/decisions/0056-malfunctions.md). */
export function registerMalfunctionRoutes(
  router: Router,
  service: MalfunctionsService,
  files: FileStore,
): void {
  router.route({
    method: 'GET',
    url: base,
    summary: '设备故障列表（分页；按设备、站点（含下级）、来源、是否结束、发生时间筛选）',
    tags,
    params: groupParams,
    query: malfunctionListQuery,
    access: read,
    response: page(malfunction),
    handler: ({ scope, query }) => service.list(scope!.id, query),
  });
  router.route({
    method: 'GET',
    url: `${base}/equipmentOptions`,
    summary: '上报故障可选的设备（本项目全部设备）',
    tags,
    params: groupParams,
    access: read,
    response: z.array(malfunctionEquipmentOption),
    handler: ({ scope }) => service.equipmentOptions(scope!.id),
  });
  router.route({
    method: 'GET',
    url: `${base}/reliability`,
    summary:
      '各设备的 MTBF / MTTR（统计范围内：MTTR = 范围内结束的故障的平均时长；MTBF = (观测时长 − 停机时长) / 范围内发生的故障数）',
    tags,
    params: groupParams,
    query: reliabilityQuery,
    access: read,
    response: reliabilityReport,
    handler: ({ scope, query }) => service.reliability(scope!.id, query),
  });
  router.route({
    method: 'GET',
    url: `${base}/:id`,
    summary: '设备故障详情',
    tags,
    params,
    access: read,
    response: malfunction,
    handler: ({ scope, params }) => service.detail(scope!.id, params.id),
  });
  router.route({
    method: 'POST',
    url: base,
    summary: '上报设备故障（人工，可带照片）；发送设备故障通知',
    tags,
    params: groupParams,
    body: reportBody,
    access: { ...read, bit: Permission.CREATE },
    response: malfunction,
    handler: ({ auth, scope, body }) => service.report(auth, scope!.id, body),
  });
  router.route({
    method: 'POST',
    url: `${base}/photos`,
    summary: '上传故障照片：请求体为图片本身（png、jpg、gif、webp，不超过 10MB）；需新建权限',
    tags,
    params: groupParams,
    rawBody: true,
    body: z.custom<Buffer>((value) => Buffer.isBuffer(value), '请上传图片'),
    access: { ...read, bit: Permission.CREATE },
    response: z.object({ url: z.string() }),
    handler: async ({ body }) => {
      if (body.length > MAX_PHOTO_BYTES || !imageType(body))
        throw badRequest(MalfunctionMessages.PHOTO_FORMAT);
      return { url: await files.putImage('malfunctions', body) };
    },
  });
  router.route({
    method: 'PUT',
    url: `${base}/:id/close`,
    summary: '结束设备故障（人工）；发送设备故障解除通知',
    tags,
    params,
    body: closeBody,
    access: { ...read, bit: Permission.UPDATE },
    response: malfunction,
    handler: ({ auth, scope, params, body }) => service.close(auth, scope!.id, params.id, body.note),
  });
  router.route({
    method: 'DELETE',
    url: `${base}/:id`,
    summary: '删除人工上报的故障（上报人或有删除权限者；已生成工单的不能删除）',
    tags,
    params,
    access: read,
    response: z.null(),
    handler: async ({ auth, scope, params }) => {
      await service.remove(auth, scope!.id, params.id);
      return null;
    },
  });
  router.route({
    method: 'POST',
    url: `${base}/:id/workOrder`,
    summary: '设备故障一键转工单（需工单管理的新建权限；每条故障一张工单）',
    tags,
    params,
    body: fromWarningBody,
    access: read,
    response: workOrderDetail,
    handler: ({ auth, scope, params, body }) => service.toWorkOrder(auth, scope!.id, params.id, body),
  });
}
