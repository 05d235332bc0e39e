import type { ScopeType } from '@iot/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface SessionState {
  userId: number;
  revokedAt: number | null;
  expiresAt: number;
  userStatus: string;
  userExpireAt: number | null;
  isSystemAdmin: boolean;
}

/** A member's role in one scope and its bits on one menu entry. */
export interface MembershipBits {
  roleId: number;
  bits: number;
  builtin: string | null;
}

/** The reads behind every permission check: a session, a membership's bits, a group's project. */
export class AccessRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async sessionState(sessionId: string): Promise<SessionState | undefined> {
    const row = await this.db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .leftJoin('memberships as m', (join) =>
        join.onRef('m.user_id', '=', 'u.id').on('m.scope_type', '=', 'system').on('m.scope_id', '=', 0),
      )
      .leftJoin('roles as r', 'r.id', 'm.role_id')
      .select(['s.user_id', 's.revoked_at', 's.expires_at', 'u.status', 'u.expire_at', 'r.builtin'])
      .where('s.id', '=', sessionId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      userId: row.user_id,
      revokedAt: row.revoked_at,
      expiresAt: row.expires_at,
      userStatus: row.status,
      userExpireAt: row.expire_at,
      isSystemAdmin: row.builtin === 'admin',
    };
  }

  /**
   * The caller's role in one scope and its bits on one menu entry; undefined when not a member.
   * A built-in administrator role stores no functions: it holds every entry of its scope.
   */
  async membership(
    userId: number,
    scopeType: ScopeType,
    scopeId: number,
    menuCode: string,
  ): Promise<MembershipBits | undefined> {
    const row = await this.db
      .selectFrom('memberships as m')
      .innerJoin('roles as r', 'r.id', 'm.role_id')
      .leftJoin('role_functions as f', (join) =>
        join.onRef('f.role_id', '=', 'm.role_id').on('f.menu_code', '=', menuCode),
      )
      .select(['m.role_id', 'f.permission', 'r.builtin'])
      .where('m.user_id', '=', userId)
      .where('m.scope_type', '=', scopeType)
      .where('m.scope_id', '=', scopeId)
      .executeTakeFirst();
    if (!row) return undefined;
    return { roleId: row.role_id, bits: row.permission ?? 0, builtin: row.builtin };
  }

  /** The project a group (the project itself, an area or a site) belongs to. */
  async projectOfGroup(groupId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('groups')
      .select('project_id')
      .where('id', '=', groupId)
      .executeTakeFirst();
    return row?.project_id ?? undefined;
  }

  async scopeExists(scopeType: 'firm' | 'corporation', scopeId: number): Promise<boolean> {
    const table = scopeType === 'firm' ? 'gateway_firms' : 'corporations';
    const row = await this.db.selectFrom(table).select('id').where('id', '=', scopeId).executeTakeFirst();
    return row !== undefined;
  }
}
