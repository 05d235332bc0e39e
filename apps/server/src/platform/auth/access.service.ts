import { hasPermission, Messages, type ScopeType } from '@iot/contracts';
import type { AccessTokenClaims } from '@iot/contracts/auth';
import { builtinAdminBits } from '@iot/contracts/menus';
import { forbidden, notFound, tokenExpired, tokenInvalid } from '../errors.js';
import type { AccessCache, AccessChange } from './access.cache.js';
import type { TokenSigner } from './tokens.js';

/** Who is calling, established from a valid access token of a live session. */
export interface AuthContext {
  userId: number;
  username: string;
  sessionId: string;
  clientId: string;
  isSystemAdmin: boolean;
  claims: AccessTokenClaims;
}

/** The tenant a scoped route acts in, after the check: for projects, the project's root group id. */
export interface ResolvedScope {
  type: ScopeType;
  id: number;
}

/** A requirement on this menu code is met by any membership in the scope, whatever the role. */
export const ANY_MEMBER = '*';

export interface Requirement {
  /**
   * Menu code, or ANY_MEMBER; or several codes, met by `bit` on any one of them (reads shared by
   * several screens, e.g. indicator metadata: docs/decisions/0031).
   */
  menu: string | readonly string[];
  bit: number;
  scope: ScopeType;
}

/**
 * The one place that decides whether a call may run. Routes declare a Requirement; this
 * resolves the caller's role in the scope and refuses before any handler code runs.
 */
export class AccessService {
  constructor(
    private readonly repository: AccessCache,
    private readonly signer: TokenSigner,
  ) {}

  /**
   * Says that something the checks read has changed (await it after the write committed, before the
   * request answers): this node forgets it at once; it resolves once the broker has taken the news
   * for the other nodes.
   */
  changed(change: AccessChange): Promise<void> {
    return this.repository.changed(change);
  }

  /** Bearer token → caller. Expired or revoked: 50001. Malformed or forged: 40001. */
  async authenticate(authorization: string | undefined): Promise<AuthContext> {
    const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (!token) throw tokenExpired(Messages.TOKEN_MISSING);
    return this.authenticateToken(token);
  }

  async authenticateToken(token: string): Promise<AuthContext> {
    const verification = await this.signer.verify(token);
    if (verification.status === 'invalid') throw tokenInvalid();
    if (verification.status === 'expired') throw tokenExpired();
    const { claims } = verification;
    const session = await this.repository.sessionState(claims.sid);
    const now = Date.now();
    if (!session) throw tokenExpired();
    // The account's state first: deactivating revokes the sessions too, and the person must be told why.
    if (session.userStatus !== 'enabled') throw tokenExpired(Messages.ACCOUNT_DEACTIVATED);
    if (session.userExpireAt !== null && session.userExpireAt <= now)
      throw tokenExpired(Messages.ACCOUNT_EXPIRED_OPERATION);
    if (session.revokedAt !== null || session.expiresAt <= now) throw tokenExpired();
    return {
      userId: claims.userId,
      username: claims.username,
      sessionId: claims.sid,
      clientId: claims.client_id,
      isSystemAdmin: session.isSystemAdmin,
      claims,
    };
  }

  /** Whether the user is a member of the scope, whatever the role (answered from the same cache as the checks). */
  async isMember(userId: number, scope: ScopeType, scopeId: number): Promise<boolean> {
    return (await this.repository.membership(userId, scope, scopeId, ANY_MEMBER)) !== undefined;
  }

  /**
   * Refuses unless the caller holds `bit` on `menu` (on one of the menus, when several are named)
   * in the scope; answers the resolved scope.
   */
  async authorize(auth: AuthContext, requirement: Requirement, rawScopeId: number): Promise<ResolvedScope> {
    const scopeId = await this.resolveScopeId(auth, requirement.scope, rawScopeId);
    const resolved = { type: requirement.scope, id: scopeId };
    if (auth.isSystemAdmin) return resolved;
    const menus = typeof requirement.menu === 'string' ? [requirement.menu] : requirement.menu;
    // One cached lookup per code, in order: the first code a role commonly holds comes first.
    for (const menu of menus) {
      const membership = await this.repository.membership(auth.userId, requirement.scope, scopeId, menu);
      if (!membership) throw forbidden();
      if (menu === ANY_MEMBER) return resolved;
      const bits =
        membership.builtin === 'admin' ? builtinAdminBits(requirement.scope, menu) : membership.bits;
      if (hasPermission(bits, requirement.bit)) return resolved;
    }
    throw forbidden();
  }

  private async resolveScopeId(auth: AuthContext, scope: ScopeType, rawScopeId: number): Promise<number> {
    if (scope === 'system') return 0;
    if (scope === 'project') {
      const projectId = await this.repository.projectOfGroup(rawScopeId);
      // Only a system administrator learns that an id does not exist; others are simply refused.
      if (projectId === undefined) throw auth.isSystemAdmin ? notFound('分组不存在') : forbidden();
      return projectId;
    }
    if (auth.isSystemAdmin && !(await this.repository.scopeExists(scope, rawScopeId))) throw notFound();
    return rawScopeId;
  }
}
