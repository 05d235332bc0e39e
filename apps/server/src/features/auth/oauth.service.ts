import { timingSafeEqual } from 'node:crypto';
import { ResultCode } from '@iot/contracts';
import {
  LoginMessages,
  MAX_PASSWORD_FAILURES,
  type TokenRequest,
  type TokenResponse,
} from '@iot/contracts/auth';
import { WEB_CLIENT_ID } from '@iot/contracts/clients';
import { type SignInWay, SystemMessages } from '@iot/contracts/system';
import { verifyPassword } from '../../platform/auth/passwords.js';
import type { SessionsRepository } from '../../platform/auth/sessions.repository.js';
import { randomToken, sha256, type TokenSigner } from '../../platform/auth/tokens.js';
import type { UserRow } from '../../platform/db/schema.js';
import { ApiError, badRequest, tokenExpired } from '../../platform/errors.js';
import type { ClientsService } from '../clients/index.js';
import type { UsersService } from '../users/index.js';
import type { PhoneCodesService } from './phone-codes.service.js';

function clientRefused(): ApiError {
  return new ApiError(ResultCode.TOKEN_ERROR, LoginMessages.BAD_CLIENT, 401);
}

/** The token endpoint's grants, sessions and their ending. */
export class OAuthService {
  constructor(
    private readonly options: { webClientSecret: string; refreshTtlSeconds: number },
    private readonly signer: TokenSigner,
    private readonly sessions: SessionsRepository,
    private readonly users: UsersService,
    private readonly clients: ClientsService,
    private readonly phoneCodes: PhoneCodesService,
    /** 系统配置's sign-in ways; client credentials and refreshing are never turned off. */
    private readonly signInWays: { isSignInWayOn(way: SignInWay): Promise<boolean> } = {
      isSignInWayOn: async () => true,
    },
  ) {}

  /** The OAuth client from HTTP Basic: the web app's built-in client or a registered integration. */
  async authenticateClient(authorization: string | undefined): Promise<string> {
    const encoded = authorization?.match(/^Basic\s+(\S+)$/i)?.[1];
    if (!encoded) throw clientRefused();
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw clientRefused();
    const clientId = decodeURIComponent(decoded.slice(0, colon));
    const secret = decodeURIComponent(decoded.slice(colon + 1));
    if (clientId === WEB_CLIENT_ID) {
      if (!sameText(secret, this.options.webClientSecret)) throw clientRefused();
      return clientId;
    }
    if (!(await this.clients.verify(clientId, secret))) throw clientRefused();
    return clientId;
  }

  /** Signs in (or refreshes); `signedIn` learns who, for the operation log, once a session exists. */
  async grant(
    request: TokenRequest,
    clientId: string,
    signedIn: (user: UserRow) => void = () => {},
  ): Promise<TokenResponse> {
    const issue = (user: UserRow, client: string) => {
      signedIn(user);
      return this.issue(user, client, request.loginWay);
    };
    if (
      request.grant_type !== 'refresh_token' &&
      request.grant_type !== 'client_credentials' &&
      !(await this.signInWays.isSignInWayOn(request.grant_type))
    )
      throw badRequest(SystemMessages.SIGN_IN_WAY_OFF);
    switch (request.grant_type) {
      case 'password':
        return issue(await this.passwordUser(request.username, request.password), clientId);
      case 'refresh_token':
        return this.refresh(request.refresh_token, request.loginWay);
      case 'client_credentials': {
        const client = await this.clients.verify(request.clientId, request.clientSecret);
        if (!client) throw clientRefused();
        return issue(await this.activeUser(await this.users.get(client.userId)), client.clientId);
      }
      case 'sms':
        return issue(await this.smsUser(request), clientId);
      case 'weixin':
        return issue(await this.boundUser('weixin', request.unionid), clientId);
      case 'dingding':
        return issue(await this.boundUser('dingding', request.openId), clientId);
    }
  }

