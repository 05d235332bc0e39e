import type { Page } from '@iot/contracts';
import type { Mode, ModeBody, ModeOption, SiteMode } from '@iot/contracts/modes';
import type { Kysely } from 'kysely';
import { paginate } from '../../platform/db/paging.js';
import type { Database } from '../../platform/db/schema.js';
import { containsText } from '../../platform/db/search.js';

type ModeRow = Omit<Mode, 'siteCount' | 'ruleCount' | 'createdAt'> & {
  created_at: number;
  site_count: number | string | null;
};

/** Modes of a project and its sites' current mode. Scope id first. */
export class ModesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private withSites(projectId: number) {
    return this.db
      .selectFrom('modes as m')
      .select(['m.id', 'm.name', 'm.color', 'm.description', 'm.sort', 'm.created_at'])
      .select((eb) =>
        eb
          .selectFrom('groups as g')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('g.mode_id', '=', 'm.id')
          .where('g.project_id', '=', projectId)
          .as('site_count'),
      )
      .where('m.project_id', '=', projectId);
  }

  /** Rule counts per mode id, from the project's mode-limited rules. */
  async ruleCounts(projectId: number): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('warning_rules')
      .select('mode_ids')
      .where('project_id', '=', projectId)
      .where('mode_ids', 'is not', null)
      .execute();
    const counts = new Map<number, number>();
    for (const row of rows)
      for (const id of JSON.parse(row.mode_ids!) as number[]) counts.set(id, (counts.get(id) ?? 0) + 1);
    return counts;
  }

  async page(projectId: number, query: { page: number; size: number; keyword?: string | undefined }) {
    let q = this.withSites(projectId);
    const { keyword } = query;
    if (keyword)
      q = q.where((eb) => eb.or([containsText('m.name', keyword), containsText('m.description', keyword)]));
    const [result, rules] = await Promise.all([
      paginate(
        q,
        query,
        (o) => o.orderBy('m.sort').orderBy('m.id'),
        (row) => row as ModeRow,
      ),
      this.ruleCounts(projectId),
    ]);
    return { ...result, list: result.list.map((row) => present(row, rules)) } as Page<Mode>;
  }

  async get(projectId: number, id: number): Promise<Mode | undefined> {
    const [row, rules] = await Promise.all([
      this.withSites(projectId).where('m.id', '=', id).executeTakeFirst(),
      this.ruleCounts(projectId),
    ]);
    return row && present(row, rules);
  }

  options(projectId: number): Promise<ModeOption[]> {
    return this.db
      .selectFrom('modes')
      .select(['id', 'name', 'color'])
      .where('project_id', '=', projectId)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  async isNameTaken(projectId: number, name: string, excludeId?: number): Promise<boolean> {
    let q = this.db
      .selectFrom('modes')
      .select('id')
      .where('project_id', '=', projectId)
      .where('name', '=', name);
    if (excludeId !== undefined) q = q.where('id', '!=', excludeId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async create(projectId: number, body: ModeBody): Promise<number> {
    const row = await this.db
      .insertInto('modes')
      .values({ project_id: projectId, ...body, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(projectId: number, id: number, body: ModeBody): Promise<void> {
    await this.db
      .updateTable('modes')
      .set(body)
      .where('id', '=', id)
      .where('project_id', '=', projectId)
      .execute();
  }

  async delete(projectId: number, id: number): Promise<void> {
    await this.db.deleteFrom('modes').where('id', '=', id).where('project_id', '=', projectId).execute();
  }

  private sites(projectId: number) {
    return this.db
      .selectFrom('groups as s')
      .leftJoin('groups as p', (join) =>
        join.onRef('p.id', '=', 's.parent_id').on('p.group_type', '!=', 'project'),
      )
      .leftJoin('modes as m', 'm.id', 's.mode_id')
      .select([
        's.id as site_id',
        's.name as site_name',
        'p.name as parent_name',
        's.mode_id',
        'm.name as mode_name',
        's.mode_changed_at',
      ])
      .where('s.project_id', '=', projectId)
      .where('s.group_type', '=', 'site');
  }

  siteModes(
    projectId: number,
    query: { page: number; size: number; keyword?: string | undefined },
  ): Promise<Page<SiteMode>> {
    let q = this.sites(projectId);
    const { keyword } = query;
    if (keyword)
      q = q.where((eb) =>
        eb.or([
          containsText('s.name', keyword),
          containsText('p.name', keyword),
          containsText('m.name', keyword),
        ]),
      );
    return paginate(
      q,
      query,
      (o) => o.orderBy('s.sort').orderBy('s.id'),
      (row): SiteMode => ({
        siteId: row.site_id,
        siteName: row.site_name,
        parentName: row.parent_name ?? '',
        modeId: row.mode_id,
        modeName: row.mode_name ?? null,
        changedAt: row.mode_changed_at === null ? null : Number(row.mode_changed_at),
      }),
    );
  }

  async siteMode(projectId: number, siteId: number): Promise<SiteMode | undefined> {
    const row = await this.sites(projectId).where('s.id', '=', siteId).executeTakeFirst();
    return (
      row && {
        siteId: row.site_id,
        siteName: row.site_name,
        parentName: row.parent_name ?? '',
        modeId: row.mode_id,
        modeName: row.mode_name ?? null,
        changedAt: row.mode_changed_at === null ? null : Number(row.mode_changed_at),
      }
    );
  }

  async setSiteMode(projectId: number, siteId: number, modeId: number | null): Promise<void> {
    await this.db
      .updateTable('groups')
      .set({ mode_id: modeId, mode_changed_at: Date.now() })
      .where('id', '=', siteId)
      .where('project_id', '=', projectId)
      .execute();
  }
}

function present(row: ModeRow, rules: Map<number, number>): Mode {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    description: row.description,
    sort: row.sort,
    siteCount: Number(row.site_count ?? 0),
    ruleCount: rules.get(row.id) ?? 0,
    createdAt: Number(row.created_at),
  };
}
