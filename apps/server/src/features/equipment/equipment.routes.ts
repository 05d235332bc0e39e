import { ATTACHMENT_MAX_BYTES, availability, id, Permission, page } from '@iot/contracts';
import {
  attachment,
  boardQuery,
  codeCheckQuery,
  EQUIPMENT_IMPORT_RULES,
  EQUIPMENT_MENU,
  EQUIPMENT_MONITOR_MENU,
  EquipmentImportMessages,
  type EquipmentImportRule,
  equipment,
  equipmentBoard,
  equipmentBody,
  equipmentImportReport,
  equipmentListQuery,
  equipmentOption,
  runDay,
  runDaysQuery,
} from '@iot/contracts/equipment';
import { z } from 'zod';
import type { AccessService, AuthContext } from '../../platform/auth/access.service.js';
import { forbidden } from '../../platform/errors.js';
import { checkAttachment, type FileStore } from '../../platform/files.js';
import type { Router } from '../../platform/http/route.js';
import type { EquipmentService } from './equipment.service.js';
import type { EquipmentImportService } from './equipment-import.service.js';

const tags = ['设备台账'];
const base = '/iot/groups/:groupId/equipment';
const groupParams = z.object({ groupId: id });
const params = groupParams.extend({ id });
const scopeId = ({ params }: { params: { groupId: number } }) => params.groupId;
const project = 'project' as const;
/** The ledger's and the board's reads: either screen shows a piece with its live values. */
const READ_MENUS = [EQUIPMENT_MENU, EQUIPMENT_MONITOR_MENU];
/**
 * Screens that pick equipment (work orders, plans, malfunctions) read the short list; the menus
 * without a screen yet are named so their roles need no second grant when the screens arrive.
 */
const OPTION_MENUS = [
  ...READ_MENUS,
  'router-maintenanceTaskList',
  'router-maintenancePlan',
  'router-equipmentMalfunctionRecord',
  'router-maintenanceRecord',
];
const importRules = Object.keys(EQUIPMENT_IMPORT_RULES) as [EquipmentImportRule, ...EquipmentImportRule[]];

