import { availability, id, Permission, page } from '@iot/contracts';
import {
  calendarQuery,
  change,
  changeBody,
  changeListQuery,
  DUTY_MENU,
  dutyCalendar,
  dutyListQuery,
  dutyMember,
  onDuty,
  onDutyQuery,
  rotation,
  rotationBody,
  shift,
  shiftBody,
  shiftNameCheckQuery,
  shiftOption,
} from '@iot/contracts/duty';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import type { DutyService } from './duty.service.js';

const tags = ['排班管理'];
const base = '/iot/groups/:groupId/duty';
const groupParams = z.object({ groupId: id });
const params = groupParams.extend({ id });
const scopeId = ({ params }: { params: { groupId: number } }) => params.groupId;
const access = (bit: number) => ({ menu: DUTY_MENU, bit, scope: 'project' as const, scopeId });

/** 排班管理 of a project (docs/decisions/0053-duty-scheduling.md). */
export function registerDutyRoutes(router: Router, duty: DutyService): void {
  // Shifts.
  router.route({
    method: 'GET',
    url: `${base}/shifts`,
    summary: '班次列表（分页；keyword 匹配名称）',
    tags,
    params: groupParams,
    query: dutyListQuery,
    access: access(Permission.READ),
    response: page(shift),
    handler: ({ scope, query }) => duty.shifts(scope!.id, query),
  });
  router.route({
    method: 'GET',
    url: `${base}/shifts/options`,
    summary: '可选班次（不分页，按排序与开始时间）',
    tags,
    params: groupParams,
    access: access(Permission.READ),
    response: z.array(shiftOption),
    handler: ({ scope }) => duty.shiftOptions(scope!.id),
  });
  router.route({
    method: 'GET',
    url: `${base}/shifts/checkName`,
    summary: '班次名称唯一性校验，项目范围（data 为 true 表示可用）',
    tags,
    params: groupParams,
    query: shiftNameCheckQuery,
    access: access(Permission.READ),
    response: availability,
    handler: ({ scope, query }) => duty.isShiftNameAvailable(scope!.id, query.name, query.excludeId),
  });
  router.route({
    method: 'POST',
    url: `${base}/shifts`,
    summary: '新建班次（结束时间不晚于开始时间即跨零点，到次日结束；相同为24小时）',
    tags,
    params: groupParams,
    body: shiftBody,
    access: access(Permission.CREATE),
    response: shift,
    handler: ({ scope, body }) => duty.createShift(scope!.id, body),
  });
  router.route({
    method: 'PUT',
    url: `${base}/shifts/:id`,
    summary: '修改班次',
    tags,
    params,
    body: shiftBody,
    access: access(Permission.UPDATE),
    response: shift,
    handler: ({ scope, params, body }) => duty.updateShift(scope!.id, params.id, body),
  });
  router.route({
    method: 'DELETE',
    url: `${base}/shifts/:id`,
    summary: '删除班次（有轮班规则使用时拒绝；其调班与指定记录一并删除）',
    tags,
    params,
    access: access(Permission.DELETE),
    handler: ({ scope, params }) => duty.deleteShift(scope!.id, params.id),
  });

  // Rotations.
  router.route({
    method: 'GET',
    url: `${base}/rotations`,
    summary: '轮班规则列表（分页；keyword 匹配规则与班次名称）',
    tags,
    params: groupParams,
    query: dutyListQuery,
    access: access(Permission.READ),
    response: page(rotation),
    handler: ({ scope, query }) => duty.rotations(scope!.id, query),
  });
  router.route({
    method: 'POST',
    url: `${base}/rotations`,
    summary: '新建轮班规则：人员按天或按周轮流值某一班次，可限定日期范围与星期',
    tags,
    params: groupParams,
    body: rotationBody,
    access: access(Permission.CREATE),
    response: rotation,
    handler: ({ scope, body }) => duty.createRotation(scope!.id, body),
  });
  router.route({
    method: 'PUT',
    url: `${base}/rotations/:id`,
    summary: '修改轮班规则',
    tags,
    params,
    body: rotationBody,
    access: access(Permission.UPDATE),
    response: rotation,
    handler: ({ scope, params, body }) => duty.updateRotation(scope!.id, params.id, body),
  });
  router.route({
    method: 'DELETE',
    url: `${base}/rotations/:id`,
    summary: '删除轮班规则',
    tags,
    params,
    access: access(Permission.DELETE),
    handler: ({ scope, params }) => duty.deleteRotation(scope!.id, params.id),
  });

  // Swaps and overrides.
  router.route({
    method: 'GET',
    url: `${base}/changes`,
    summary:
      '调班与指定值班记录（分页；kind 为 swap 或 override；fromDate 起涉及的日期；keyword 匹配人员、班次与备注）',
    tags,
    params: groupParams,
    query: changeListQuery,
    access: access(Permission.READ),
    response: page(change),
    handler: ({ scope, query }) => duty.changes(scope!.id, query),
  });
  router.route({
    method: 'POST',
    url: `${base}/changes`,
    summary:
      '新建调班（kind=swap：userId 在 date 的班次交给 withUserId，填 withDate 与 withShiftId 时对方那天的班次换给 userId）或指定值班（kind=override：该日该班次只由指定人员值班）',
    tags,
    params: groupParams,
    body: changeBody,
    access: access(Permission.CREATE),
    response: change,
    handler: ({ auth, scope, body }) => duty.createChange(auth, scope!.id, body),
  });
  router.route({
    method: 'DELETE',
    url: `${base}/changes/:id`,
    summary: '删除调班或指定值班记录',
    tags,
    params,
    access: access(Permission.DELETE),
    handler: ({ scope, params }) => duty.deleteChange(scope!.id, params.id),
  });

  router.route({
    method: 'GET',
    url: `${base}/members`,
    summary: '可排班的项目成员（编号、姓名与账号，不分页）',
    tags,
    params: groupParams,
    access: access(Permission.READ),
    response: z.array(dutyMember),
    handler: ({ scope }) => duty.members(scope!.id),
  });

  // Calendar and who is on duty.
  router.route({
    method: 'GET',
    url: `${base}/calendar`,
    summary:
      '值班月历：month（YYYY-MM）每一天每个班次的值班人员（先轮班，再调班，最后指定值班；source 标明来源）',
    tags,
    params: groupParams,
    query: calendarQuery,
    access: access(Permission.READ),
    response: dutyCalendar,
    handler: ({ scope, query }) => duty.calendar(scope!.id, query.month),
  });
  router.route({
    method: 'GET',
    url: `${base}/onDuty`,
    summary:
      '当前值班人员：at（毫秒时间戳，默认现在）时正在进行的班次及其值班人员；跨零点的班次属于开始那天（01:00 属于前一天的夜班）',
    tags,
    params: groupParams,
    query: onDutyQuery,
    access: access(Permission.READ),
    response: onDuty,
    handler: ({ scope, query }) => duty.onDuty(scope!.id, query.at),
  });
}
