import type { ScopeType } from '@iot/contracts';
import type { Member } from '@iot/contracts/memberships';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

export class MembershipsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private select(scopeType: ScopeType, scopeId: number) {
    return this.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .innerJoin('roles as r', 'r.id', 'm.role_id')
      .select([
        'u.id as userId',
        'u.username',
        'u.realname',
        'u.mobile',
        'm.role_id as roleId',
        'r.name as roleName',
        'm.created_at as createdAt',
      ])
      .where('m.scope_type', '=', scopeType)
      .where('m.scope_id', '=', scopeId);
  }

  list(scopeType: ScopeType, scopeId: number): Promise<Member[]> {
    return this.select(scopeType, scopeId).orderBy('m.created_at').orderBy('u.id').execute();
  }

  get(scopeType: ScopeType, scopeId: number, userId: number): Promise<Member | undefined> {
    return this.select(scopeType, scopeId).where('m.user_id', '=', userId).executeTakeFirst();
  }

  async add(scopeType: ScopeType, scopeId: number, userId: number, roleId: number): Promise<void> {
    await this.db
      .insertInto('memberships')
      .values({
        scope_type: scopeType,
        scope_id: scopeId,
        user_id: userId,
        role_id: roleId,
        created_at: Date.now(),
      })
      .execute();
  }

  async setRole(scopeType: ScopeType, scopeId: number, userId: number, roleId: number): Promise<void> {
    await this.db
      .updateTable('memberships')
      .set({ role_id: roleId })
      .where('scope_type', '=', scopeType)
      .where('scope_id', '=', scopeId)
      .where('user_id', '=', userId)
      .execute();
  }

  async remove(scopeType: ScopeType, scopeId: number, userId: number): Promise<void> {
    await this.db
      .deleteFrom('memberships')
      .where('scope_type', '=', scopeType)
      .where('scope_id', '=', scopeId)
      .where('user_id', '=', userId)
      .execute();
  }

  async countWithRole(scopeType: ScopeType, scopeId: number, roleId: number): Promise<number> {
    const row = await this.db
      .selectFrom('memberships')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('scope_type', '=', scopeType)
      .where('scope_id', '=', scopeId)
      .where('role_id', '=', roleId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
