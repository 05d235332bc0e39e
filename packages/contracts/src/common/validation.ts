import { z } from 'zod';

/** Validation rules of spec core §5, shared by server requests and web forms. */
export const PASSWORD_SYMBOLS = '!#$%&()*@^';
export const PASSWORD_RULE_MESSAGE =
  '密码须为8～16位，且同时包含数字、小写字母、大写字母和特殊符号(!#$%&()*@^)中的各一个';

const passwordPattern = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[!#$%&()*@^])[\da-zA-Z!#$%&()*@^]{8,16}$/;

export function isStrongPassword(value: string): boolean {
  return passwordPattern.test(value);
}

export const strongPassword = z.string().regex(passwordPattern, PASSWORD_RULE_MESSAGE);

/**
 * A new password (change, reset by phone code): the strength rule above, the one password rule
 * (decision 0034). The first message is the one to show: 新密码不能为空, then the rule.
 */
export const NEW_PASSWORD_REQUIRED = '新密码不能为空';
export const PASSWORD_MISMATCH = '两次输入的密码不一致';
export const newPassword = z
  .string()
  .min(1, NEW_PASSWORD_REQUIRED)
  .regex(passwordPattern, PASSWORD_RULE_MESSAGE);

export const MOBILE_MESSAGE = '输入的手机号错误';
export const mobile = z.string().regex(/^\d{11}$/, MOBILE_MESSAGE);

export const BUSINESS_LICENCE_MESSAGE = '输入的营业执照错误';
export const businessLicence = z.string().regex(/^[A-Za-z0-9]{15,18}$/, BUSINESS_LICENCE_MESSAGE);

export const NOT_EMPTY_MESSAGE = '不能为空';
/** A required text: trimmed, not empty, bounded. */
export function requiredText(max = 64) {
  return z.string().trim().min(1, NOT_EMPTY_MESSAGE).max(max, `最多输入${max}个字符`);
}

export const POSITIVE_INTEGER = /^[1-9]\d*$/;

export const ADDRESS_REQUIRED = '请输入地址';
export const ADDRESS_FORMAT = '输入的地址格式错误';
const addressPattern =
  /^([a-zA-Z][a-zA-Z\d+.-]*:\/\/)?(((25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3})|([a-zA-Z\d]([a-zA-Z\d-]{0,61}[a-zA-Z\d])?(\.[a-zA-Z\d]([a-zA-Z\d-]{0,61}[a-zA-Z\d])?)*))(:\d{1,5})?(\/\S*)?$/;
export const address = z.string().min(1, ADDRESS_REQUIRED).regex(addressPattern, ADDRESS_FORMAT);

export const LONGITUDE_MESSAGE = '输入的经度错误(整数部分为0～180，必须输入1到6位小数)';
export const LATITUDE_MESSAGE = '输入的纬度错误(整数部分为0～90，必须输入1到6位小数)';
export const longitude = z
  .string()
  .min(1, '请输入经度')
  .regex(/^-?((1[0-7]\d|\d{1,2})\.\d{1,6}|180\.0{1,6})$/, LONGITUDE_MESSAGE);
export const latitude = z
  .string()
  .min(1, '请输入纬度')
  .regex(/^-?([0-8]?\d\.\d{1,6}|90\.0{1,6})$/, LATITUDE_MESSAGE);

export const PHONE_CODE_REQUIRED = '请输入手机验证码';

/** Spec core §5: a spreadsheet import given another kind of file is refused with this message. */
export const SPREADSHEET_FORMAT_MESSAGE = '上传的文件格式不正确,请选择.csv,.xls,.xlsx类型的文件';
/** A file named .csv/.xls/.xlsx whose content cannot be read as one. */
export const SPREADSHEET_UNREADABLE_MESSAGE = '无法读取表格，请确认文件是 .csv、.xls 或 .xlsx 格式且未损坏';
/** What the server reads as a spreadsheet (spec core §5). */
export const SPREADSHEET_FILE_NAME = /\.(csv|xls|xlsx)$/i;
