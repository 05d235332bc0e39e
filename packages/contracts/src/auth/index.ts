import { z } from 'zod';
import { mobile } from '../common/validation.js';

/** Login failure messages of spec core §8, exact. */
export const LoginMessages = {
  BAD_CREDENTIALS: '您输入的账号或密码不正确，请重试！',
  NOT_BOUND: '未绑定账户！',
  BAD_SMS_CODE: '验证码错误！',
  LOCKED: '对不起，您的密码错误次数过多，已被锁定，请联系系统管理员！',
  EXPIRED: '当前账号已到期，无法登录！',
  DISABLED: '当前账号已停用，无法登录！',
  BAD_CLIENT: '客户端认证失败',
  BAD_GRANT: '不支持的授权类型',
  REFRESH_INVALID: '刷新令牌无效或已过期',
} as const;

/** Consecutive wrong passwords that lock an account until a system administrator unlocks it. */
export const MAX_PASSWORD_FAILURES = 5;

export const LOGIN_WAYS = ['web', 'app', 'applet', 'api'] as const;
export const loginWay = z.enum(LOGIN_WAYS);
export type LoginWay = z.infer<typeof loginWay>;

const base = { loginWay };

export const passwordGrant = z.object({
  grant_type: z.literal('password'),
  username: z.string().trim().min(1, '请输入账号'),
  password: z.string().min(1, '请输入密码'),
  ...base,
});
export const refreshGrant = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string().min(1),
  ...base,
});
export const clientCredentialsGrant = z.object({
  grant_type: z.literal('client_credentials'),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  ...base,
});
export const smsGrant = z.object({
  grant_type: z.literal('sms'),
  username: mobile,
  smscode: z.string().min(1, '请输入手机验证码'),
  realname: z.string().trim().max(32).optional(),
  company: z.string().trim().max(64).optional(),
  province: z.string().trim().max(32).optional(),
  city: z.string().trim().max(32).optional(),
  district: z.string().trim().max(32).optional(),
  currentUserApplication: z.string().trim().max(64).optional(),
  ...base,
});
export const weixinGrant = z.object({ grant_type: z.literal('weixin'), unionid: z.string().min(1), ...base });
export const dingdingGrant = z.object({
  grant_type: z.literal('dingding'),
  openId: z.string().min(1),
  ...base,
});

/** The form of `POST /iot/oauth/token`: one shape per grant type. */
export const tokenRequest = z.discriminatedUnion('grant_type', [
  passwordGrant,
  refreshGrant,
  clientCredentialsGrant,
  smsGrant,
  weixinGrant,
  dingdingGrant,
]);
export type TokenRequest = z.infer<typeof tokenRequest>;
export type GrantType = TokenRequest['grant_type'];

/** The answer of the token endpoint: OAuth fields plus the platform envelope's code and message. */
export const tokenResponse = z.object({
  code: z.number().int(),
  message: z.string(),
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

/** Claims of the signed access token (spec core §3: userId, realname, avatar, username, exp, theme). */
export const accessTokenClaims = z.object({
  userId: z.number().int(),
  username: z.string(),
  realname: z.string(),
  avatar: z.string(),
  theme: z.string(),
  exp: z.number().int(),
  iat: z.number().int(),
  /** The session this token belongs to; revoking the session refuses the token. */
  sid: z.string(),
  /** Random per token: two tokens minted in one second for one session still differ. */
  jti: z.string(),
  client_id: z.string(),
  loginWay,
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaims>;

export const checkTokenQuery = z.object({ token: z.string().min(1) });
export const checkTokenResponse = z.object({
  code: z.number().int(),
  message: z.string(),
  active: z.boolean(),
  exp: z.number().int().optional(),
  userId: z.number().int().optional(),
  username: z.string().optional(),
  client_id: z.string().optional(),
});

export const exitQuery = z.object({
  accessToken: z.string().min(1),
  loginWayEnumOp: z.string().optional(),
});

/** Purposes of a phone code; a code sent for one purpose works only for it. */
export const MOBILE_CODE_TYPES = ['login', 'register', 'resetPassword', 'bind'] as const;
export const mobileCodeType = z.enum(MOBILE_CODE_TYPES);

export const sendPhoneCodeBody = z.object({ mobile, mobileCodeType: mobileCodeType.default('login') });
export const checkPhoneCodeBody = z.object({
  mobile,
  mobileCode: z.string().min(1, '请输入手机验证码'),
  mobileCodeType: mobileCodeType.default('login'),
});

export const PhoneCodeMessages = {
  SENT: '验证码已发送',
  TOO_SOON: '验证码发送过于频繁，请稍后再试！',
  DAILY_LIMIT: '今日验证码发送次数已达上限',
} as const;

/** Seconds a phone code stays valid, and the wait before another may be sent to the same mobile. */
export const PHONE_CODE_TTL_SECONDS = 300;
export const PHONE_CODE_RESEND_SECONDS = 60;
export const PHONE_CODE_DAILY_LIMIT = 10;
