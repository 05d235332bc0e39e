import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { AccessCache } from './access.cache.js';

/**
 * Sign-in sessions and their rotating refresh tokens. A session lives until its refresh token
 * chain expires or it is revoked; access tokens name their session, so revoking it refuses them.
 */
export class SessionsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly access: Pick<AccessCache, 'changed' | 'onChanged'>,
  ) {}

  /**
   * Told when a user's open sessions may have stopped being valid (revoked, or the account
   * deactivated, expired or deleted), on this node or another, so live connections check again at
   * once rather than on their next periodic check.
   */
  onUserChanged(listener: (userId: number) => void): () => void {
    return this.access.onChanged((change) => {
      if (change.kind === 'user') listener(change.userId);
    });
  }

  /** The account's state or sessions changed: every node's access cache forgets the user. */
  userChanged(userId: number): Promise<void> {
    return this.access.changed({ kind: 'user', userId });
  }

  async create(session: {
    id: string;
    userId: number;
    clientId: string;
    loginWay: string;
    expiresAt: number;
  }) {
    await this.db
      .insertInto('sessions')
      .values({
        id: session.id,
        user_id: session.userId,
        client_id: session.clientId,
        login_way: session.loginWay,
        created_at: Date.now(),
        expires_at: session.expiresAt,
        revoked_at: null,
      })
      .execute();
  }

  async addRefreshToken(sessionId: string, tokenHash: string, expiresAt: number): Promise<void> {
    await this.db
      .insertInto('refresh_tokens')
      .values({ token_hash: tokenHash, session_id: sessionId, expires_at: expiresAt, used_at: null })
      .execute();
  }

  /**
   * Marks a refresh token used, once: answers its session when this call was the one that used it,
   * 'reused' when it had been used before (a stolen token being replayed), undefined when unknown.
   */
  async consumeRefreshToken(
    tokenHash: string,
  ): Promise<
    | { status: 'ok'; sessionId: string; userId: number; clientId: string }
    | { status: 'reused'; sessionId: string }
    | undefined
  > {
    const now = Date.now();
    const row = await this.db
      .selectFrom('refresh_tokens as t')
      .innerJoin('sessions as s', 's.id', 't.session_id')
      .select(['t.session_id', 't.used_at', 't.expires_at', 's.revoked_at', 's.user_id', 's.client_id'])
      .where('t.token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!row || row.revoked_at !== null || row.expires_at <= now) return undefined;
    if (row.used_at !== null) return { status: 'reused', sessionId: row.session_id };
    const result = await this.db
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    // Two requests racing with one token: only the one whose update landed wins.
    if (Number(result.numUpdatedRows) !== 1) return { status: 'reused', sessionId: row.session_id };
    return { status: 'ok', sessionId: row.session_id, userId: row.user_id, clientId: row.client_id };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: Date.now() })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
    await this.access.changed({ kind: 'session', sessionId });
  }

  /** Ends every session of a user, but one (the caller's own, when changing a password). */
  async revokeAllOfUser(userId: number, exceptSessionId?: string): Promise<void> {
    let query = this.db
      .updateTable('sessions')
      .set({ revoked_at: Date.now() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
    await query.execute();
    await this.userChanged(userId);
  }

  async userOfSession(sessionId: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .select('user_id')
      .where('id', '=', sessionId)
      .executeTakeFirst();
    return row?.user_id;
  }

  /** Housekeeping: sessions whose refresh chain ended a day ago go, their tokens with them. */
  async deleteExpired(): Promise<void> {
    await this.db
      .deleteFrom('sessions')
      .where('expires_at', '<', Date.now() - 24 * 3600 * 1000)
      .execute();
  }
}
