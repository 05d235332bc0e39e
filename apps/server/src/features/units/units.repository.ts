import type { Page } from '@iot/contracts';
import type { Unit, UnitBody, UnitListQuery, UnitOption } from '@iot/contracts/units';
import { type Kysely, sql } from 'kysely';
import { paginate } from '../../platform/db/paging.js';
import type { Database } from '../../platform/db/schema.js';
import { containsText } from '../../platform/db/search.js';

/** Units a project may use: the built-in set (project_id null) and its own. Scope id first. */
export class UnitsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private visible(projectId: number) {
    return this.db
      .selectFrom('units as u')
      .where((eb) => eb.or([eb('u.project_id', '=', projectId), eb('u.project_id', 'is', null)]));
  }

  /** The project's indicators with the unit's symbol. */
  private usedBy(projectId: number) {
    return this.db
      .selectFrom('indicators as i')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('i.project_id', '=', projectId)
      .where('i.unit', '=', sql.ref<string>('u.name'));
  }

  page(projectId: number, query: UnitListQuery): Promise<Page<Unit>> {
    let q = this.visible(projectId).selectAll('u').select(this.usedBy(projectId).as('used_by'));
    const { keyword, source } = query;
    if (keyword)
      q = q.where((eb) =>
        eb.or([
          containsText('u.name', keyword),
          containsText('u.description', keyword),
          containsText('u.category', keyword),
        ]),
      );
    if (source === 'builtin') q = q.where('u.project_id', 'is', null);
    if (source === 'project') q = q.where('u.project_id', '=', projectId);
    return paginate(
      q,
      query,
      // The project's own first (newest first), then the built-in set in its order.
      (o) =>
        o
          .orderBy(sql`case when u.project_id is null then 1 else 0 end`)
          .orderBy(sql`case when u.project_id is null then u.id else -u.id end`),
      (row): Unit => ({
        id: row.id,
        name: row.name,
        description: row.description,
        category: row.category,
        builtin: row.project_id === null,
        usedBy: Number(row.used_by ?? 0),
        createdAt: Number(row.created_at),
      }),
    );
  }

  async options(projectId: number): Promise<UnitOption[]> {
    const rows = await this.visible(projectId)
      .select(['u.id', 'u.name', 'u.description', 'u.category', 'u.project_id'])
      .orderBy(sql`case when u.project_id is null then 0 else 1 end`)
      .orderBy('u.id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      category: r.category,
      builtin: r.project_id === null,
    }));
  }

  async get(projectId: number, id: number) {
    const row = await this.visible(projectId)
      .selectAll('u')
      .select(this.usedBy(projectId).as('used_by'))
      .where('u.id', '=', id)
      .executeTakeFirst();
    return row && { ...row, used_by: Number(row.used_by ?? 0) };
  }

  async isNameTaken(projectId: number, name: string, excludeId?: number): Promise<boolean> {
    let q = this.visible(projectId).select('u.id').where('u.name', '=', name);
    if (excludeId !== undefined) q = q.where('u.id', '!=', excludeId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async create(projectId: number, body: UnitBody): Promise<number> {
    const row = await this.db
      .insertInto('units')
      .values({ project_id: projectId, ...body, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A changed symbol follows onto the project's indicators that carried the old one. */
  async update(projectId: number, id: number, oldName: string, body: UnitBody): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('units')
        .set(body)
        .where('id', '=', id)
        .where('project_id', '=', projectId)
        .execute();
      if (oldName !== body.name)
        await trx
          .updateTable('indicators')
          .set({ unit: body.name })
          .where('project_id', '=', projectId)
          .where('unit', '=', oldName)
          .execute();
    });
  }

  async delete(projectId: number, id: number): Promise<void> {
    await this.db.deleteFrom('units').where('id', '=', id).where('project_id', '=', projectId).execute();
  }
}
