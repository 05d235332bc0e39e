import type { FormRule } from 'antd';

/** A contracts schema, seen only through what form validation needs. */
export interface Schema {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: readonly { message: string; path: readonly PropertyKey[] }[] };
  };
}

/**
 * Checks a filled-in value with the schema the server uses, showing the schema's message. A blank
 * value (empty or only spaces) is left to the field's required rule, so an alias of spaces reads
 * 请输入网关别名 once, not that and 不能为空 (issue 11, item 8).
 */
export function schemaRule(schema: Schema): FormRule {
  return {
    validator: async (_, value: unknown) => {
      if (value === undefined || value === null) return;
      if (typeof value === 'string' && value.trim() === '') return;
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(result.error?.issues[0]?.message ?? '格式不正确');
    },
  };
}
