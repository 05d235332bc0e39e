import type { Kysely } from 'kysely';

/**
 * `work_orders_project_equipment` (project_id, equipment_id, created_at): one piece of equipment's
 * orders, newest first (the equipment detail's 工单 tab, 维保记录?equipmentId=) read from the index
 * instead of every order of a project with 100,000 of them (issue 13; decision 0051).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('work_orders_project_equipment')
    .on('work_orders')
    .columns(['project_id', 'equipment_id', 'created_at'])
    .execute();
}
