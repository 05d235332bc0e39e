import { ApiError } from '../../../api/http';

/**
 * The server's refusal of a form's fields ({field, message}[] in its data), as antd `setFields`
 * entries: one message per field, the first the server gave (it checks in the form's order).
 */
export function fieldIssues<F extends string>(
  failure: unknown,
  fields: readonly F[],
): { name: F; errors: string[] }[] {
  if (!(failure instanceof ApiError) || !Array.isArray(failure.data)) return [];
  const byField = new Map<F, string>();
  for (const issue of failure.data as unknown[]) {
    if (typeof issue !== 'object' || issue === null) continue;
    const { field, message } = issue as { field?: unknown; message?: unknown };
    if (
      typeof field === 'string' &&
      typeof message === 'string' &&
      (fields as readonly string[]).includes(field) &&
      !byField.has(field as F)
    )
      byField.set(field as F, message);
  }
  return [...byField].map(([name, message]) => ({ name, errors: [message] }));
}