/** 设备台账 and 工艺设备监控 (docs/decisions/0051-equipment-ledger.md). */
export function registerEquipmentRoutes(
  router: Router,
  deps: {
    equipment: EquipmentService;
    importer: EquipmentImportService;
    files: FileStore;
    access: AccessService;
  },
): void {
  const { equipment: service, importer, files, access } = deps;
  /** A second bit a write needs beside the route's own (import rules, uploads). */
  const holds = async (auth: AuthContext, groupId: number, bit: number) => {
    try {
      await access.authorize(auth, { menu: EQUIPMENT_MENU, bit, scope: project }, groupId);
      return true;
    } catch {
      return false;
    }
  };

  router.route({
    method: 'GET',
    url: base,
    summary:
      '设备列表（分页；keyword 匹配名称、编码、型号、厂家、出厂编号；category、groupId（含下级）、manualStatus、labelId 筛选；含绑定指标的最新值、实时状态与运行时长）',
    tags,
    params: groupParams,
    query: equipmentListQuery,
    access: { menu: EQUIPMENT_MENU, bit: Permission.READ, scope: project, scopeId },
    response: page(equipment),
    handler: ({ scope, query }) => service.list(scope!.id, query),
  });
  router.route({
    method: 'GET',
    url: `${base}/options`,
    summary: '可选设备（工单、保养计划、故障记录选择设备用，不分页）',
    tags,
    params: groupParams,
    access: { menu: OPTION_MENUS, bit: Permission.READ, scope: project, scopeId },
    response: z.array(equipmentOption),
    handler: ({ scope }) => service.options(scope!.id),
  });
  router.route({
    method: 'GET',
    url: `${base}/checkCode`,
    summary: '设备编码是否可用（项目内唯一；excludeId 为正在编辑的设备）',
    tags,
    params: groupParams,
    query: codeCheckQuery,
    access: { menu: EQUIPMENT_MENU, bit: Permission.READ, scope: project, scopeId },
    response: availability,
    handler: ({ scope, query }) => service.isCodeFree(scope!.id, query.code, query.excludeId),
  });
  router.route({
    method: 'GET',
    url: `${base}/board`,
    summary:
      '工艺设备监控：siteId（区域或站点，含下级；缺省为全项目）下的全部设备及其实时状态、今日运行时长与启动次数；sites 为有设备的分组',
    tags,
    params: groupParams,
    query: boardQuery,
    access: { menu: READ_MENUS, bit: Permission.READ, scope: project, scopeId },
    response: equipmentBoard,
    handler: ({ scope, query }) => service.board(scope!.id, query.siteId),
  });
  router.route({
    method: 'GET',
    url: `${base}/:id`,
    summary: '设备详情（含绑定指标最新值、实时状态与运行时长）',
    tags,
    params,
    access: { menu: READ_MENUS, bit: Permission.READ, scope: project, scopeId },
    response: equipment,
    handler: ({ scope, params }) => service.get(scope!.id, params.id),
  });
  router.route({
    method: 'GET',
    url: `${base}/:id/runDays`,
    summary: '设备每日运行时长（毫秒）与启动次数（北京时间自然日，最近 days 天，无运行的日子不返回）',
    tags,
    params,
    query: runDaysQuery,
    access: { menu: READ_MENUS, bit: Permission.READ, scope: project, scopeId },
    response: z.array(runDay),
    handler: ({ scope, params, query }) => service.runDays(scope!.id, params.id, query.days),
  });
  router.route({
    method: 'POST',
    url: base,
    summary: '新建设备',
    tags,
    params: groupParams,
    body: equipmentBody,
    access: { menu: EQUIPMENT_MENU, bit: Permission.CREATE, scope: project, scopeId },
    response: equipment,
    handler: ({ scope, body }) => service.create(scope!.id, body),
  });
  router.route({
    method: 'PUT',
    url: `${base}/:id`,
    summary: '修改设备（整体替换，含绑定指标与标签；换了运行信号时运行时长从新信号重新累计）',
    tags,
    params,
    body: equipmentBody,
    access: { menu: EQUIPMENT_MENU, bit: Permission.UPDATE, scope: project, scopeId },
    response: equipment,
    handler: ({ scope, params, body }) => service.update(scope!.id, params.id, body),
  });
  router.route({
    method: 'DELETE',
    url: `${base}/:id`,
    summary: '删除设备',
    tags,
    params,
    access: { menu: EQUIPMENT_MENU, bit: Permission.DELETE, scope: project, scopeId },
    handler: ({ scope, params }) => service.remove(scope!.id, params.id),
  });
  router.route({
    method: 'POST',
    url: `${base}/attachments`,
    summary:
      '上传设备附件：请求体为文件本身（附件上传的十二种类型 txt doc docx jpg png xls xlsx ppt pptx pdf zip rar，小于 200MB）；name 为原文件名；需新建或修改权限',
    tags,
    params: groupParams,
    query: z.object({ name: z.string().trim().min(1).max(128) }),
    rawBody: true,
    bodyLimit: ATTACHMENT_MAX_BYTES,
    body: z.custom<Buffer>((value) => Buffer.isBuffer(value), '请上传文件'),
    access: { menu: EQUIPMENT_MENU, bit: Permission.READ, scope: project, scopeId },
    response: attachment,
    handler: async ({ auth, params, query, body }) => {
      if (
        !(await holds(auth, params.groupId, Permission.CREATE)) &&
        !(await holds(auth, params.groupId, Permission.UPDATE))
      )
        throw forbidden();
      // The attachment uploader's rules (feature-areas §5): twelve types by name and bytes, < 200 MB.
      checkAttachment(body, query.name);
      return { name: query.name, url: await files.putAttachment('equipment', body, query.name) };
    },
  });
  router.route({
    method: 'POST',
    url: `${base}/import`,
    summary:
      '从 xlsx 导入设备台账：请求体为文件本身；rule=skip（保留已有，跳过重复）| overwrite（保留已有，覆盖重复：需修改权限）| replace（删除已有后导入：需删除权限）；以编码判断重复；表头去掉 * 与“必填”',
    tags,
    params: groupParams,
    query: z.object({ fileName: z.string().min(1).max(255), rule: z.enum(importRules).default('skip') }),
    rawBody: true,
    body: z.custom<Buffer>((value) => Buffer.isBuffer(value), '请上传文件'),
    access: { menu: EQUIPMENT_MENU, bit: Permission.CREATE, scope: project, scopeId },
    response: equipmentImportReport,
    handler: async ({ auth, scope, params, query, body }) => {
      if (query.rule === 'overwrite' && !(await holds(auth, params.groupId, Permission.UPDATE)))
        throw forbidden(EquipmentImportMessages.NEEDS_UPDATE);
      if (query.rule === 'replace' && !(await holds(auth, params.groupId, Permission.DELETE)))
        throw forbidden(EquipmentImportMessages.NEEDS_DELETE);
      return importer.import(scope!.id, query.fileName, body, query.rule);
    },
  });
}
