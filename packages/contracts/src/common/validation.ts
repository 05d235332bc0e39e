import { z } from 'zod';

/**
 * Validation rules of spec core §5, shared by server requests and web forms: one definition, the
 * spec's words. Where each rule governs is the table in docs/decisions/0043-core-rules-applied.md.
 */
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

/** Mobile phone: exactly 11 digits. */
export const MOBILE_MESSAGE = '输入的手机号错误';
export const MOBILE_PATTERN = /^\d{11}$/;
export const mobile = z.string().regex(MOBILE_PATTERN, MOBILE_MESSAGE);
/** The spec's optional variant: empty, or a mobile. */
export const optionalMobile = z.union([z.literal(''), mobile]);

/** Business licence: 15 to 18 letters or digits; optional (empty passes). */
export const BUSINESS_LICENCE_MESSAGE = '输入的营业执照错误';
export const businessLicence = z.string().regex(/^[A-Za-z0-9]{15,18}$/, BUSINESS_LICENCE_MESSAGE);
export const optionalBusinessLicence = z.union([z.literal(''), businessLicence]);

/** Not-empty check. Also zod's word for any unlabelled `min(1)` on a text (zod-locale.ts). */
export const NOT_EMPTY_MESSAGE = '不能为空';
/** A required text: trimmed, not empty, bounded. */
export function requiredText(max = 64) {
  return z.string().trim().min(1, NOT_EMPTY_MESSAGE).max(max, `最多输入${max}个字符`);
}

/** Address: optional protocol, IPv4 or host name, optional port and path. */
export const ADDRESS_REQUIRED = '请输入地址';
export const ADDRESS_FORMAT = '输入的地址格式错误';
const addressPattern =
  /^([a-zA-Z][a-zA-Z\d+.-]*:\/\/)?(((25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3})|([a-zA-Z\d]([a-zA-Z\d-]{0,61}[a-zA-Z\d])?(\.[a-zA-Z\d]([a-zA-Z\d-]{0,61}[a-zA-Z\d])?)*))(:\d{1,5})?(\/\S*)?$/;
export function isAddress(value: string): boolean {
  return addressPattern.test(value);
}
export const address = z.string().trim().min(1, ADDRESS_REQUIRED).regex(addressPattern, ADDRESS_FORMAT);
/**
 * An image's address (logos, avatars): optional; a path on this site (what an upload answers,
 * /iot/files/…) or an address of the rule above. Anything else reads 输入的地址格式错误.
 */
export const imageAddress = z
  .string()
  .trim()
  .max(512, '最多输入512个字符')
  .refine((value) => value === '' || /^\/[^\s/]\S*$/.test(value) || isAddress(value), ADDRESS_FORMAT);

/** Longitude and latitude: required, no minus sign, the integer part in range, 1 to 6 decimals. */
export const LONGITUDE_REQUIRED = '请输入经度';
export const LATITUDE_REQUIRED = '请输入纬度';
export const LONGITUDE_MESSAGE = '输入的经度错误(整数部分为0～180，必须输入1到6位小数)';
export const LATITUDE_MESSAGE = '输入的纬度错误(整数部分为0～90，必须输入1到6位小数)';
export const longitude = z
  .string()
  .trim()
  .min(1, LONGITUDE_REQUIRED)
  .regex(/^((1[0-7]\d|\d{1,2})\.\d{1,6}|180\.0{1,6})$/, LONGITUDE_MESSAGE);
export const latitude = z
  .string()
  .trim()
  .min(1, LATITUDE_REQUIRED)
  .regex(/^([0-8]?\d\.\d{1,6}|90\.0{1,6})$/, LATITUDE_MESSAGE);

export const PHONE_CODE_REQUIRED = '请输入手机验证码';

/**
 * Number: a field that holds a number and is given anything else says 请输入数字！ — on the server
 * for every number of every request (zod-locale.ts), in forms where a number is typed as text.
 */
export const NUMBER_MESSAGE = '请输入数字！';
/** The decimal rule's message for an empty field (spec core §5 writes it without the ！). */
export const NUMBER_REQUIRED = '请输入数字';
const numberTextPattern = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
/** A typed number as text: digits, an optional sign, point and exponent; nothing else. */
export function isNumberText(text: string): boolean {
  return numberTextPattern.test(text.trim());
}

/**
 * The decimal rule: at most `integerDigits` digits before the point and `minDecimals` to
 * `maxDecimals` after it. The sign is not the rule's business (a field's range says whether a
 * negative value may be).
 */
export interface DecimalRule {
  integerDigits: number;
  maxDecimals: number;
  /** Default 0: a whole number passes. */
  minDecimals?: number;
}

/**
 * The rule for measured values (thresholds, hysteresis, a repair's factor or offset, a Modbus scale;
 * with an indicator's decimals, what a person types for it): 15 significant digits, exact in a double.
 */
export const MEASURED_VALUE: DecimalRule = { integerDigits: 9, maxDecimals: 6 };

