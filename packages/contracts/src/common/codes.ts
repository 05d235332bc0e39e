/** Body codes of spec core §8. HTTP statuses travel beside them; clients read the body code first. */
export const ResultCode = {
  SUCCESS: 20000,
  ERROR: 40000,
  TOKEN_ERROR: 40001,
  CACHED_ERROR: 40002,
  TOKEN_EXPIRED: 50001,
  IGNORED: 50002,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/** Messages the server answers with, in the spec's exact wording where the spec fixes one. */
export const Messages = {
  SUCCESS: '操作成功',
  SYSTEM_ERROR: '系统异常,请联系管理员!',
  NOT_FOUND: '请求的资源不存在',
  TOKEN_INVALID: '无效的访问令牌',
  TOKEN_EXPIRED: '您的登录状态已过期,请重新登录!',
  TOKEN_MISSING: '缺少访问令牌',
  FORBIDDEN: '没有操作权限',
  MENU_MISSING: '菜单不存在!',
  DELETE_FAILED: '删除失败！',
  DELETE_SUCCESS: '删除成功',
  TOO_MANY_REQUESTS: '请求过于频繁，请稍后再试！',
  /** HTTP 503 while the database is away (decision 0027); not in the spec. */
  DATABASE_UNAVAILABLE: '数据库暂时不可用，请稍后再试',
  ACCOUNT_DEACTIVATED: '当前账号已停用，无法进行操作！',
  ACCOUNT_EXPIRED_OPERATION: '当前账号已过期，无法进行操作！',
} as const;
