import type { ScopeType } from '@iot/contracts';
import type { LoginRole, UserListQuery } from '@iot/contracts/users';
import type { Kysely } from 'kysely';
import { paginate } from '../../platform/db/paging.js';
import type { Database, NewUser, UserRow, UserUpdate } from '../../platform/db/schema.js';
import { containsText } from '../../platform/db/search.js';
import { presentUser } from './users.presenter.js';

/** The system scope's name in a role list (its title in the top bar, spec core §2). */
const SYSTEM_SCOPE_NAME = '系统管理';

/** Users and their third-party bindings: the only code that touches those tables. */
export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByUsername(username: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  }

  findByMobile(mobile: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst();
  }

  /** A sign-in name is a username or a mobile number. */
  async findByAccount(account: string): Promise<UserRow | undefined> {
    return (await this.findByUsername(account)) ?? (await this.findByMobile(account));
  }

  async findByBinding(platform: string, externalId: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('user_bindings as b')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .selectAll('u')
      .where('b.platform', '=', platform)
      .where('b.external_id', '=', externalId)
      .executeTakeFirst();
  }

  async create(user: Omit<NewUser, 'created_at' | 'updated_at'>): Promise<UserRow> {
    const now = Date.now();
    return this.db
      .insertInto('users')
      .values({ ...user, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(id: number, patch: Omit<UserUpdate, 'id' | 'created_at'>): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ ...patch, updated_at: Date.now() })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }

  /** Counts a wrong password; answers the count of wrong passwords in a row. */
  async recordFailedLogin(id: number): Promise<number> {
    const row = await this.db
      .updateTable('users')
      .set((eb) => ({ failed_login_count: eb('failed_login_count', '+', 1) }))
      .where('id', '=', id)
      .returning('failed_login_count')
      .executeTakeFirstOrThrow();
    return row.failed_login_count;
  }

  /** Whether the user holds the system scope's built-in administrator role. */
  async isSystemAdmin(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('memberships as m')
      .innerJoin('roles as r', 'r.id', 'm.role_id')
      .select('r.builtin')
      .where('m.scope_type', '=', 'system')
      .where('m.user_id', '=', userId)
      .executeTakeFirst();
    return row?.builtin === 'admin';
  }

  async isUsernameTaken(username: string, excludeId?: number): Promise<boolean> {
    let query = this.db.selectFrom('users').select('id').where('username', '=', username);
    if (excludeId) query = query.where('id', '!=', excludeId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async isMobileTaken(mobile: string, excludeId?: number): Promise<boolean> {
    let query = this.db.selectFrom('users').select('id').where('mobile', '=', mobile);
    if (excludeId) query = query.where('id', '!=', excludeId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  list(pageQuery: UserListQuery, now: number) {
    const { keyword, state } = pageQuery;
    let query = this.db.selectFrom('users').selectAll();
    if (state === 'enabled') query = query.where('status', '!=', 'disabled');
    if (state === 'disabled') query = query.where('status', '=', 'disabled');
    if (state === 'locked') query = query.where('locked', '=', 1);
    if (state === 'expired') query = query.where('expire_at', 'is not', null).where('expire_at', '<', now);
    if (keyword) {
      query = query.where((eb) =>
        eb.or([
          containsText('username', keyword),
          containsText('realname', keyword),
          containsText('mobile', keyword),
        ]),
      );
    }
    return paginate(query, pageQuery, (q) => q.orderBy('id'), presentUser);
  }

  /**
   * The user's memberships with the role held in each and the scope's name, ordered system,
   * corporations, firms, projects, then by name. A project's name is its top group's.
   */
  async roles(userId: number): Promise<LoginRole[]> {
    const rows = await this.db
      .selectFrom('memberships as m')
      .innerJoin('roles as r', 'r.id', 'm.role_id')
      .leftJoin('groups as g', (join) =>
        join.onRef('g.id', '=', 'm.scope_id').on('m.scope_type', '=', 'project'),
      )
      .leftJoin('gateway_firms as f', (join) =>
        join.onRef('f.id', '=', 'm.scope_id').on('m.scope_type', '=', 'firm'),
      )
      .leftJoin('corporations as c', (join) =>
        join.onRef('c.id', '=', 'm.scope_id').on('m.scope_type', '=', 'corporation'),
      )
      .select([
        'm.scope_type',
        'm.scope_id',
        'r.id as role_id',
        'r.name as role_name',
        'g.name as project_name',
        'f.name as firm_name',
        'c.name as corporation_name',
      ])
      .where('m.user_id', '=', userId)
      .execute();
    const roles = rows.map(
      (row): LoginRole => ({
        scopeType: row.scope_type as ScopeType,
        scopeId: row.scope_id,
        scopeName: row.project_name ?? row.firm_name ?? row.corporation_name ?? SYSTEM_SCOPE_NAME,
        roleId: row.role_id,
        roleName: row.role_name,
      }),
    );
    const order = ['system', 'corporation', 'firm', 'project'];
    return roles.sort(
      (a, b) =>
        order.indexOf(a.scopeType) - order.indexOf(b.scopeType) ||
        a.scopeName.localeCompare(b.scopeName, 'zh-CN') ||
        a.scopeId - b.scopeId,
    );
  }

  async bindings(userId: number): Promise<Record<string, string>> {
    const rows = await this.db
      .selectFrom('user_bindings')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    return Object.fromEntries(rows.map((row) => [row.platform, row.external_id]));
  }

  /** Sets or clears (null) the user's binding on one platform. */
  async setBinding(userId: number, platform: string, externalId: string | null): Promise<void> {
    await this.db
      .deleteFrom('user_bindings')
      .where('user_id', '=', userId)
      .where('platform', '=', platform)
      .execute();
    if (externalId === null) return;
    await this.db
      .deleteFrom('user_bindings')
      .where('platform', '=', platform)
      .where('external_id', '=', externalId)
      .execute();
    await this.db
      .insertInto('user_bindings')
      .values({ user_id: userId, platform, external_id: externalId })
      .execute();
  }
}
