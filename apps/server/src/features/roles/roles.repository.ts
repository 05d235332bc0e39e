import type { Page, ScopeType } from '@iot/contracts';
import type { Role, RoleFunction, RoleListQuery, RoleOption } from '@iot/contracts/roles';
import type { Kysely } from 'kysely';
import { paginate } from '../../platform/db/paging.js';
import type { Database, RoleRow } from '../../platform/db/schema.js';
import { containsText } from '../../platform/db/search.js';

export interface RoleInput {
  name: string;
  description: string;
  functions: RoleFunction[];
}

/** Roles of one scope; every read and write names the scope, so no role leaks across tenants. */
export class RolesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private ofScope(scopeType: ScopeType, scopeId: number) {
    return this.db.selectFrom('roles').where('scope_type', '=', scopeType).where('scope_id', '=', scopeId);
  }

  /** One page of the scope's roles in the order they were made (the built-in one first). */
  async page(scopeType: ScopeType, scopeId: number, query: RoleListQuery): Promise<Page<Role>> {
    let q = this.ofScope(scopeType, scopeId).selectAll();
    const { keyword, source } = query;
    if (keyword)
      q = q.where((eb) => eb.or([containsText('name', keyword), containsText('description', keyword)]));
    if (source === 'builtin') q = q.where('builtin', 'is not', null);
    if (source === 'custom') q = q.where('builtin', 'is', null);
    const page = await paginate(
      q,
      query,
      (o) => o.orderBy('id'),
      (row) => row,
    );
    return { ...page, list: await this.withFunctions(page.list) };
  }

  /** Every role of the scope, for pickers. */
  options(scopeType: ScopeType, scopeId: number): Promise<RoleOption[]> {
    return this.ofScope(scopeType, scopeId).select(['id', 'name', 'builtin']).orderBy('id').execute();
  }

  async get(scopeType: ScopeType, scopeId: number, id: number): Promise<Role | undefined> {
    const row = await this.db
      .selectFrom('roles')
      .selectAll()
      .where('scope_type', '=', scopeType)
      .where('scope_id', '=', scopeId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && (await this.withFunctions([row]))[0];
  }

  async findBuiltin(scopeType: ScopeType, scopeId: number, builtin: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('roles')
      .select('id')
      .where('scope_type', '=', scopeType)
      .where('scope_id', '=', scopeId)
      .where('builtin', '=', builtin)
      .executeTakeFirst();
    return row?.id;
  }

  async create(
    scopeType: ScopeType,
    scopeId: number,
    input: RoleInput,
    builtin: string | null = null,
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('roles')
        .values({
          scope_type: scopeType,
          scope_id: scopeId,
          name: input.name,
          description: input.description,
          builtin,
          created_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertFunctions(trx, row.id, input.functions);
      return row.id;
    });
  }

  async update(id: number, input: RoleInput): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('roles')
        .set({ name: input.name, description: input.description })
        .where('id', '=', id)
        .execute();
      await trx.deleteFrom('role_functions').where('role_id', '=', id).execute();
      await insertFunctions(trx, id, input.functions);
    });
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('roles').where('id', '=', id).execute();
  }

  /** Removes every role of a scope that is being deleted. */
  async deleteScope(scopeType: ScopeType, scopeId: number): Promise<void> {
    await this.db
      .deleteFrom('memberships')
      .where('scope_type', '=', scopeType)
      .where('scope_id', '=', scopeId)
      .execute();
    await this.db
      .deleteFrom('roles')
      .where('scope_type', '=', scopeType)
      .where('scope_id', '=', scopeId)
      .execute();
  }

  async isNameTaken(
    scopeType: ScopeType,
    scopeId: number,
    name: string,
    excludeId?: number,
  ): Promise<boolean> {
    let query = this.db
      .selectFrom('roles')
      .select('id')
      .where('scope_type', '=', scopeType)
      .where('scope_id', '=', scopeId)
      .where('name', '=', name);
    if (excludeId) query = query.where('id', '!=', excludeId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async isInUse(id: number): Promise<boolean> {
    return (
      (await this.db
        .selectFrom('memberships')
        .select('user_id')
        .where('role_id', '=', id)
        .executeTakeFirst()) !== undefined
    );
  }

  private async withFunctions(rows: RoleRow[]): Promise<Role[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [functions, counts] = await Promise.all([
      this.db
        .selectFrom('role_functions')
        .selectAll()
        .where('role_id', 'in', ids)
        .orderBy('menu_code')
        .execute(),
      this.db
        .selectFrom('memberships')
        .select(['role_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('role_id', 'in', ids)
        .groupBy('role_id')
        .execute(),
    ]);
    const memberCount = new Map(counts.map((c) => [c.role_id, Number(c.n)]));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      builtin: row.builtin,
      functions: functions
        .filter((f) => f.role_id === row.id)
        .map((f) => ({ code: f.menu_code, permission: f.permission })),
      memberCount: memberCount.get(row.id) ?? 0,
      createdAt: Number(row.created_at),
    }));
  }
}

async function insertFunctions(
  db: Kysely<Database>,
  roleId: number,
  functions: RoleFunction[],
): Promise<void> {
  const rows = functions
    .filter((f) => f.permission > 0)
    .map((f) => ({ role_id: roleId, menu_code: f.code, permission: f.permission }));
  if (rows.length > 0) await db.insertInto('role_functions').values(rows).execute();
}
