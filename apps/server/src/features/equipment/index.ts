import { chinaDay } from '@iot/contracts/equipment';
import type { Kysely } from 'kysely';
import { defineChannel } from '../../platform/cluster-bus.js';
import type { Database } from '../../platform/db/schema.js';
import type { Platform } from '../../platform/platform.js';
import { EquipmentRepository } from './equipment.repository.js';
import { registerEquipmentRoutes } from './equipment.routes.js';
import { EquipmentService } from './equipment.service.js';
import { EquipmentImportService } from './equipment-import.service.js';
import { RunHoursRepository } from './run-hours.repository.js';

export { RUN_SETTLE_MS } from './equipment.service.js';
export type { EquipmentService };

/**
 * A project's equipment was written (created, edited, deleted, imported): every node that keeps
 * something of it (malfunctions: the fault-signal bindings) reads it again.
 */
export const equipmentChangedChannel = defineChannel<{ projectId: number }>(
  'equipment-changed',
  (raw) => {
    const projectId = (raw as { projectId?: unknown } | null)?.projectId;
    return Number.isInteger(projectId) ? { projectId: projectId as number } : undefined;
  },
  { confirmed: true },
);

/** How often the run-hour accounting counts new points. */
const RUN_ACCOUNTING_MS = 30_000;

/**
 * 设备台账 and 工艺设备监控: the ledger, bound indicators, live status and run hours
 * (docs/decisions/0051-equipment-ledger.md).
 */
export function equipmentFeature(platform: Platform): { equipment: EquipmentService } {
  const repository = new EquipmentRepository(platform.db);
  const equipment = new EquipmentService(repository, new RunHoursRepository(platform.db), (projectId) =>
    platform.cluster.publish(equipmentChangedChannel, { projectId }),
  );
  registerEquipmentRoutes(platform.router, {
    equipment,
    importer: new EquipmentImportService(equipment, repository),
    files: platform.files,
    access: platform.access,
  });
  // One node per round where a lock exists; without one, the conditional update keeps it exact.
  platform.jobs.every(
    RUN_ACCOUNTING_MS,
    'equipment run hours',
    async () => void (await equipment.accountRunHours()),
    { oneNode: true },
  );
  return { equipment };
}

/**
 * Of these ids, the ones that are equipment of the project: for features that refer to equipment
 * (work orders, malfunctions, plans) and must refuse another project's. Order kept, repeats dropped.
 */
export async function equipmentOfProject(
  db: Kysely<Database>,
  projectId: number,
  ids: number[],
): Promise<number[]> {
  const found = new Set(await new EquipmentRepository(db).inProject(projectId, [...new Set(ids)]));
  return [...new Set(ids)].filter((id) => found.has(id));
}

/** Of these ids, the project's equipment with its name and place (plans name their orders by it). */
export async function equipmentNamed(
  db: Kysely<Database>,
  projectId: number,
  ids: number[],
): Promise<Map<number, { name: string; groupId: number | null }>> {
  const rows = await new EquipmentRepository(db).named(projectId, ids);
  return new Map(rows.map((r) => [r.id, { name: r.name, groupId: r.group_id }]));
}

/**
 * The fault signal bound to a piece of equipment of the project (its gateway still bound to the
 * project): what malfunctions watch. Undefined without one.
 */
export async function faultSignalOf(
  db: Kysely<Database>,
  projectId: number,
  equipmentId: number,
): Promise<{ gatewayIndicatorId: number; gatewayId: number; dataIdentification: string } | undefined> {
  const row = await new EquipmentRepository(db).faultSignal(projectId, equipmentId);
  return (
    row && {
      gatewayIndicatorId: row.id,
      gatewayId: row.gateway_id,
      dataIdentification: row.data_identification,
    }
  );
}

/** Every fault signal of the project's equipment: gateway indicator id → equipment (malfunction watch). */
export async function faultSignalsOf(
  db: Kysely<Database>,
  projectId: number,
): Promise<Map<number, { equipmentId: number; equipmentName: string }>> {
  const rows = await new EquipmentRepository(db).faultSignals(projectId);
  return new Map(
    rows.map((r) => [r.gateway_indicator_id, { equipmentId: r.equipment_id, equipmentName: r.name }]),
  );
}

/**
 * Run time (ms) of the project's equipment counted on the China days from that of `since` on (the
 * run-hour accounting's day rows, decision 0051; their current run signal's): what run-hour
 * maintenance plans count. A piece without run time is absent.
 */
export async function runTimeSince(
  db: Kysely<Database>,
  projectId: number,
  ids: number[],
  since: number,
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('equipment_run_days as d')
    .innerJoin('equipment as e', 'e.id', 'd.equipment_id')
    .select(['d.equipment_id', (eb) => eb.fn.sum<number | string>('d.run_ms').as('run_ms')])
    .where('e.project_id', '=', projectId)
    .where('d.equipment_id', 'in', [...new Set(ids)])
    .where('d.day', '>=', chinaDay(since))
    .groupBy('d.equipment_id')
    .execute();
  return new Map(rows.map((r) => [r.equipment_id, Number(r.run_ms)]));
}
