import type { PageQuery } from '@iot/contracts';
import type { AiModel, AiModelKind, AiModelProject } from '@iot/contracts/assistant';
import type { Kysely } from 'kysely';
import { paginate } from '../../../platform/db/paging.js';
import type { Database } from '../../../platform/db/schema.js';
import { containsText } from '../../../platform/db/search.js';

/** A row as the service needs it: the sealed key stays here and in the service, never in an answer. */
export interface AiModelRecord extends AiModel {
  /** '' when none is stored. */
  apiKeySealed: string;
}

export interface AiModelRow {
  name: string;
  kind: AiModelKind;
  baseUrl: string;
  model: string;
  apiKeySealed: string;
  supportsThinking: boolean;
  enabled: boolean;
  projectId: number | null;
}

/** AI模型: the only Kysely user of ai_models. */
export class AiModelsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private select() {
    return this.db
      .selectFrom('ai_models as m')
      .leftJoin('groups as g', 'g.id', 'm.project_id')
      .select([
        'm.id',
        'm.name',
        'm.kind',
        'm.base_url',
        'm.model',
        'm.api_key_sealed',
        'm.supports_thinking',
        'm.enabled',
        'm.project_id',
        'm.created_at',
        'm.updated_at',
        'g.name as project_name',
      ]);
  }

  list(pageQuery: PageQuery, keyword: string | undefined) {
    let query = this.select();
    if (keyword)
      query = query.where((eb) =>
        eb.or([
          containsText('m.name', keyword),
          containsText('m.model', keyword),
          containsText('m.base_url', keyword),
          containsText('g.name', keyword),
        ]),
      );
    return paginate(
      query,
      pageQuery,
      // The system default first, then by project, newest first within.
      (q) => q.orderBy('m.project_id', (o) => o.nullsFirst()).orderBy('m.id', 'desc'),
      present,
    );
  }

  async get(id: number): Promise<AiModelRecord | undefined> {
    const row = await this.select().where('m.id', '=', id).executeTakeFirst();
    return row && present(row);
  }

  /** The enabled model of a scope (null: the system default), other than `excludeId`. */
  async enabledIn(projectId: number | null, excludeId?: number): Promise<AiModelRecord | undefined> {
    let query = this.select().where('m.enabled', '=', 1);
    query =
      projectId === null
        ? query.where('m.project_id', 'is', null)
        : query.where('m.project_id', '=', projectId);
    if (excludeId !== undefined) query = query.where('m.id', '!=', excludeId);
    const row = await query.executeTakeFirst();
    return row && present(row);
  }

  async create(row: AiModelRow): Promise<number> {
    const now = Date.now();
    const inserted = await this.db
      .insertInto('ai_models')
      .values({ ...columns(row), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  async update(id: number, row: AiModelRow): Promise<void> {
    await this.db
      .updateTable('ai_models')
      .set({ ...columns(row), updated_at: Date.now() })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('ai_models').where('id', '=', id).execute();
  }

  async projectExists(projectId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('projects')
      .select('group_id')
      .where('group_id', '=', projectId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Projects for the form's picker, by name. */
  projects(pageQuery: PageQuery, keyword: string | undefined) {
    let query = this.db
      .selectFrom('projects as p')
      .innerJoin('groups as g', 'g.id', 'p.group_id')
      .select(['p.group_id as id', 'g.name as name']);
    if (keyword) query = query.where(containsText('g.name', keyword));
    return paginate(
      query,
      pageQuery,
      (q) => q.orderBy('g.name').orderBy('p.group_id'),
      (row): AiModelProject => ({ id: row.id, name: row.name }),
    );
  }
}

function columns(row: AiModelRow) {
  return {
    name: row.name,
    kind: row.kind,
    base_url: row.baseUrl,
    model: row.model,
    api_key_sealed: row.apiKeySealed,
    supports_thinking: row.supportsThinking ? 1 : 0,
    enabled: row.enabled ? 1 : 0,
    project_id: row.projectId,
  };
}

function present(row: {
  id: number;
  name: string;
  kind: string;
  base_url: string;
  model: string;
  api_key_sealed: string;
  supports_thinking: number;
  enabled: number;
  project_id: number | null;
  created_at: number | string;
  updated_at: number | string;
  project_name: string | null;
}): AiModelRecord {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as AiModelKind,
    baseUrl: row.base_url,
    model: row.model,
    hasKey: row.api_key_sealed !== '',
    apiKeySealed: row.api_key_sealed,
    supportsThinking: Number(row.supports_thinking) === 1,
    enabled: Number(row.enabled) === 1,
    projectId: row.project_id,
    projectName: row.project_id === null ? null : (row.project_name ?? ''),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}
