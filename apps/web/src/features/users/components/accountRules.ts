import {
  isStrongPassword,
  mobile,
  NEW_PASSWORD_REQUIRED,
  PASSWORD_MISMATCH,
  PASSWORD_RULE_MESSAGE,
  requiredText,
} from '@iot/contracts';
import { UserMessages, username } from '@iot/contracts/users';
import type { FormRule } from 'antd';
import { http } from '../../../api/http';

import { schemaRule } from '../../../components/schemaRule';

export { schemaRule };

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

/** Whatever is typed (spaces too) is held to the strength rule; blank is the required rule's. */
const strengthRule: FormRule = {
  validator: async (_, value: string | undefined) => {
    if (value && !isStrongPassword(value)) throw new Error(PASSWORD_RULE_MESSAGE);
  },
};

/** An initial or administrator-set password. */
export const passwordRules: FormRule[] = [{ required: true, message: '请输入密码' }, strengthRule];

/**
 * The one password rule (decision 0034): a new password is required, then meets the strength rule
 * of spec core §5 (which the server checks with the same words); feature-areas §5's "at least 5"
 * is inside it. One message at a time (use with validateFirst); the hint is the placeholder.
 */
export const newPasswordRules: FormRule[] = [
  { required: true, message: NEW_PASSWORD_REQUIRED },
  strengthRule,
];

/** The confirmation: required, then equal to the field `newPassword` — never a length message. */
export const confirmPasswordRules: FormRule[] = [
  { required: true, message: '请再次输入新密码' },
  ({ getFieldValue }) => ({
    validator: async (_, value: string | undefined) => {
      if (value && value !== getFieldValue('newPassword')) throw new Error(PASSWORD_MISMATCH);
    },
  }),
];

/**
 * The strength rule in short, as a placeholder or under a new-password field (class password-field,
 * hidden while the field shows its error); a wrong password shows PASSWORD_RULE_MESSAGE in full.
 */
export const PASSWORD_HINT = '8～16位，含数字、大小写字母和 !#$%&()*@^ 中的符号';

/** Validate on typing, and the server checks (rules with validateTrigger onBlur) on leaving the field. */
export const VALIDATE_TRIGGERS = ['onChange', 'onBlur'];