export const DecimalMessages = {
  integerDigits: (n: number) => `只能${n}位以内整数`,
  maxDecimals: (n: number) => `${n}位以内小数`,
  decimalsRange: (min: number, max: number) => (min === max ? `${max}位小数` : `${min}-${max}位小数`),
} as const;

/** Digits before and after the point of a finite number as written (exponent forms expanded). */
function digitsOf(text: string): { integer: number; decimals: number } {
  const match = /^[-+]?(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/.exec(text)!;
  const whole = (match[1] ?? '').replace(/^0+(?=\d)/, '');
  const fraction = match[2] ?? '';
  const exponent = Number(match[3] ?? 0);
  return {
    integer: Math.max(1, (whole === '0' ? 0 : whole.length) + exponent),
    decimals: Math.max(0, fraction.length - exponent),
  };
}

/**
 * What the decimal rule says of a value (a number, or a number typed as text): null when it
 * passes, else the one message to show — 请输入数字 when empty, 请输入数字！ when not a number,
 * then 只能N位以内整数, N位以内小数 or the min–max decimals range.
 */
export function decimalProblem(value: unknown, rule: DecimalRule): string | null {
  if (value === undefined || value === null || value === '') return NUMBER_REQUIRED;
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return NUMBER_MESSAGE;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
    if (text === '') return NUMBER_REQUIRED;
    if (!isNumberText(text)) return NUMBER_MESSAGE;
  } else return NUMBER_MESSAGE;
  const { integer, decimals } = digitsOf(text);
  const min = rule.minDecimals ?? 0;
  if (integer > rule.integerDigits) return DecimalMessages.integerDigits(rule.integerDigits);
  if (rule.maxDecimals === 0 && decimals > 0) return DecimalMessages.integerDigits(rule.integerDigits);
  if (min > 0 && (decimals < min || decimals > rule.maxDecimals))
    return DecimalMessages.decimalsRange(min, rule.maxDecimals);
  if (decimals > rule.maxDecimals) return DecimalMessages.maxDecimals(rule.maxDecimals);
  return null;
}

/** A number of a request held to the decimal rule. */
export function decimal(rule: DecimalRule = MEASURED_VALUE) {
  return z.number().superRefine((value, context) => {
    const problem = decimalProblem(value, rule);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
}

/** A value that may be a number or text (control values, manual entries): its numbers meet the rule. */
export function numbersByDecimalRule<T extends z.ZodType>(schema: T, rule: DecimalRule = MEASURED_VALUE) {
  return schema.superRefine((value, context) => {
    const problem = typeof value === 'number' ? decimalProblem(value, rule) : null;
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
}

/** Positive integer: matches ^[1-9]\d*$ (counts, sizes, intervals a user types). */
export const POSITIVE_INTEGER = /^[1-9]\d*$/;
export const POSITIVE_INTEGER_MESSAGE = '请输入正整数';
export function isPositiveInteger(value: unknown): boolean {
  return POSITIVE_INTEGER.test(typeof value === 'number' ? String(value) : String(value ?? '').trim());
}
/**
 * A positive integer of a request, at most `max`. `message` replaces both the rule's and the
 * maximum's words where a field has its own (Modbus: 采集周期须为 1～86400 秒的整数).
 */
export function positiveInteger(max = Number.MAX_SAFE_INTEGER, message?: string) {
  return z.number().superRefine((value, context) => {
    const problem = positiveIntegerProblem(value, max, message);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
}
/**
 * What the positive-integer rule says of a value (a number, or typed as text): null when it
 * passes; 请输入数字！ when it is not a number, then the rule's or the field's own words.
 */
export function positiveIntegerProblem(
  value: unknown,
  max = Number.MAX_SAFE_INTEGER,
  message?: string,
): string | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (typeof value === 'number' ? !Number.isFinite(value) : !isNumberText(text)) return NUMBER_MESSAGE;
  if (!isPositiveInteger(text)) return message ?? POSITIVE_INTEGER_MESSAGE;
  if (Number(text) > max) return message ?? `不能大于${max}`;
  return null;
}
/** The same from a query string or path (page sizes). */
export function positiveIntegerParam(max = Number.MAX_SAFE_INTEGER) {
  return z.coerce.number().pipe(positiveInteger(max));
}

/**
 * A whole number in a range (limits, delays, retention days, register addresses): 请输入数字！ for
 * anything not a number, then `请输入min～max的整数` (or the field's own words).
 */
export function integerBetween(min: number, max: number, message = `请输入${min}～${max}的整数`) {
  return z.number().refine((value) => Number.isInteger(value) && value >= min && value <= max, message);
}

/** Spec core §5: a spreadsheet import given another kind of file is refused with this message. */
export const SPREADSHEET_FORMAT_MESSAGE = '上传的文件格式不正确,请选择.csv,.xls,.xlsx类型的文件';
/** A file named .csv/.xls/.xlsx whose content cannot be read as one. */
export const SPREADSHEET_UNREADABLE_MESSAGE = '无法读取表格，请确认文件是 .csv、.xls 或 .xlsx 格式且未损坏';
/** What the server reads as a spreadsheet (spec core §5). */
export const SPREADSHEET_FILE_NAME = /\.(csv|xls|xlsx)$/i;
