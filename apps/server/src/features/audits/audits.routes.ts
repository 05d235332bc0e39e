import { id, page } from '@iot/contracts';
import { auditListQuery, auditRecord, rejectBody } from '@iot/contracts/audits';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import type { AuditsService } from './audits.service.js';

const tags = ['审批'];
const base = '/iot/projects/auditRecordNoAuth';
const params = z.object({ id });

/**
 * The audit list (我的审批, sub-system 6, personal): no project permission on the route — the
 * service shows a caller the records of the projects they audit and their own submissions.
 */
export function registerAuditRoutes(router: Router, audits: AuditsService): void {
  router.route({
    method: 'GET',
    url: base,
    summary: '我的审批：待审批（tab=pending）或已处理（tab=done），分页（page 从 0 起，size 默认 10）',
    tags,
    access: 'authenticated',
    query: auditListQuery,
    response: page(auditRecord),
    handler: ({ auth, query }) => audits.list(auth, query),
  });
  router.route({
    method: 'GET',
    url: `${base}/:id`,
    summary: '审批记录详情（审批人或提交人可见）',
    tags,
    access: 'authenticated',
    params,
    response: auditRecord,
    handler: ({ auth, params }) => audits.get(auth, params.id),
  });
  router.route({
    method: 'PUT',
    url: `${base}/:id/approve`,
    summary: '审批通过：在同一事务中执行被审批的操作（数据修复写入修正值并保留原值）',
    tags,
    access: 'authenticated',
    params,
    response: auditRecord,
    handler: ({ auth, params }) => audits.approve(auth, params.id),
  });
  router.route({
    method: 'PUT',
    url: `${base}/:id/reject`,
    summary: '驳回（必须填写驳回原因）',
    tags,
    access: 'authenticated',
    params,
    body: rejectBody,
    response: auditRecord,
    handler: ({ auth, params, body }) => audits.reject(auth, params.id, body.reason),
  });
}
