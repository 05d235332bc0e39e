import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { withId } from './0001-foundation.js';

/** The built-in units every project offers (project_id null): symbol, name, category. */
export const BUILTIN_UNITS: [string, string, string][] = [
  ['mg/L', '毫克每升', '浓度'],
  ['μg/L', '微克每升', '浓度'],
  ['个/L', '个每升', '浓度'],
  ['NTU', '散射浊度单位', '浊度'],
  ['μS/cm', '微西门子每厘米', '电导率'],
  ['pH', 'pH值', '酸碱度'],
  ['℃', '摄氏度', '温度'],
  ['%RH', '相对湿度', '湿度'],
  ['m³/h', '立方米每小时', '流量'],
  ['L/s', '升每秒', '流量'],
  ['m³', '立方米', '体积'],
  ['t', '吨', '质量'],
  ['MPa', '兆帕', '压力'],
  ['kPa', '千帕', '压力'],
  ['m', '米', '长度'],
  ['mm', '毫米', '长度'],
  ['A', '安培', '电流'],
  ['V', '伏特', '电压'],
  ['kW', '千瓦', '功率'],
  ['kW·h', '千瓦时', '电能'],
  ['Hz', '赫兹', '频率'],
  ['r/min', '转每分钟', '转速'],
  ['%', '百分比', '比例'],
  ['dB', '分贝', '声级'],
  ['h', '小时', '时间'],
  ['min', '分钟', '时间'],
];

/**
 * Catalogues of a project (docs/decisions/0040-units-labels-modes.md): units (with the built-in
 * set), labels and what they are attached to, operating modes, a site's current mode, and the
 * modes a warning rule is limited to.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('units'), dialect)
    // Null for a built-in unit, offered in every project and changed by no one.
    .addColumn('project_id', 'integer', (c) => c.references('projects.group_id').onDelete('cascade'))
    // The symbol shown after values and stored on indicators, e.g. mg/L.
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('description', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('units_project').on('units').columns(['project_id', 'name']).execute();
  const now = Date.now();
  await (db as Kysely<{ units: Record<string, unknown> }>)
    .insertInto('units')
    .values(
      BUILTIN_UNITS.map(([name, description, category]) => ({
        project_id: null,
        name,
        description,
        category,
        created_at: now,
      })),
    )
    .execute();

  await withId(db.schema.createTable('labels'), dialect)
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('projects.group_id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('color', 'varchar(16)', (c) => c.notNull().defaultTo('blue'))
    .addColumn('description', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('labels_project').on('labels').columns(['project_id', 'name']).execute();
  // What a label is attached to: target_type gateway | group (equipment later). No foreign key on
  // the target (several tables); links of targets gone or moved away are ignored and dropped.
  await db.schema
    .createTable('label_links')
    .addColumn('label_id', 'integer', (c) => c.notNull().references('labels.id').onDelete('cascade'))
    .addColumn('target_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('label_links_pk', ['label_id', 'target_type', 'target_id'])
    .execute();
  await db.schema
    .createIndex('label_links_target')
    .on('label_links')
    .columns(['target_type', 'target_id'])
    .execute();

  await withId(db.schema.createTable('modes'), dialect)
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('projects.group_id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('color', 'varchar(16)', (c) => c.notNull().defaultTo('blue'))
    .addColumn('description', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('modes_project').on('modes').columns(['project_id', 'name']).execute();

  // A site's current operating mode (null: none set; mode-limited rules are then evaluated).
  await db.schema.alterTable('groups').addColumn('mode_id', 'integer').execute();
  await db.schema.alterTable('groups').addColumn('mode_changed_at', 'bigint').execute();
  // JSON array of mode ids the rule is limited to; null: evaluated in every mode.
  await db.schema.alterTable('warning_rules').addColumn('mode_ids', 'varchar(256)').execute();
}
