import type { Page } from '@iot/contracts';
import type {
  Label,
  LabelBody,
  LabelOption,
  LabelTarget,
  LabelTargetOptions,
  LabelTargets,
} from '@iot/contracts/labels';
import { type Kysely, sql } from 'kysely';
import { paginate } from '../../platform/db/paging.js';
import type { Database } from '../../platform/db/schema.js';
import { containsText } from '../../platform/db/search.js';

/**
 * Labels of a project and what they are attached to. Scope id first; a link counts only while its
 * target is still in the project (a gateway unbound or moved away drops out of every count).
 */
export class LabelsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Links of the label's whose target (gateway or group) is in the project. */
  private links(projectId: number, type: LabelTarget) {
    return this.db
      .selectFrom('label_links as ll')
      .where('ll.target_type', '=', type)
      .where('ll.target_id', 'in', (eb) =>
        type === 'gateway'
          ? eb.selectFrom('gateways').select('id').where('project_id', '=', projectId)
          : eb.selectFrom('groups').select('id').where('project_id', '=', projectId),
      );
  }

  private withCounts(projectId: number) {
    return this.db
      .selectFrom('labels as l')
      .selectAll('l')
      .select((eb) => [
        this.links(projectId, 'gateway')
          .select(eb.fn.countAll<number>().as('n'))
          .where('ll.label_id', '=', sql.ref<number>('l.id'))
          .as('gateway_count'),
        this.links(projectId, 'group')
          .select(eb.fn.countAll<number>().as('n'))
          .where('ll.label_id', '=', sql.ref<number>('l.id'))
          .as('group_count'),
      ])
      .where('l.project_id', '=', projectId);
  }

  page(projectId: number, query: { page: number; size: number; keyword?: string | undefined }) {
    let q = this.withCounts(projectId);
    const { keyword } = query;
    if (keyword)
      q = q.where((eb) => eb.or([containsText('l.name', keyword), containsText('l.description', keyword)]));
    return paginate(q, query, (o) => o.orderBy('l.id', 'desc'), present) as Promise<Page<Label>>;
  }

  async get(projectId: number, id: number): Promise<Label | undefined> {
    const row = await this.withCounts(projectId).where('l.id', '=', id).executeTakeFirst();
    return row && present(row);
  }

  options(projectId: number): Promise<LabelOption[]> {
    return this.db
      .selectFrom('labels')
      .select(['id', 'name', 'color'])
      .where('project_id', '=', projectId)
      .orderBy('name')
      .execute();
  }

  async isNameTaken(projectId: number, name: string, excludeId?: number): Promise<boolean> {
    let q = this.db
      .selectFrom('labels')
      .select('id')
      .where('project_id', '=', projectId)
      .where('name', '=', name);
    if (excludeId !== undefined) q = q.where('id', '!=', excludeId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async create(projectId: number, body: LabelBody): Promise<number> {
    const row = await this.db
      .insertInto('labels')
      .values({ project_id: projectId, ...body, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(projectId: number, id: number, body: LabelBody): Promise<void> {
    await this.db
      .updateTable('labels')
      .set(body)
      .where('id', '=', id)
      .where('project_id', '=', projectId)
      .execute();
  }

  async delete(projectId: number, id: number): Promise<void> {
    await this.db.deleteFrom('labels').where('id', '=', id).where('project_id', '=', projectId).execute();
  }

  /** The label's targets still in the project. */
  async targets(projectId: number, id: number): Promise<LabelTargets> {
    const ids = (type: LabelTarget) =>
      this.links(projectId, type)
        .select('ll.target_id')
        .where('ll.label_id', '=', id)
        .orderBy('ll.target_id')
        .execute()
        .then((rows) => rows.map((r) => r.target_id));
    const [gatewayIds, groupIds] = await Promise.all([ids('gateway'), ids('group')]);
    return { gatewayIds, groupIds };
  }

  /** Of these ids, the ones that are gateways (groups below the root) of the project. */
  async inProject(projectId: number, type: LabelTarget, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows =
      type === 'gateway'
        ? await this.db
            .selectFrom('gateways')
            .select('id')
            .where('project_id', '=', projectId)
            .where('id', 'in', ids)
            .execute()
        : await this.db
            .selectFrom('groups')
            .select('id')
            .where('project_id', '=', projectId)
            .where('group_type', '!=', 'project')
            .where('id', 'in', ids)
            .execute();
    return rows.map((r) => r.id);
  }

  /** The project's gateways and groups (below the root), for the 关联 dialog. */
  async targetOptions(projectId: number): Promise<LabelTargetOptions> {
    const [gateways, groups] = await Promise.all([
      this.db
        .selectFrom('gateways')
        .select(['id', 'alias', 'serial_number'])
        .where('project_id', '=', projectId)
        .orderBy('alias')
        .execute(),
      this.db
        .selectFrom('groups')
        .select(['id', 'name', 'parent_id', 'group_type'])
        .where('project_id', '=', projectId)
        .where('group_type', '!=', 'project')
        .orderBy('sort')
        .orderBy('id')
        .execute(),
    ]);
    return {
      gateways: gateways.map((g) => ({ id: g.id, alias: g.alias, serialNumber: g.serial_number })),
      groups: groups.map((g) => ({
        id: g.id,
        name: g.name,
        parentId: g.parent_id === projectId ? null : g.parent_id,
        groupType: g.group_type,
      })),
    };
  }

  /** Replaces what the label is attached to (links to targets gone from the project go too). */
  async setTargets(id: number, targets: LabelTargets): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('label_links').where('label_id', '=', id).execute();
      const rows = [
        ...targets.gatewayIds.map((target_id) => ({ label_id: id, target_type: 'gateway', target_id })),
        ...targets.groupIds.map((target_id) => ({ label_id: id, target_type: 'group', target_id })),
      ];
      for (let i = 0; i < rows.length; i += 500)
        await trx
          .insertInto('label_links')
          .values(rows.slice(i, i + 500))
          .execute();
    });
  }
}

function present(row: {
  id: number;
  name: string;
  color: string;
  description: string;
  created_at: number;
  gateway_count: number | string | null;
  group_count: number | string | null;
}): Label {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    description: row.description,
    gatewayCount: Number(row.gateway_count ?? 0),
    groupCount: Number(row.group_count ?? 0),
    createdAt: Number(row.created_at),
  };
}
