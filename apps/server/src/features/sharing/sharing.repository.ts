import { SUSPENDED_PAY_STATUSES } from '@iot/contracts/projects';
import type { Share, ShareItem, ShareItemKind } from '@iot/contracts/sharing';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connect.js';
import type { Database } from '../../platform/db/schema.js';
import { chargedIndicatorCount, sharedGatewayIds } from './visibility.js';

export interface ShareRow {
  id: number;
  code: string;
  projectId: number;
  projectName: string;
  createdBy: number | null;
  ownerName: string | null;
  expiresAt: number | null;
  revokedAt: number | null;
}

export interface NewShare {
  code: string;
  projectId: number;
  userId: number;
  gatewayIds: number[];
  expiresAt: number | null;
  remark: string;
}

/** The only Kysely user of sharing; the owner or target project is the first argument. */
export class SharingRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** Those of the ids that are gateways of the project. */
  async gatewaysOfProject(projectId: number, ids: number[]): Promise<number[]> {
    const rows = await this.db
      .selectFrom('gateways')
      .select('id')
      .where('project_id', '=', projectId)
      .where('id', 'in', ids)
      .execute();
    return rows.map((r) => r.id);
  }

  async create(share: NewShare): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('shares')
        .values({
          code: share.code,
          project_id: share.projectId,
          remark: share.remark,
          created_by: share.userId,
          created_at: Date.now(),
          expires_at: share.expiresAt,
          revoked_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('share_items')
        .values(share.gatewayIds.map((item_id) => ({ share_id: id, kind: 'gateway', item_id })))
        .execute();
      return id;
    });
  }

  private shareQuery() {
    return this.db
      .selectFrom('shares as s')
      .innerJoin('groups as p', 'p.id', 's.project_id')
      .leftJoin('users as u', 'u.id', 's.created_by')
      .select([
        's.id',
        's.code',
        's.project_id',
        'p.name as project_name',
        's.created_by',
        'u.realname',
        'u.username',
        's.remark',
        's.created_at',
        's.expires_at',
        's.revoked_at',
      ]);
  }

  private static present(row: {
    id: number;
    code: string;
    project_id: number;
    project_name: string;
    created_by: number | null;
    realname: string | null;
    username: string | null;
    expires_at: number | null;
    revoked_at: number | null;
  }): ShareRow {
    return {
      id: row.id,
      code: row.code,
      projectId: row.project_id,
      projectName: row.project_name,
      createdBy: row.created_by,
      ownerName: row.username === null ? null : row.realname || row.username,
      expiresAt: row.expires_at === null ? null : Number(row.expires_at),
      revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
    };
  }

  async byCode(code: string): Promise<ShareRow | undefined> {
    const row = await this.shareQuery().where('s.code', '=', code).executeTakeFirst();
    return row && SharingRepository.present(row);
  }

  async byId(id: number): Promise<ShareRow | undefined> {
    const row = await this.shareQuery().where('s.id', '=', id).executeTakeFirst();
    return row && SharingRepository.present(row);
  }

  /** The share's items that still belong to its project, with names and indicator counts. */
  async items(shareId: number): Promise<ShareItem[]> {
    const gateways = await this.db
      .selectFrom('share_items as i')
      .innerJoin('shares as s', 's.id', 'i.share_id')
      .innerJoin('gateways as g', (join) =>
        join.onRef('g.id', '=', 'i.item_id').onRef('g.project_id', '=', 's.project_id'),
      )
      .select((eb) => [
        'g.id',
        'g.alias',
        eb
          .selectFrom('gateway_indicators as gi')
          .select((sub) => sub.fn.countAll<number | string>().as('n'))
          .whereRef('gi.gateway_id', '=', 'g.id')
          .as('indicators'),
      ])
      .where('i.share_id', '=', shareId)
      .where('i.kind', '=', 'gateway')
      .orderBy('g.id')
      .execute();
    return gateways.map((g) => ({
      kind: 'gateway' as ShareItemKind,
      id: g.id,
      name: g.alias,
      indicatorCount: Number(g.indicators ?? 0),
    }));
  }

  /** The project's shares, newest first, each with its items and the projects that use it. */
  async list(projectId: number): Promise<Share[]> {
    const rows = await this.shareQuery()
      .where('s.project_id', '=', projectId)
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id', 'desc')
      .execute();
    const uses =
      rows.length === 0
        ? []
        : await this.db
            .selectFrom('share_uses as su')
            .innerJoin('groups as t', 't.id', 'su.target_project_id')
            .select(['su.share_id', 'su.target_project_id', 't.name', 'su.created_at'])
            .where(
              'su.share_id',
              'in',
              rows.map((r) => r.id),
            )
            .orderBy('su.id')
            .execute();
    const shares: Share[] = [];
    for (const row of rows) {
      const share = SharingRepository.present(row);
      shares.push({
        id: share.id,
        code: share.code,
        remark: row.remark,
        sourceGroupId: share.projectId,
        createdBy: share.createdBy,
        createdByName: share.ownerName,
        createdAt: Number(row.created_at),
        expiresAt: share.expiresAt,
        revokedAt: share.revokedAt,
        items: await this.items(share.id),
        uses: uses
          .filter((u) => u.share_id === share.id)
          .map((u) => ({ groupId: u.target_project_id, name: u.name, usedAt: Number(u.created_at) })),
      });
    }
    return shares;
  }

  /** Marks the project's share revoked; false when it is not the project's or was revoked already. */
  async revoke(projectId: number, id: number): Promise<boolean> {
    const result = await this.db
      .updateTable('shares')
      .set({ revoked_at: Date.now() })
      .where('id', '=', id)
      .where('project_id', '=', projectId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async isProjectOfShare(projectId: number, id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('shares')
      .select('id')
      .where('id', '=', id)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async wasUsedBy(shareId: number, projectId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('share_uses')
      .select('id')
      .where('share_id', '=', shareId)
      .where('target_project_id', '=', projectId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The project's indicator maximum and what it is charged for (own and shared-in gateways). */
  async quota(projectId: number, db: Kysely<Database> = this.db): Promise<{ max: number; used: number }> {
    let query = db
      .selectFrom('projects')
      .select('access_gateway_indicator_max_num as max')
      .where('group_id', '=', projectId);
    // Locks the target's row on PostgreSQL, so two uses (or a use and an indicator added) racing for
    // the last indicators cannot both pass; SQLite runs one write transaction at a time.
    if (db !== this.db && this.dialect === 'postgres') query = query.forUpdate();
    const { max } = await query.executeTakeFirstOrThrow();
    return { max, used: await chargedIndicatorCount(db, projectId) };
  }

  /** Whether the project's pay state suspends it (D, E, F: decision 0068). */
  async suspended(projectId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('projects')
      .select('pay_status')
      .where('group_id', '=', projectId)
      .executeTakeFirst();
    return (SUSPENDED_PAY_STATUSES as readonly string[]).includes(row?.pay_status ?? '');
  }

  /** Gateways of the list already visible in the project through another share (charged once). */
  async alreadyShared(projectId: number, gatewayIds: number[]): Promise<Set<number>> {
    if (gatewayIds.length === 0) return new Set();
    const rows = await sharedGatewayIds(this.db, projectId).where('sl.item_id', 'in', gatewayIds).execute();
    return new Set(rows.map((r) => r.item_id));
  }

  /**
   * Records the use and links the gateways into the project's root, if the project has not used the
   * share yet and its quota allows the indicators they bring — both checked inside the transaction,
   * after the target's row is locked, so racing uses cannot both pass.
   */
  async use(
    share: { id: number; gatewayIds: number[] },
    target: { projectId: number; userId: number },
    fits: (quota: { max: number; used: number }) => boolean,
  ): Promise<'done' | 'used' | 'short'> {
    return this.db.transaction().execute(async (trx) => {
      const quota = await this.quota(target.projectId, trx);
      const used = await trx
        .selectFrom('share_uses')
        .select('id')
        .where('share_id', '=', share.id)
        .where('target_project_id', '=', target.projectId)
        .executeTakeFirst();
      if (used) return 'used';
      if (!fits(quota)) return 'short';
      const { id } = await trx
        .insertInto('share_uses')
        .values({
          share_id: share.id,
          target_project_id: target.projectId,
          used_by: target.userId,
          created_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (share.gatewayIds.length > 0)
        await trx
          .insertInto('share_links')
          .values(
            share.gatewayIds.map((item_id) => ({
              share_use_id: id,
              share_id: share.id,
              target_project_id: target.projectId,
              kind: 'gateway',
              item_id,
              target_group_id: target.projectId,
            })),
          )
          .execute();
      return 'done';
    });
  }

  /**
   * The target project gives a shared gateway back: its links go; a use left without links goes
   * too, so the code may be used again. Answers how many links went.
   */
  async leave(projectId: number, gatewayId: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .deleteFrom('share_links')
        .where('target_project_id', '=', projectId)
        .where('kind', '=', 'gateway')
        .where('item_id', '=', gatewayId)
        .executeTakeFirst();
      await trx
        .deleteFrom('share_uses')
        .where('target_project_id', '=', projectId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('share_links as l')
                .select('l.item_id')
                .whereRef('l.share_use_id', '=', 'share_uses.id'),
            ),
          ),
        )
        .execute();
      return Number(result.numDeletedRows);
    });
  }

  /** Whether the project exists (a target must). */
  async projectExists(projectId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('projects')
      .select('group_id')
      .where('group_id', '=', projectId)
      .executeTakeFirst();
    return row !== undefined;
  }
}
