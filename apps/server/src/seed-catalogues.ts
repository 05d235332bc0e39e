import type { Kysely } from 'kysely';
import type { Database } from './platform/db/schema.js';

/**
 * The demo project's catalogues (docs/decisions/0040-units-labels-modes.md): operating modes with
 * every site in 自动 but the disinfection tank in 检修, labels on a few areas and sites, and a unit
 * of the project's own. Gateways are labelled by the screens, once the simulator has made them.
 */
export async function seedDemoCatalogues(db: Kysely<Database>, projectId: number): Promise<void> {
  const now = Date.now();
  const modes = await db
    .insertInto('modes')
    .values(
      (
        [
          ['自动', 'green', '设备按程序自动运行，全部预警生效'],
          ['手动', 'orange', '现场人工操作'],
          ['检修', 'red', '设备检修中，限定于自动模式的预警不产生'],
        ] as const
      ).map(([name, color, description], sort) => ({
        project_id: projectId,
        name,
        color,
        description,
        sort,
        created_at: now,
      })),
    )
    .returning(['id', 'name'])
    .execute();
  const modeId = (name: string) => modes.find((m) => m.name === name)!.id;
  const sites = await db
    .selectFrom('groups')
    .select(['id', 'name', 'group_type'])
    .where('project_id', '=', projectId)
    .where('group_type', '!=', 'project')
    .execute();
  for (const site of sites.filter((g) => g.group_type === 'site'))
    await db
      .updateTable('groups')
      .set({ mode_id: modeId(site.name === '消毒池' ? '检修' : '自动'), mode_changed_at: now })
      .where('id', '=', site.id)
      .execute();

  const labels = await db
    .insertInto('labels')
    .values([
      { project_id: projectId, name: '重点监控', color: 'red', description: '出水达标相关', created_at: now },
      { project_id: projectId, name: '进水', color: 'blue', description: '', created_at: now },
      { project_id: projectId, name: '出水', color: 'green', description: '', created_at: now },
    ])
    .returning(['id', 'name'])
    .execute();
  const labelId = (name: string) => labels.find((l) => l.name === name)!.id;
  const groupId = (name: string) => sites.find((g) => g.name === name)?.id;
  const links: [string, string][] = [
    ['重点监控', '在线监测站'],
    ['重点监控', 'AAO生化池'],
    ['进水', '进水区'],
    ['出水', '出水区'],
  ];
  const rows = links
    .map(([label, group]) => ({ label_id: labelId(label), target_type: 'group', target_id: groupId(group) }))
    .filter(
      (r): r is { label_id: number; target_type: string; target_id: number } => r.target_id !== undefined,
    );
  if (rows.length > 0) await db.insertInto('label_links').values(rows).execute();

  await db
    .insertInto('units')
    .values({
      project_id: projectId,
      name: 'mg/m³',
      description: '毫克每立方米',
      category: '浓度',
      created_at: now,
    })
    .execute();
}
