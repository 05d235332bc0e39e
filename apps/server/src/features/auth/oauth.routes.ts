import { ResultCode } from '@iot/contracts';
import {
  checkTokenQuery,
  checkTokenResponse,
  exitQuery,
  type TokenRequest,
  tokenRequest,
  tokenResponse,
} from '@iot/contracts/auth';
import type { AccessService } from '../../platform/auth/access.service.js';
import { tooManyRequests } from '../../platform/errors.js';
import { noteOperation } from '../../platform/http/operation.js';
import type { Router } from '../../platform/http/route.js';
import { RateLimiter } from '../../platform/rate-limit.js';
import type { OAuthService } from './oauth.service.js';

const tags = ['认证'];

const SIGN_IN_WAYS: Record<Exclude<TokenRequest['grant_type'], 'refresh_token'>, string> = {
  password: '账号密码',
  sms: '手机验证码',
  client_credentials: '客户端凭据',
  weixin: '微信',
  dingding: '钉钉',
};

/** The account a sign-in names, as typed (never the password, code or secret). */
function accountOf(body: TokenRequest): string {
  switch (body.grant_type) {
    case 'password':
    case 'sms':
      return body.username.slice(0, 64);
    case 'client_credentials':
      return body.clientId.slice(0, 64);
    default:
      return '';
  }
}

export function registerOAuthRoutes(
  router: Router,
  oauth: OAuthService,
  access: AccessService,
  tokenRateLimitPerMinute: number,
): void {
  const limiter = new RateLimiter(tokenRateLimitPerMinute, 60_000);

  router.publicRoute({
    method: 'POST',
    url: '/iot/oauth/token',
    summary:
      '获取令牌：password、refresh_token、client_credentials、sms、weixin、dingding 授权（客户端凭据用 HTTP Basic）',
    tags,
    form: true,
    raw: true,
    body: tokenRequest,
    response: tokenResponse,
    handler: async ({ body, request }) => {
      // Sign-ins go into the operation log, refused ones too (with the account as typed); refreshes do not.
      if (body.grant_type !== 'refresh_token')
        noteOperation(request, {
          kind: 'signIn',
          username: accountOf(body),
          summary: `登录（${SIGN_IN_WAYS[body.grant_type]}）`,
        });
      if (!limiter.hit(request.ip)) throw tooManyRequests();
      const clientId = await oauth.authenticateClient(request.headers.authorization);
      return oauth.grant(body, clientId, (user) =>
        noteOperation(request, { userId: user.id, username: user.username }),
      );
    },
  });

  router.publicRoute({
    method: 'POST',
    url: '/iot/oauth/check_token',
    summary: '检查访问令牌是否有效',
    tags,
    raw: true,
    query: checkTokenQuery,
    response: checkTokenResponse,
    handler: async ({ query }) => {
      try {
        const auth = await access.authenticateToken(query.token);
        return {
          code: ResultCode.SUCCESS,
          message: '令牌有效',
          active: true,
          exp: auth.claims.exp,
          userId: auth.userId,
          username: auth.username,
          client_id: auth.clientId,
        };
      } catch {
        return { code: ResultCode.SUCCESS, message: '令牌无效', active: false };
      }
    },
  });

  router.route({
    method: 'POST',
    url: '/iot/exit',
    summary: '退出登录：结束令牌所属会话，其刷新令牌与访问令牌随即失效',
    tags,
    access: 'authenticated',
    query: exitQuery,
    operation: 'signOut',
    handler: ({ auth, query }) => oauth.exit(auth.userId, query.accessToken),
  });
}
