import { z } from 'zod';
import { imageAddress, requiredText } from '../common/validation.js';
import { DEFAULT_THEME, theme } from '../users/index.js';

/** Ways to sign in a system administrator may turn on or off (docs/decisions/0039). */
export const SIGN_IN_WAYS = ['password', 'sms', 'weixin', 'dingding'] as const;
export type SignInWay = (typeof SIGN_IN_WAYS)[number];
export const SIGN_IN_WAY_LABELS: Record<SignInWay, string> = {
  password: '账号密码登录',
  sms: '手机验证码登录',
  weixin: '微信登录',
  dingding: '钉钉登录',
};

/** 系统配置: what the sign-in page shows and which ways to sign in are on. Persisted, one per system. */
export const systemSettings = z.object({
  /** The page title and the sign-in page's heading (a custom domain's loginSystemName wins on its host). */
  systemName: z.string(),
  /** One line under the heading on the sign-in page; empty shows nothing. */
  loginTitle: z.string(),
  /** A second, smaller line (e.g. the operator's hotline). */
  loginSubtitle: z.string(),
  logoUrl: z.string(),
  /** The theme of the sign-in page and of accounts created from now on. */
  defaultTheme: theme,
  signInWays: z.array(z.enum(SIGN_IN_WAYS)),
  /** 新手引导 opens by itself once for an account that has not finished it (docs/decisions/0067). */
  guideForNewUsers: z.boolean(),
});
export type SystemSettings = z.infer<typeof systemSettings>;

export const SystemMessages = {
  NO_SIGN_IN_WAY: '至少开启账号密码登录或手机验证码登录中的一种',
  SIGN_IN_WAY_OFF: '该登录方式已关闭',
} as const;

export const systemSettingsBody = z.object({
  systemName: requiredText(32),
  loginTitle: z.string().trim().max(64, '最多输入64个字符').default(''),
  loginSubtitle: z.string().trim().max(64, '最多输入64个字符').default(''),
  logoUrl: imageAddress.default(''),
  defaultTheme: theme.default(DEFAULT_THEME),
  signInWays: z
    .array(z.enum(SIGN_IN_WAYS))
    .refine((ways) => ways.includes('password') || ways.includes('sms'), SystemMessages.NO_SIGN_IN_WAY)
    .transform((ways) => SIGN_IN_WAYS.filter((w) => ways.includes(w))),
  guideForNewUsers: z.boolean().default(true),
});

/** Public facts the sign-in page needs before anyone has signed in (GET /iot/system/info). */
export const systemInfo = z.object({
  /** The customer's name on their own domain (custom domain configuration), else the configured name. */
  systemName: z.string(),
  logoUrl: z.string(),
  loginTitle: z.string(),
  loginSubtitle: z.string(),
  defaultTheme: theme,
  passwordLoginEnabled: z.boolean(),
  smsLoginEnabled: z.boolean(),
  /** Third-party sign-in buttons show only when turned on here. */
  weixinEnabled: z.boolean(),
  dingdingEnabled: z.boolean(),
  /** Port of the embedded MQTT broker devices connect to. */
  mqttPort: z.number(),
  /** Whether 新手引导 opens by itself for an account that has not finished it. */
  guideForNewUsers: z.boolean(),
});
export type SystemInfo = z.infer<typeof systemInfo>;
