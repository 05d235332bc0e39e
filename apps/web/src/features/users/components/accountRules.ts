import { mobile, requiredText, strongPassword } from '@iot/contracts';
import { UserMessages, username } from '@iot/contracts/users';
import type { FormRule } from 'antd';
import { http } from '../../../api/http';

/** A contracts schema, seen only through what form validation needs. */
interface Schema {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly { message: string }[] } };
}

/** Checks a filled-in value with the same schema the server uses, showing the schema's message. */
export function schemaRule(schema: Schema): FormRule {
  return {
    validator: async (_, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(result.error?.issues[0]?.message ?? '格式不正确');
    },
  };
}

/** Username: required, the contracts' pattern, then free on the server (checked on blur and on submit). */
export const usernameRules: FormRule[] = [
  { required: true, whitespace: true, message: '请输入账号' },
  schemaRule(username),
  {
    validateTrigger: 'onBlur',
    validator: async (_, value: string | undefined) => {
      const name = value?.trim();
      if (!name || !username.safeParse(name).success) return;
      const free = await http.get<boolean>('/iot/users/checkUsername', {
        params: { username: name },
        quiet: true,
      });
      if (!free) throw new Error(UserMessages.USERNAME_TAKEN);
    },
  },
];

export const realnameRules: FormRule[] = [
  { required: true, whitespace: true, message: '请输入姓名' },
  schemaRule(requiredText(32)),
];

/** Mobile: optional, 11 digits, not used by another account (`excludeId` is the account itself). */
export function mobileRules(excludeId?: number): FormRule[] {
  return [
    schemaRule(mobile),
    {
      validateTrigger: 'onBlur',
      validator: async (_, value: string | undefined) => {
        if (!value || !mobile.safeParse(value).success) return;
        const free = await http.get<boolean>('/iot/users/checkMobile', {
          params: { mobile: value, excludeId },
          quiet: true,
        });
        if (!free) throw new Error(UserMessages.MOBILE_TAKEN);
      },
    },
  ];
}

export const passwordRules: FormRule[] = [
  { required: true, message: '请输入密码' },
  schemaRule(strongPassword),
];

/** The strength rule in short, as a placeholder; a wrong password shows PASSWORD_RULE_MESSAGE in full. */
export const PASSWORD_HINT = '8～16位，含数字、大小写字母和 !#$%&()*@^ 中的符号';

/** Validate on typing, and the server checks (rules with validateTrigger onBlur) on leaving the field. */
export const VALIDATE_TRIGGERS = ['onChange', 'onBlur'];
