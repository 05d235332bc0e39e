import type { Page, ScopeType } from '@iot/contracts';
import type { Member, MemberListQuery, MemberOption } from '@iot/contracts/memberships';
import type { Kysely } from 'kysely';
import { paginate } from '../../platform/db/paging.js';
import type { Database } from '../../platform/db/schema.js';
import { containsText } from '../../platform/db/search.js';

interface MemberRow extends Omit<Member, 'admin' | 'lastAdmin' | 'createdAt'> {
  createdAt: number | string;
  roleBuiltin: string | null;
  admins: number | string | null;
}

function present(row: MemberRow): Member {
  const admin = row.roleBuiltin === 'admin';
  return {
    userId: row.userId,
    username: row.username,
    realname: row.realname,
    mobile: row.mobile,
    roleId: row.roleId,
    roleName: row.roleName,
    admin,
    lastAdmin: admin && Number(row.admins ?? 0) <= 1,
    createdAt: Number(row.createdAt),
  };
}

export class MembershipsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private members(scopeType: ScopeType, scopeId: number) {
    return this.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .innerJoin('roles as r', 'r.id', 'm.role_id')
      .where('m.scope_type', '=', scopeType)
      .where('m.scope_id', '=', scopeId);
  }

  private select(scopeType: ScopeType, scopeId: number) {
    // How many administrators the scope has: its only one may not go (decided per row, one query).
    const admins = this.db
      .selectFrom('memberships as a')
      .innerJoin('roles as ar', 'ar.id', 'a.role_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('a.scope_type', '=', scopeType)
      .where('a.scope_id', '=', scopeId)
      .where('ar.builtin', '=', 'admin');
    return this.members(scopeType, scopeId).select([
      'u.id as userId',
      'u.username',
      'u.realname',
      'u.mobile',
      'm.role_id as roleId',
      'r.name as roleName',
      'r.builtin as roleBuiltin',
      admins.as('admins'),
      'm.created_at as createdAt',
    ]);
  }

  /** One page of the scope's members in the order they joined. */
  page(scopeType: ScopeType, scopeId: number, query: MemberListQuery): Promise<Page<Member>> {
    let q = this.select(scopeType, scopeId);
    const { keyword, roleId } = query;
    if (keyword)
      q = q.where((eb) =>
        eb.or([
          containsText('u.username', keyword),
          containsText('u.realname', keyword),
          containsText('u.mobile', keyword),
        ]),
      );
    if (roleId !== undefined) q = q.where('m.role_id', '=', roleId);
    return paginate(q, query, (o) => o.orderBy('m.created_at').orderBy('u.id'), present);
  }

  /** Every member of the scope, for pickers. */
  options(scopeType: ScopeType, scopeId: number): Promise<MemberOption[]> {
    return this.members(scopeType, scopeId)
      .select(['u.id as userId', 'u.username', 'u.realname', 'u.mobile', 'm.role_id as roleId'])
      .orderBy('m.created_at')
      .orderBy('u.id')
      .execute();
  }

  async get(scopeType: ScopeType, scopeId: number, userId: number): Promise<Member | undefined> {
    const row = await this.select(scopeType, scopeId).where('m.user_id', '=', userId).executeTakeFirst();
    return row && present(row);
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
