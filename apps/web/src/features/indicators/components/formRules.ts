import { IndicatorMessages, isQuotaRefusal } from '@iot/contracts/indicators';
import type { App, FormInstance } from 'antd';
import { ApiError } from '../../../api/http';
import { showBuyReminder } from '../../purchases/index';

export { schemaRule } from '../../../components/schemaRule';

/**
 * Parses a whole body with the server's schema; on failure puts each message on its field
 * (`prefix` places the body inside the form, e.g. a row of a list) and answers null.
 */
export function parseInto<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown } },
  value: unknown,
  form: FormInstance,
  prefix: PropertyKey[] = [],
): T | null {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = (result.error as { issues: { message: string; path: PropertyKey[] }[] }).issues;
  form.setFields(
    issues.map((issue) => ({
      name: [...prefix, ...issue.path] as (string | number)[],
      errors: [issue.message],
    })),
  );
  return null;
}

/**
 * `411:{max}:{used}:{needed}[:{projectId}]` of a quota refusal, read into numbers; the project is
 * named when the one short of room is not the caller's (a project the gateway is shared into).
 */
export function quotaOfRefusal(
  data: unknown,
): { max: number; used: number; needed: number; projectId?: number } | null {
  if (!isQuotaRefusal(data)) return null;
  const [, max, used, needed, projectId] = String(data).split(':').map(Number);
  return {
    max: max ?? 0,
    used: used ?? 0,
    needed: needed ?? 0,
    ...(projectId !== undefined && Number.isInteger(projectId) ? { projectId } : {}),
  };
}

/**
 * Shows a refused call: the quota refusal (code 40000, data 411:…) as the spec's dialog stating
 * the limit (指标数量超过限制, reduce or buy more) whose 立即购买 opens the purchase dialog (decision
 * 0068), anything else as the server's message.
 */
export function showFailure(
  error: unknown,
  modal: ReturnType<typeof App.useApp>['modal'],
  showError: (text: string) => void,
  groupId: number,
): void {
  const refusal = error instanceof ApiError ? quotaOfRefusal(error.data) : null;
  // Another project (one the gateway is shared into) lacks room: it must buy, not this one.
  if (refusal?.projectId !== undefined && refusal.projectId !== groupId) {
    modal.warning({ title: IndicatorMessages.QUOTA_EXCEEDED, content: (error as Error).message });
    return;
  }
  if (refusal) {
    showBuyReminder(modal, {
      groupId,
      title: IndicatorMessages.QUOTA_EXCEEDED,
      content: `本项目最多可接入 ${refusal.max} 个网关指标，已接入 ${refusal.used} 个，本次需要新增 ${refusal.needed} 个。请减少网关指标，或购买更多指标资源。`,
    });
    return;
  }
  showError(error instanceof Error ? error.message : '操作失败');
}
