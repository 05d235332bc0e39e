import { z } from 'zod';
import { EXPORT_PAGE_SIZE } from '../common/limits.js';

/**
 * What an operation-log entry records (docs/decisions/0038-operation-log.md): a write through the
 * API (POST, PUT, PATCH, DELETE by a signed-in caller, allowed or refused), a sign-in (allowed or
 * refused) or a sign-out. Token refreshes and reads are not recorded.
 */
export const OPERATION_KINDS = ['write', 'signIn', 'signOut'] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];
export const OPERATION_KIND_LABELS: Record<OperationKind, string> = {
  write: '操作',
  signIn: '登录',
  signOut: '退出',
};

export const operationLog = z.object({
  id: z.number().int(),
  /** When the answer was sent, ms since the epoch. */
  at: z.number(),
  kind: z.enum(OPERATION_KINDS),
  /** null: a sign-in refused for an unknown account. */
  userId: z.number().int().nullable(),
  /** The account as typed at sign-in, or the caller's username. */
  username: z.string(),
  realname: z.string(),
  /** Where it happened: the project (root group id) for project routes; null for the others. */
  projectId: z.number().int().nullable(),
  projectName: z.string(),
  method: z.string(),
  /** The route's path pattern, e.g. /iot/groups/:groupId/gateways/:id. */
  route: z.string(),
  /** The route's summary (what the operation is), in Chinese. */
  summary: z.string(),
  /** The path's parameters, e.g. groupId=3 id=17: which thing was acted on. Never a body. */
  target: z.string(),
  /** The answer's body code (20000 success) and HTTP status. */
  code: z.number().int(),
  status: z.number().int(),
  /** Client address (the forwarded one only behind a TRUST_PROXY) and user agent. */
  ip: z.string(),
  userAgent: z.string(),
});
export type OperationLog = z.infer<typeof operationLog>;

const optionalNumber = z.preprocess(
  (value) => (value === '' || value === undefined ? undefined : value),
  z.coerce.number().int().optional(),
);

export const operationLogQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  /** Up to 1000: the export reads pages of 1000 (spec core §9). */
  size: z.coerce.number().int().min(1).max(EXPORT_PAGE_SIZE).default(10),
  userId: optionalNumber,
  /** Part of the account or the person's name. */
  user: z.string().trim().max(64).optional(),
  kind: z.preprocess((value) => (value === '' ? undefined : value), z.enum(OPERATION_KINDS).optional()),
  /** success: code 20000; failure: any other code. */
  result: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['success', 'failure']).optional(),
  ),
  /** Matched against summary, route, target, username and realname. */
  keyword: z.string().trim().max(64).optional(),
  startTime: optionalNumber,
  endTime: optionalNumber,
  /** System log only: one project's entries. */
  projectId: optionalNumber,
});
export type OperationLogQuery = z.infer<typeof operationLogQuery>;