  private async passwordUser(account: string, password: string): Promise<UserRow> {
    const user = await this.users.repository.findByAccount(account);
    const valid = await verifyPassword(user?.password_hash ?? null, password);
    if (!user) throw badRequest(LoginMessages.BAD_CREDENTIALS);
    if (user.locked) throw badRequest(LoginMessages.LOCKED);
    if (!valid) {
      const failures = await this.users.repository.recordFailedLogin(user.id);
      if (failures < MAX_PASSWORD_FAILURES) throw badRequest(LoginMessages.BAD_CREDENTIALS);
      await this.users.repository.update(user.id, { locked: 1 });
      throw badRequest(LoginMessages.LOCKED);
    }
    const active = await this.activeUser(user);
    if (user.failed_login_count > 0) await this.users.repository.update(user.id, { failed_login_count: 0 });
    return active;
  }

  private async smsUser(request: Extract<TokenRequest, { grant_type: 'sms' }>): Promise<UserRow> {
    if (!(await this.phoneCodes.verify(request.username, 'login', request.smscode, true))) {
      throw badRequest(LoginMessages.BAD_SMS_CODE);
    }
    const existing = await this.users.repository.findByAccount(request.username);
    if (existing) return this.activeUser(existing);
    // An unknown mobile registers: the proven mobile becomes the account name.
    return this.users.create({
      username: request.username,
      mobile: request.username,
      realname: request.realname || request.username,
      company: request.company,
      province: request.province,
      city: request.city,
      district: request.district,
      currentUserApplication: request.currentUserApplication,
    });
  }

  private async boundUser(platform: 'weixin' | 'dingding', externalId: string): Promise<UserRow> {
    const user = await this.users.repository.findByBinding(platform, externalId);
    if (!user) throw badRequest(LoginMessages.NOT_BOUND);
    return this.activeUser(user);
  }

  private async activeUser(user: UserRow): Promise<UserRow> {
    if (user.status !== 'enabled') throw badRequest(LoginMessages.DISABLED);
    if (user.expire_at !== null && user.expire_at <= Date.now()) throw badRequest(LoginMessages.EXPIRED);
    return user;
  }

  /** Rotation: each refresh token works once. Replaying a used one ends its whole session. */
  private async refresh(refreshToken: string, loginWay: TokenRequest['loginWay']): Promise<TokenResponse> {
    const consumed = await this.sessions.consumeRefreshToken(sha256(refreshToken));
    if (!consumed) throw tokenExpired(LoginMessages.REFRESH_INVALID);
    if (consumed.status === 'reused') {
      await this.sessions.revoke(consumed.sessionId);
      throw tokenExpired(LoginMessages.REFRESH_INVALID);
    }
    const user = await this.users.get(consumed.userId);
    try {
      await this.activeUser(user);
    } catch (error) {
      await this.sessions.revoke(consumed.sessionId);
      throw error;
    }
    return this.tokens(user, consumed.sessionId, consumed.clientId, loginWay);
  }

  private async issue(
    user: UserRow,
    clientId: string,
    loginWay: TokenRequest['loginWay'],
  ): Promise<TokenResponse> {
    const sessionId = randomToken(24);
    await this.sessions.create({
      id: sessionId,
      userId: user.id,
      clientId,
      loginWay,
      expiresAt: Date.now() + this.options.refreshTtlSeconds * 1000,
    });
    return this.tokens(user, sessionId, clientId, loginWay);
  }

  private async tokens(
    user: UserRow,
    sessionId: string,
    clientId: string,
    loginWay: TokenRequest['loginWay'],
  ): Promise<TokenResponse> {
    const refreshToken = randomToken(32);
    await this.sessions.addRefreshToken(
      sessionId,
      sha256(refreshToken),
      Date.now() + this.options.refreshTtlSeconds * 1000,
    );
    const accessToken = await this.signer.sign({
      userId: user.id,
      username: user.username,
      realname: user.realname,
      avatar: user.avatar,
      theme: user.theme,
      sid: sessionId,
      client_id: clientId,
      loginWay,
    });
    return {
      code: ResultCode.SUCCESS,
      message: '登录成功',
      access_token: accessToken,
      refresh_token: refreshToken,
      token_type: 'bearer',
      expires_in: this.signer.accessTtlSeconds,
    };
  }

  /** Ends the session an access token belongs to; the caller may end only their own. */
  async exit(callerUserId: number, accessToken: string): Promise<void> {
    const verification = await this.signer.verify(accessToken);
    if (verification.status !== 'valid' || verification.claims.userId !== callerUserId) {
      throw badRequest('accessToken 无效');
    }
    await this.sessions.revoke(verification.claims.sid);
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
