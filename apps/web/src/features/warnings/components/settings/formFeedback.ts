import type { FormInstance } from 'antd';
import { ApiError } from '../../../../api/http';

interface Issue {
  field: string;
  message: string;
}

const isIssues = (data: unknown): data is Issue[] =>
  Array.isArray(data) &&
  data.every((i) => typeof i === 'object' && i !== null && 'field' in i && 'message' in i);

/**
 * Shows a refused form call as the server worded it: a validation refusal (data = [{field,
 * message}]) on the form fields `fields` maps its body paths to (e.g. `schedule.days` →
 * `scheduleDays`), anything else through `toast`.
 */
export function showServerIssues(
  error: unknown,
  form: FormInstance,
  toast: (text: string) => void,
  fields: Record<string, string>,
): void {
  const issues = error instanceof ApiError && isIssues(error.data) ? error.data : [];
  // A field may fail several checks; it shows them all.
  const byField = new Map<string, string[]>();
  for (const issue of issues) {
    const name = fields[issue.field];
    if (name) byField.set(name, [...(byField.get(name) ?? []), issue.message]);
  }
  if (byField.size > 0) {
    form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
    return;
  }
  toast(error instanceof Error ? error.message : '保存失败');
}

/** A form's onValuesChange that takes a server message off a field once the user changes it. */
export const clearIssuesOnChange =
  (form: FormInstance) =>
  (changed: object): void =>
    form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })));
