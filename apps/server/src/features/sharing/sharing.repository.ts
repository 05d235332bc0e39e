import type { Share, ShareItem, ShareItemKind, ShareTargetGroup } from '@iot/contracts/sharing';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { QuotaReservation } from '../indicators/index.js';
import { chargedIndicatorCount, sharedCameraIds, sharedGatewayIds } from './visibility.js';

/**
 * The one quota gate (indicators' reserveIndicatorQuota, decision 0068) on a transaction's
 * connection; handed in by app.ts, as the indicators feature reads this feature's visibility rule.
 */
export type ReserveQuota = (
  db: Kysely<Database>,
  projectId: number,
  reservation: QuotaReservation,
) => Promise<void>;

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
  cameraIds: number[];
  expiresAt: number | null;
  remark: string;
}

/** What a use brought into the target project. */
export interface UseOutcome {
  outcome: 'done' | 'used';
  gatewayIds: number[];
  /** The target's copies of the share's cameras (cameras.share_owner_id = the owner's camera). */
  cameraCopyIds: number[];
}

/** The only Kysely user of sharing; the owner or target project is the first argument. */
export class SharingRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly reserve: ReserveQuota,
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

  /** Those of the ids that are the project's own cameras (a camera shared into it cannot be shared on). */
  async camerasOfProject(projectId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('cameras')
      .select('id')
      .where('project_id', '=', projectId)
      .where('share_owner_id', 'is', null)
      .where('id', 'in', ids)
      .execute();
    return rows.map((r) => r.id);
  }

  /** The target project's groups a shared camera may be placed in (root, areas, sites). */
  targetGroups(projectId: number): Promise<ShareTargetGroup[]> {
    return this.db
      .selectFrom('groups')
      .select(['id', 'name', 'parent_id as parentId'])
      .where('project_id', '=', projectId)
      .where('is_monitor', '=', 0)
      .orderBy('parent_id')
      .orderBy('sort')
      .orderBy('id')
      .execute();
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
        .values([
          ...share.gatewayIds.map((item_id) => ({ share_id: id, kind: 'gateway', item_id })),
          ...share.cameraIds.map((item_id) => ({ share_id: id, kind: 'camera', item_id })),
        ])
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
    const cameras = await this.db
      .selectFrom('share_items as i')
      .innerJoin('shares as s', 's.id', 'i.share_id')
      .innerJoin('cameras as c', (join) =>
        join.onRef('c.id', '=', 'i.item_id').onRef('c.project_id', '=', 's.project_id'),
      )
      .select(['c.id', 'c.name'])
      .where('i.share_id', '=', shareId)
      .where('i.kind', '=', 'camera')
      .orderBy('c.id')
      .execute();
    return [
      ...gateways.map((g) => ({
        kind: 'gateway' as ShareItemKind,
        id: g.id,
        name: g.alias,
        indicatorCount: Number(g.indicators ?? 0),
      })),
      // Cameras bring no monitoring items: the target's quota is not charged for them.
      ...cameras.map((c) => ({ kind: 'camera' as ShareItemKind, id: c.id, name: c.name, indicatorCount: 0 })),
    ];
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

  async wasUsedBy(shareId: number, projectId: number, db = this.db): Promise<boolean> {
    const row = await db
      .selectFrom('share_uses')
      .select('id')
      .where('share_id', '=', shareId)
      .where('target_project_id', '=', projectId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * The project's indicator maximum and what it is charged for (own and shared-in gateways), read
   * without a lock: canShare's answer. useShare decides under the quota gate's lock.
   */
  async quota(projectId: number): Promise<{ max: number; used: number }> {
    const { max } = await this.db
      .selectFrom('projects')
      .select('access_gateway_indicator_max_num as max')
      .where('group_id', '=', projectId)
      .executeTakeFirstOrThrow();
    return { max, used: await chargedIndicatorCount(this.db, projectId) };
  }

  /** Gateways of the list already visible in the project through another share (charged once). */
  async alreadyShared(projectId: number, gatewayIds: number[], db = this.db): Promise<Set<number>> {
    if (gatewayIds.length === 0) return new Set();
    const rows = await sharedGatewayIds(db, projectId).where('sl.item_id', 'in', gatewayIds).execute();
    return new Set(rows.map((r) => r.item_id));
  }

  /**
   * Records the use: links the share's gateways not yet in the project into its root, and its
   * cameras into the chosen groups, each with a copy in the project's 视频监控 (share_owner_id = the
   * owner's camera; an earlier copy of the same camera is reused, so there is one per project).
   * Whether the project used the share already and which gateways it lacks are read inside the quota
   * gate's lock (the target's row, PostgreSQL; SQLite runs one writer), where the gate also refuses
   * a suspended project and a quota too small for their indicators (`refusal`).
   */
  async use(
    share: { id: number; gatewayIds: number[]; cameras: { cameraId: number; groupId: number }[] },
    target: { projectId: number; userId: number },
    refusal: QuotaReservation['refusal'],
  ): Promise<UseOutcome> {
    return this.db.transaction().execute(async (trx) => {
      let used = false;
      let fresh: { id: number; indicatorCount: number }[] = [];
      await this.reserve(trx, target.projectId, {
        always: true,
        refusal,
        needed: async () => {
          used = await this.wasUsedBy(share.id, target.projectId, trx);
          if (used) return 0;
          const already = await this.alreadyShared(target.projectId, share.gatewayIds, trx);
          fresh = await this.gatewayIndicatorCounts(
            trx,
            share.gatewayIds.filter((g) => !already.has(g)),
          );
          return fresh.reduce((sum, g) => sum + g.indicatorCount, 0);
        },
      });
      if (used) return { outcome: 'used', gatewayIds: [], cameraCopyIds: [] };
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
      const link = (kind: string, item_id: number, target_group_id: number) => ({
        share_use_id: id,
        share_id: share.id,
        target_project_id: target.projectId,
        kind,
        item_id,
        target_group_id,
      });
      const links = [
        ...fresh.map((g) => link('gateway', g.id, target.projectId)),
        ...share.cameras.map((c) => link('camera', c.cameraId, c.groupId)),
      ];
      if (links.length > 0) await trx.insertInto('share_links').values(links).execute();
      const cameraCopyIds: number[] = [];
      for (const placement of share.cameras)
        cameraCopyIds.push(await this.placeCopy(trx, target.projectId, placement));
      return { outcome: 'done', gatewayIds: fresh.map((g) => g.id), cameraCopyIds };
    });
  }

  private async gatewayIndicatorCounts(db: Kysely<Database>, gatewayIds: number[]) {
    if (gatewayIds.length === 0) return [];
    const rows = await db
      .selectFrom('gateways as g')
      .select((eb) => [
        'g.id',
        eb
          .selectFrom('gateway_indicators as gi')
          .select((sub) => sub.fn.countAll<number | string>().as('n'))
          .whereRef('gi.gateway_id', '=', 'g.id')
          .as('n'),
      ])
      .where('g.id', 'in', gatewayIds)
      .orderBy('g.id')
      .execute();
    return rows.map((r) => ({ id: r.id, indicatorCount: Number(r.n ?? 0) }));
  }

  /**
   * The target's copy of a shared camera in the chosen group: the earlier copy moved there (a
   * project holds one per camera, whichever shares granted it), or a new one. The copy keeps only
   * what lists show; the owner's address, account and code stay with the owner's camera.
   */
  private async placeCopy(
    trx: Kysely<Database>,
    projectId: number,
    placement: { cameraId: number; groupId: number },
  ): Promise<number> {
    const owner = await trx
      .selectFrom('cameras')
      .select(['name', 'img_url', 'agg_type', 'channel_no', 'type'])
      .where('id', '=', placement.cameraId)
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const existing = await trx
      .selectFrom('cameras')
      .select('id')
      .where('project_id', '=', projectId)
      .where('share_owner_id', '=', placement.cameraId)
      .executeTakeFirst();
    if (existing) {
      await trx
        .updateTable('cameras')
        .set({ group_id: placement.groupId, name: owner.name, updated_at: now })
        .where('id', '=', existing.id)
        .execute();
      return existing.id;
    }
    const { id } = await trx
      .insertInto('cameras')
      .values({
        project_id: projectId,
        group_id: placement.groupId,
        name: owner.name,
        img_url: owner.img_url,
        agg_type: owner.agg_type,
        channel_no: owner.channel_no,
        type: owner.type,
        video_url: null,
        camera_account_id: null,
        share_owner_id: placement.cameraId,
        online_checked_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** The copies, in the projects that used the share, of its cameras no standing share grants now. */
  async orphanedCopies(shareId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('share_links as sl')
      .innerJoin('cameras as copy', (join) =>
        join
          .onRef('copy.share_owner_id', '=', 'sl.item_id')
          .onRef('copy.project_id', '=', 'sl.target_project_id'),
      )
      .select(['copy.id', 'copy.project_id', 'copy.share_owner_id'])
      .where('sl.share_id', '=', shareId)
      .where('sl.kind', '=', 'camera')
      .execute();
    const orphaned: number[] = [];
    for (const row of rows) {
      const standing = await sharedCameraIds(this.db, row.project_id)
        .where('sl.item_id', '=', row.share_owner_id!)
        .executeTakeFirst();
      if (!standing) orphaned.push(row.id);
    }
    return orphaned;
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
