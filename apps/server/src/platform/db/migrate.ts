import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Dialect } from './connect.js';
import * as foundation from './migrations/0001-foundation.js';
import * as customDomains from './migrations/0002-custom-domains.js';
import * as devices from './migrations/0003-devices.js';
import * as gatewayEntries from './migrations/0004-gateway-entries.js';
import * as instructions from './migrations/0005-instructions.js';
import * as rollups from './migrations/0006-rollups.js';
import * as gatewayDiagnostics from './migrations/0007-gateway-diagnostics.js';
import * as autoReposition from './migrations/0008-auto-reposition.js';
import * as dataRepair from './migrations/0009-data-repair.js';
import * as warnings from './migrations/0010-warnings.js';
import * as messages from './migrations/0011-messages.js';
import * as timeSeriesRetention from './migrations/0012-time-series-retention.js';
import * as extremeTimes from './migrations/0013-extreme-times.js';
import * as operationLogs from './migrations/0017-operation-logs.js';
import * as systemSettings from './migrations/0018-system-settings.js';
import * as catalogues from './migrations/0019-catalogues.js';
import * as gatewayTypes from './migrations/0021-gateway-types.js';
import * as manualEntries from './migrations/0022-manual-entries.js';
import * as noticeOperate from './migrations/0023-notice-operate.js';
import * as messageCounts from './migrations/0024-message-counts.js';
import * as operationLogIndexes from './migrations/0026-operation-log-indexes.js';
import * as workOrders from './migrations/0029-work-orders.js';
import * as equipment from './migrations/0030-equipment.js';
import * as maintenancePlans from './migrations/0031-maintenance-plans.js';
import * as duty from './migrations/0032-duty.js';
import * as workOrderListIndexes from './migrations/0034-work-order-list-indexes.js';
import * as malfunctions from './migrations/0037-malfunctions.js';
import * as workOrdersByEquipment from './migrations/0039-work-orders-by-equipment.js';
import * as assistantChats from './migrations/0040-assistant-chats.js';
import * as aiModels from './migrations/0041-ai-models.js';
import * as workOrderListCounts from './migrations/0042-work-order-list-counts.js';
import * as workOrderKeywordIndex from './migrations/0043-work-order-keyword-index.js';
import * as workOrderShortKeyword from './migrations/0044-work-order-short-keyword.js';
import * as cameras from './migrations/0045-cameras.js';
import * as mapLocations from './migrations/0046-map-locations.js';
import * as purchases from './migrations/0048-purchases.js';
import * as sharing from './migrations/0049-sharing.js';
import * as warningCameras from './migrations/0050-warning-cameras.js';
import * as gb28181Devices from './migrations/0051-gb28181-devices.js';
import * as cellTowers from './migrations/0052-cell-towers.js';
import type { Database } from './schema.js';

/** Migrations in order. Each is written once for both dialects; the dialect decides only key types. */
const MIGRATIONS: Record<string, { up(db: Kysely<unknown>, dialect: Dialect): Promise<void> }> = {
  '0001-foundation': foundation,
  '0002-custom-domains': customDomains,
  '0003-devices': devices,
  '0004-gateway-entries': gatewayEntries,
  '0005-instructions': instructions,
  '0006-rollups': rollups,
  '0007-gateway-diagnostics': gatewayDiagnostics,
  '0008-auto-reposition': autoReposition,
  '0009-data-repair': dataRepair,
  '0010-warnings': warnings,
  '0011-messages': messages,
  '0012-time-series-retention': timeSeriesRetention,
  '0013-extreme-times': extremeTimes,
  '0017-operation-logs': operationLogs,
  '0018-system-settings': systemSettings,
  '0019-catalogues': catalogues,
  '0021-gateway-types': gatewayTypes,
  '0022-manual-entries': manualEntries,
  '0023-notice-operate': noticeOperate,
  '0024-message-counts': messageCounts,
  '0026-operation-log-indexes': operationLogIndexes,
  '0029-work-orders': workOrders,
  '0030-equipment': equipment,
  '0031-maintenance-plans': maintenancePlans,
  '0032-duty': duty,
  '0034-work-order-list-indexes': workOrderListIndexes,
  '0037-malfunctions': malfunctions,
  '0039-work-orders-by-equipment': workOrdersByEquipment,
  '0040-assistant-chats': assistantChats,
  '0041-ai-models': aiModels,
  '0042-work-order-list-counts': workOrderListCounts,
  '0043-work-order-keyword-index': workOrderKeywordIndex,
  '0044-work-order-short-keyword': workOrderShortKeyword,
  '0045-cameras': cameras,
  '0048-purchases': purchases,
  '0049-sharing': sharing,
  '0046-map-locations': mapLocations,
  '0050-warning-cameras': warningCameras,
  '0051-gb28181-devices': gb28181Devices,
  '0052-cell-towers': cellTowers,
};

class CodeMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const [name, migration] of Object.entries(MIGRATIONS)) {
      migrations[name] = { up: (db) => migration.up(db, this.dialect) };
    }
    return migrations;
  }
}

/**
 * Brings the schema up to date. Kysely's migrator takes a lock (a table on SQLite, an advisory
 * lock on PostgreSQL), so two servers starting together migrate once.
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  dialect: Dialect,
  schema?: string,
  /** Stop after this migration (tests of a migration over data of the schema before it). */
  target?: string,
): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: new CodeMigrationProvider(dialect),
    // Name the schema: otherwise Kysely may find another schema's bookkeeping tables and skip its own.
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await (target ? migrator.migrateTo(target) : migrator.migrateToLatest());
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
