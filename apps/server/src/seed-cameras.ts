import { AggType, DEMO_VIDEO_SCHEME } from '@iot/contracts/cameras';
import type { Kysely } from 'kysely';
import type { Database } from './platform/db/schema.js';

/** The sites that get a camera besides the gate: the influent screens and the effluent monitor. */
export const DEMO_CAMERA_SITES = ['格栅间', '在线监测站'] as const;

/**
 * The demo project's cameras (docs/decisions/0064-cameras.md, "Demo cameras"): HTTP-FLV cameras at
 * the gate and two sites on the server's demo video source (`demo://{stream}`, resolved when played:
 * a test pattern with the camera's name and a clock, made by ffmpeg). Without ffmpeg they say
 * 演示视频源不可用 when played; point their 视频地址 at a real stream to watch one.
 */
export async function seedDemoCameras(db: Kysely<Database>, projectId: number): Promise<void> {
  const sites = await db
    .selectFrom('groups')
    .select(['id', 'name'])
    .where('project_id', '=', projectId)
    .where('group_type', '=', 'site')
    .where('is_monitor', '=', 0)
    .where('name', 'in', [...DEMO_CAMERA_SITES])
    .orderBy('id')
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
        video_url: `${DEMO_VIDEO_SCHEME}${c.stream}`,
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
