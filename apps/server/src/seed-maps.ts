import type { Kysely } from 'kysely';
import type { Database } from './platform/db/schema.js';

/** Where the demo plant stands: 北京市昌平区, WGS-84 (decision 0066). */
const PLANT: [number, number] = [116.2402, 40.2135];

/**
 * The demo project's sites and gateways on the map: each site a few hundred metres from the next
 * around the plant, each gateway at its site, all in 北京市昌平区.
 */
export async function seedDemoLocations(db: Kysely<Database>, projectId: number): Promise<void> {
  const now = Date.now();
  const sites = await db
    .selectFrom('groups')
    .select(['id', 'name'])
    .where('project_id', '=', projectId)
    .where('group_type', '=', 'site')
    .orderBy('id')
    .execute();
  const gateways = await db
    .selectFrom('gateways')
    .select(['id', 'group_id'])
    .where('project_id', '=', projectId)
    .execute();
  const base = {
    full_address: '北京市昌平区',
    address: JSON.stringify(['11', '1101', '110114']),
    area: '[]',
  };
  const rows = sites.map((site, i) => ({
    kind: 'site',
    owner_id: site.id,
    x: PLANT[0] + (i % 3) * 0.004,
    y: PLANT[1] + Math.floor(i / 3) * 0.003,
  }));
  for (const gateway of gateways) {
    const site = rows.find((r) => r.owner_id === gateway.group_id);
    rows.push({
      kind: 'gateway',
      owner_id: gateway.id,
      x: (site?.x ?? PLANT[0]) + 0.0006,
      y: (site?.y ?? PLANT[1]) + 0.0004,
    });
  }
  await seedDemoCells(db, now);
  for (const row of rows)
    await db
      .insertInto('map_locations')
      .values({
        kind: row.kind,
        owner_id: row.owner_id,
        project_id: projectId,
        x_axis: Math.round(row.x * 1e6) / 1e6,
        y_axis: Math.round(row.y * 1e6) / 1e6,
        ...base,
        location_mode: 0,
        gateway_id: null,
        locate_type: 0,
        lon_identification: '',
        lat_identification: '',
        locate_by_report_data: 0,
        coordinate_system: 0,
        position_at: null,
        updated_at: now,
      })
      .execute();
}

/**
 * A few cells around the plant in the cell table (base-station positioning, decision 0066), as an
 * OpenCelliD import would leave them: 系统配置 → 基站定位 shows a table that is not empty, and a
 * gateway switched to 基站定位 that reports LAC 4301 with one of these CELLIDs moves there.
 */
async function seedDemoCells(db: Kysely<Database>, now: number): Promise<void> {
  const cells = [0, 1, 2, 3, 4, 5].map((i) => ({
    mcc: 460,
    mnc: 0,
    lac: 4301,
    cell_id: 20993281 + i,
    radio: 'LTE',
    lng: Math.round((PLANT[0] + (i % 3) * 0.006 - 0.004) * 1e6) / 1e6,
    lat: Math.round((PLANT[1] + Math.floor(i / 3) * 0.005 - 0.002) * 1e6) / 1e6,
    range_m: 800,
    source: 'import',
    updated_at: now,
  }));
  await db.insertInto('cell_towers').values(cells).execute();
}
