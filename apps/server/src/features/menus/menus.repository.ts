import type { ScopeType } from '@iot/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

export interface ScopeRole {
  builtin: string | null;
  /** menu code → bits, as stored on the role (empty for a built-in administrator role). */
  functions: Map<string, number>;
}

export class MenusRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The caller's role in a scope, or undefined when they are not a member there. */
  async roleIn(userId: number, scopeType: ScopeType, scopeId: number): Promise<ScopeRole | undefined> {
    const membership = await this.db
      .selectFrom('memberships as m')
      .innerJoin('roles as r', 'r.id', 'm.role_id')
      .select(['r.id', 'r.builtin'])
      .where('m.user_id', '=', userId)
      .where('m.scope_type', '=', scopeType)
      .where('m.scope_id', '=', scopeId)
      .executeTakeFirst();
    if (!membership) return undefined;
    const functions = await this.db
      .selectFrom('role_functions')
      .select(['menu_code', 'permission'])
      .where('role_id', '=', membership.id)
      .execute();
    return {
      builtin: membership.builtin,
      functions: new Map(functions.map((f) => [f.menu_code, f.permission])),
    };
  }

  /** Whether a firm or corporation exists; the system always does, and projects resolve via their groups. */
  async scopeExists(scopeType: ScopeType, scopeId: number): Promise<boolean> {
    if (scopeType !== 'firm' && scopeType !== 'corporation') return true;
    const table = scopeType === 'firm' ? 'gateway_firms' : 'corporations';
    const row = await this.db.selectFrom(table).select('id').where('id', '=', scopeId).executeTakeFirst();
    return row !== undefined;
  }

  async projectOfGroup(groupId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('groups')
      .select('project_id')
      .where('id', '=', groupId)
      .executeTakeFirst();
    return row?.project_id ?? undefined;
  }
}
