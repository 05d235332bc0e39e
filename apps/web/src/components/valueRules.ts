import { type DecimalRule, decimalProblem, MEASURED_VALUE, positiveIntegerProblem } from '@iot/contracts';
import type { FormRule } from 'antd';

/*
 * Rules of spec core §5 for numbers a form takes as text or from an InputNumber, with the words
 * the server answers (packages/contracts/src/common/validation.ts). A blank value is left to the
 * field's required rule, as schemaRule does.
 */
const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function ruleOf(problem: (value: unknown) => string | null): FormRule {
  return {
    validator: async (_, value: unknown) => {
      if (isBlank(value)) return;
      const message = problem(value);
      if (message) throw new Error(message);
    },
  };
}

/** 请输入数字！, then 只能N位以内整数 / N位以内小数 / the min–max decimals. */
export function decimalRule(rule: DecimalRule = MEASURED_VALUE): FormRule {
  return ruleOf((value) => decimalProblem(value, rule));
}

/** 请输入数字！, then 请输入正整数 (or the field's own words) and the maximum. */
export function positiveIntegerRule(max?: number, message?: string): FormRule {
  return ruleOf((value) => positiveIntegerProblem(value, max, message));
}
