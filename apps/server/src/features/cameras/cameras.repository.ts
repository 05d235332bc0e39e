import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { CameraAccountsTable, CamerasTable } from '../../platform/db/schema-cameras.js';
import { linkedCameraIds, sharedCameraIds, standingSharedCamera } from '../sharing/index.js';

export type CameraRow = Selectable<CamerasTable> & { group_name: string; account_name: string | null };
export type CameraAccountRow = Selectable<CameraAccountsTable>;
export type CameraFields = Omit<
  Selectable<CamerasTable>,
  'id' | 'project_id' | 'created_at' | 'updated_at' | 'is_online' | 'online_checked_at' | 'share_owner_id'
>;
export type AccountFields = Pick<CameraAccountRow, 'agg_type' | 'name' | 'app_key' | 'base_url'> & {
  app_secret_sealed?: string;
};

/** 视频监控's storage (migration 0045). The project id comes first in every call: tenant scope. */
export class CamerasRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The group and every group below it, within the project; [] when the group is not the project's. */
  async subtree(projectId: number, groupId: number): Promise<number[]> {
    const groups = await this.db
      .selectFrom('groups')
      .select(['id', 'parent_id'])
      .where('project_id', '=', projectId)
      .execute();
    if (!groups.some((g) => g.id === groupId)) return [];
    const ids = [groupId];
    for (let i = 0; i < ids.length; i++) for (const g of groups) if (g.parent_id === ids[i]) ids.push(g.id);
    return ids;
  }

  /** The project's groups cameras may sit in, root first (monitoring points hold none). */
  groupOptions(projectId: number) {
    return this.db
      .selectFrom('groups')
      .select(['id', 'name', 'parent_id'])
      .where('project_id', '=', projectId)
      .where('is_monitor', '=', 0)
      .orderBy('parent_id')
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  private cameras(projectId: number) {
    return this.db
      .selectFrom('cameras as c')
      .innerJoin('groups as g', 'g.id', 'c.group_id')
      .leftJoin('camera_accounts as a', 'a.id', 'c.camera_account_id')
      .selectAll('c')
      .select(['g.name as group_name', 'a.name as account_name'])
      .where('c.project_id', '=', projectId);
  }

  /**
   * The project's cameras in these groups: its own, and its copies of cameras shared into it by a
   * share not revoked (decision 0069) — including one whose camera the owner deleted, which then
   * says so when played; a revoked share unlists its copies.
   */
  list(projectId: number, groupIds: number[], keyword?: string): Promise<CameraRow[]> {
    let q = this.cameras(projectId)
      .where('c.group_id', 'in', groupIds.length > 0 ? groupIds : [-1])
      .where((eb) =>
        eb.or([
          eb('c.share_owner_id', 'is', null),
          eb('c.share_owner_id', 'in', linkedCameraIds(this.db, projectId)),
        ]),
      );
    if (keyword) q = q.where('c.name', 'like', `%${keyword.replace(/[%_\\]/g, '\\$&')}%`);
    return q.orderBy('c.group_id').orderBy('c.id').execute();
  }

  find(projectId: number, id: number): Promise<CameraRow | undefined> {
    return this.cameras(projectId).where('c.id', '=', id).executeTakeFirst();
  }

  async insert(projectId: number, fields: CameraFields): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('cameras')
      .values({ ...fields, project_id: projectId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(projectId: number, id: number, fields: Partial<CameraFields>): Promise<void> {
    await this.db
      .updateTable('cameras')
      .set({ ...fields, updated_at: Date.now() })
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .execute();
  }

  async setOnline(id: number, online: boolean): Promise<void> {
    await this.db
      .updateTable('cameras')
      .set({ is_online: online ? 1 : 0, online_checked_at: Date.now() })
      .where('id', '=', id)
      .execute();
  }

  async delete(projectId: number, id: number): Promise<void> {
    await this.db.deleteFrom('cameras').where('project_id', '=', projectId).where('id', '=', id).execute();
  }

  /** The camera, whichever project: the relay's look-up after the ticket named it. */
  findAnywhere(id: number) {
    return this.db.selectFrom('cameras').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The owner's camera behind a copy shared into `projectId`, with the owner project's name, while
   * a standing share grants it (decision 0069); undefined once the share or the camera is gone.
   */
  async shareSource(
    projectId: number,
    copy: { share_owner_id: number | null },
  ): Promise<{ row: CameraRow; projectName: string } | undefined> {
    if (copy.share_owner_id === null) return undefined;
    const grant = await standingSharedCamera(this.db, projectId, copy.share_owner_id);
    const row = grant && (await this.find(grant.projectId, grant.cameraId));
    return row && { row, projectName: grant.projectName };
  }

  /**
   * The owner cameras behind a project's copies that a standing share grants now, with the owner
   * projects' names; the copies missing from the answer are of cameras gone.
   */
  async shareSources(
    projectId: number,
    ownerIds: number[],
  ): Promise<Map<number, { row: CameraRow; projectName: string }>> {
    if (ownerIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('cameras as c')
      .innerJoin('groups as g', 'g.id', 'c.group_id')
      .innerJoin('groups as p', 'p.id', 'c.project_id')
      .leftJoin('camera_accounts as a', 'a.id', 'c.camera_account_id')
      .selectAll('c')
      .select(['g.name as group_name', 'a.name as account_name', 'p.name as project_name'])
      .where('c.id', 'in', ownerIds)
      .where('c.id', 'in', sharedCameraIds(this.db, projectId))
      .execute();
    return new Map(rows.map(({ project_name, ...row }) => [row.id, { row, projectName: project_name }]));
  }

  /** The copies of these cameras in the projects they were shared into (their streams end with them). */
  async copiesOf(ownerIds: number[]): Promise<number[]> {
    if (ownerIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('cameras')
      .select('id')
      .where('share_owner_id', 'in', ownerIds)
      .execute();
    return rows.map((r) => r.id);
  }

  // Accounts.

  accounts(projectId: number) {
    return this.db
      .selectFrom('camera_accounts as a')
      .selectAll('a')
      .select((eb) =>
        eb
          .selectFrom('cameras as c')
          .select((e) => e.fn.countAll<number | string>().as('n'))
          .whereRef('c.camera_account_id', '=', 'a.id')
          .as('camera_count'),
      )
      .where('a.project_id', '=', projectId)
      .orderBy('a.id')
      .execute();
  }

  account(projectId: number, id: number): Promise<CameraAccountRow | undefined> {
    return this.db
      .selectFrom('camera_accounts')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async accountNameTaken(projectId: number, name: string, excludeId?: number): Promise<boolean> {
    let q = this.db
      .selectFrom('camera_accounts')
      .select('id')
      .where('project_id', '=', projectId)
      .where('name', '=', name);
    if (excludeId !== undefined) q = q.where('id', '!=', excludeId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async insertAccount(
    projectId: number,
    fields: AccountFields & { app_secret_sealed: string },
  ): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('camera_accounts')
      .values({ ...fields, project_id: projectId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateAccount(projectId: number, id: number, fields: AccountFields): Promise<void> {
    await this.db
      .updateTable('camera_accounts')
      .set({ ...fields, updated_at: Date.now() })
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .execute();
  }

  async accountInUse(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('cameras')
      .select('id')
      .where('camera_account_id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  async deleteAccount(projectId: number, id: number): Promise<void> {
    await this.db
      .deleteFrom('camera_accounts')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .execute();
  }

  // Presets (the camera is already known to be the project's).

  presets(cameraId: number) {
    return this.db
      .selectFrom('camera_presets')
      .selectAll()
      .where('camera_id', '=', cameraId)
      .orderBy('preset_index')
      .execute();
  }

  preset(cameraId: number, id: number) {
    return this.db
      .selectFrom('camera_presets')
      .selectAll()
      .where('camera_id', '=', cameraId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async presetNameTaken(cameraId: number, name: string, excludeId?: number): Promise<boolean> {
    let q = this.db
      .selectFrom('camera_presets')
      .select('id')
      .where('camera_id', '=', cameraId)
      .where('name', '=', name);
    if (excludeId !== undefined) q = q.where('id', '!=', excludeId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async insertPreset(cameraId: number, index: number, name: string): Promise<number> {
    const row = await this.db
      .insertInto('camera_presets')
      .values({ camera_id: cameraId, preset_index: index, name, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async setPresetImage(id: number, url: string): Promise<void> {
    await this.db.updateTable('camera_presets').set({ img_url: url }).where('id', '=', id).execute();
  }

  async deletePreset(cameraId: number, id: number): Promise<void> {
    await this.db
      .deleteFrom('camera_presets')
      .where('camera_id', '=', cameraId)
      .where('id', '=', id)
      .execute();
  }

  // Snapshots.

  async insertSnapshot(cameraId: number, flag: string, takenAt: number, url: string): Promise<void> {
    await this.db
      .insertInto('camera_snapshots')
      .values({ camera_id: cameraId, flag, taken_at: takenAt, url })
      .execute();
  }

  /** Per camera, the snapshot of this flag taken nearest `at`, within `withinMs`. */
  async nearestSnapshots(cameraIds: number[], flag: string, at: number, withinMs: number) {
    if (cameraIds.length === 0) return new Map<number, string>();
    const rows = await this.db
      .selectFrom('camera_snapshots')
      .select(['camera_id', 'taken_at', 'url'])
      .where('camera_id', 'in', cameraIds)
      .where('flag', '=', flag)
      .where('taken_at', '>=', at - withinMs)
      .where('taken_at', '<=', at + withinMs)
      .execute();
    const best = new Map<number, { distance: number; url: string }>();
    for (const row of rows) {
      const distance = Math.abs(Number(row.taken_at) - at);
      const current = best.get(row.camera_id);
      if (!current || distance < current.distance) best.set(row.camera_id, { distance, url: row.url });
    }
    return new Map([...best].map(([id, v]) => [id, v.url]));
  }
}
