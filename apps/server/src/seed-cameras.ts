import { AggType } from '@iot/contracts/cameras';
import type { Kysely } from 'kysely';
import type { Database } from './platform/db/schema.js';

/**
 * The demo project's cameras (docs/decisions/0064-cameras.md): HTTP-FLV cameras at the gate and two
 * sites, addressed as a local media server (ZLMediaKit's default HTTP-FLV paths) would serve them.
 * Without such a server they are listed, marked offline once tried, and say 播放异常 when played;
 * point their 视频地址 at a real stream to watch one.
 */
export async function seedDemoCameras(db: Kysely<Database>, projectId: number): Promise<void> {
  const sites = await db
    .selectFrom('groups')
    .select(['id', 'name'])
    .where('project_id', '=', projectId)
    .where('group_type', '=', 'site')
    .where('is_monitor', '=', 0)
    .orderBy('id')
    .limit(2)
    .execute();
  const now = Date.now();
  const cameras = [
    { group_id: projectId, name: '厂区大门', stream: 'gate' },
    ...sites.map((site, i) => ({ group_id: site.id, name: `${site.name}监控`, stream: `site${i + 1}` })),
  ];
  await db
    .insertInto('cameras')
    .values(
      cameras.map((c) => ({
        project_id: projectId,
        group_id: c.group_id,
        name: c.name,
        agg_type: AggType.HTTP_FLV,
        video_url: `http://127.0.0.1:8080/live/${c.stream}.live.flv`,
        camera_account_id: null,
        share_owner_id: null,
        online_checked_at: null,
        type: 0,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}
