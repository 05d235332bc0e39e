import { Permission } from '@iot/contracts';
import {
  CELL_IMPORT_MAX_BYTES,
  CellMessages,
  cellImportResult,
  cellSettings,
  cellSettingsBody,
  cellStats,
} from '@iot/contracts/maps';
import type { ClusterBus } from '../../platform/cluster-bus.js';
import { badRequest } from '../../platform/errors.js';
import type { Router } from '../../platform/http/route.js';
import { NotCellCsv, readCellCsv } from './cell-csv.js';
import { type CellSettingsService, cellsChannel } from './cell-settings.service.js';
import type { CellsRepository } from './cells.repository.js';

const tags = ['地图'];
const read = { menu: 'router-systems', bit: Permission.READ, scope: 'system' as const };
const update = { menu: 'router-systems', bit: Permission.UPDATE, scope: 'system' as const };

/** 系统配置 → 基站定位: settings, the cell table's figures and unknown cells, and the import. */
export function registerCellRoutes(
  router: Router,
  settings: CellSettingsService,
  cells: CellsRepository,
  cluster: ClusterBus,
): void {
  router.route({
    method: 'GET',
    url: '/iot/system/maps/cells',
    summary: '基站定位配置（OpenCelliD Key 只答是否已配置）',
    tags,
    access: read,
    response: cellSettings,
    handler: () => settings.get(),
  });
  router.route({
    method: 'PUT',
    url: '/iot/system/maps/cells',
    summary: '修改基站定位配置：在线服务（无或 OpenCelliD，Key 加密保存；留空保持原 Key）与默认 MNC',
    tags,
    access: update,
    body: cellSettingsBody,
    response: cellSettings,
    handler: ({ body }) => settings.update(body),
  });
  router.route({
    method: 'GET',
    url: '/iot/system/maps/cells/stats',
    summary: '基站库：已导入、在线查到的基站数，未知基站（最近 20 个）',
    tags,
    access: read,
    response: cellStats,
    handler: async () => {
      const [counts, misses] = await Promise.all([cells.counts(), cells.misses()]);
      return { ...counts, missCells: misses.cells, missReports: misses.reports, misses: misses.recent };
    },
  });
  router.route({
    method: 'POST',
    url: '/iot/system/maps/cells/import',
    summary:
      '导入基站库：multipart 字段 file，OpenCelliD 导出的 CSV（可为 .gz），只导入 MCC 460 的行；同一基站以后导入的为准',
    tags,
    access: update,
    multipart: { fileSize: CELL_IMPORT_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024 },
    response: cellImportResult,
    handler: async ({ request }) => {
      const file = request.isMultipart() ? await request.file() : undefined;
      if (!file) throw badRequest(CellMessages.noFile);
      const now = Date.now();
      try {
        const result = await readCellCsv(file.file, (rows) => cells.upsert(rows, 'import', now));
        if (file.file.truncated) throw badRequest(CellMessages.tooLarge);
        await cells.dropKnownMisses();
        return result;
      } catch (error) {
        // Read the rest without keeping it, so the client hears the refusal rather than a reset.
        file.file.resume();
        if (error instanceof NotCellCsv || (error as { code?: string }).code === 'Z_DATA_ERROR')
          throw badRequest(CellMessages.notCsv);
        throw error;
      } finally {
        // Rows of a failed import stay (each batch is whole); every node forgets its cached lookups.
        await cluster.publish(cellsChannel, {});
      }
    },
  });
}
