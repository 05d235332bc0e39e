import {
  SPREADSHEET_FILE_NAME,
  SPREADSHEET_FORMAT_MESSAGE,
  SPREADSHEET_UNREADABLE_MESSAGE,
} from '@iot/contracts';
import {
  EQUIPMENT_IMPORT_MAX_ROWS,
  EquipmentImportMessages,
  type EquipmentImportReport,
  type EquipmentImportRule,
  equipmentBody,
  MANUAL_STATUSES,
  ManualStatusNames,
} from '@iot/contracts/equipment';
import { ApiError, badRequest } from '../../platform/errors.js';
import { readRows } from '../gateways/index.js';
import type { EquipmentRepository } from './equipment.repository.js';
import { type EquipmentService, fields, groupPaths } from './equipment.service.js';

const STATUS_TEXT: Record<string, (typeof MANUAL_STATUSES)[number]> = Object.fromEntries(
  MANUAL_STATUSES.flatMap((s) => [
    [s, s],
    [ManualStatusNames[s], s],
  ]),
);
STATUS_TEXT[''] = 'normal';

/** 2024-03-01, 2024/3/1, 2024.3.1, 2024年3月1日 → 2024-03-01; '' stays ''. Anything else as written. */
export function normaliseDay(text: string): string {
  const match = text.trim().match(/^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/);
  if (!match) return text.trim();
  return `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}`;
}

/**
 * The ledger from a .csv, .xls or .xlsx sheet (EQUIPMENT_COLUMNS), row by row; a duplicate is a row
 * whose 编码 the project already has. Rules of spec core §3: skip it, overwrite its sheet columns
 * (bindings and attachments stay), or delete the project's equipment first. 位置 is a path from the
 * project root (进水区/格栅间) or a name only one group of the project has.
 */
export class EquipmentImportService {
  constructor(
    private readonly equipment: EquipmentService,
    private readonly repository: EquipmentRepository,
  ) {}

  async import(
    projectId: number,
    fileName: string,
    data: Buffer,
    rule: EquipmentImportRule,
  ): Promise<EquipmentImportReport> {
    if (!SPREADSHEET_FILE_NAME.test(fileName)) throw badRequest(SPREADSHEET_FORMAT_MESSAGE);
    let rows: Awaited<ReturnType<typeof readRows>>;
    try {
      rows = await readRows(fileName, data);
    } catch {
      throw badRequest(SPREADSHEET_UNREADABLE_MESSAGE);
    }
    if (rows.length > EQUIPMENT_IMPORT_MAX_ROWS) throw badRequest(EquipmentImportMessages.TOO_MANY_ROWS);
    const report: EquipmentImportReport = { created: 0, updated: 0, skipped: 0, deleted: 0, errors: [] };
    if (rule === 'replace') report.deleted = await this.repository.deleteAll(projectId);

    const groups = await this.repository.groups(projectId);
    const paths = groupPaths(groups);
    const byPath = new Map<string, number>();
    const byName = new Map<string, number[]>();
    for (const g of groups) {
      if (g.parent_id === null) continue;
      byPath.set(paths.get(g.id)!, g.id);
      byName.set(g.name, [...(byName.get(g.name) ?? []), g.id]);
    }
    const labels = new Map((await this.repository.labels(projectId)).map((l) => [l.name, l.id]));
    const existing = new Map((await this.repository.byCode(projectId)).map((r) => [r.code, r.id]));
    const seen = new Set<string>();

    for (const { row, values } of rows) {
      const fail = (message: string) => report.errors.push({ row, message });
      const cell = (name: string) => values[name] ?? '';
      const place = cell('位置').replace(/\s*\/\s*/g, '/');
      let groupId: number | null = null;
      if (place !== '') {
        const named = byName.get(place);
        groupId = byPath.get(place) ?? (named?.length === 1 ? named[0]! : null);
        if (groupId === null) {
          fail(EquipmentImportMessages.GROUP_NOT_FOUND);
          continue;
        }
      }
      const labelNames = cell('标签')
        .split(/[、,，;；]/)
        .map((n) => n.trim())
        .filter(Boolean);
      const missing = labelNames.find((n) => !labels.has(n));
      if (missing) {
        fail(EquipmentImportMessages.LABEL_NOT_FOUND(missing));
        continue;
      }
      const status = STATUS_TEXT[cell('状态')];
      if (!status) {
        fail(EquipmentImportMessages.STATUS_UNKNOWN);
        continue;
      }
      const capacityText = cell('额定容量');
      const capacity = capacityText === '' ? null : Number(capacityText);
      if (capacity !== null && Number.isNaN(capacity)) {
        fail(EquipmentImportMessages.CAPACITY_NUMBER);
        continue;
      }
      const parsed = equipmentBody.safeParse({
        name: cell('名称'),
        code: cell('编码'),
        category: cell('类别'),
        model: cell('型号'),
        manufacturer: cell('生产厂家'),
        serialNumber: cell('出厂编号'),
        groupId,
        installDate: normaliseDay(cell('安装日期')),
        warrantyEnd: normaliseDay(cell('质保截止')),
        ratedCapacity: capacity,
        ratedUnit: cell('容量单位'),
        labelIds: labelNames.map((n) => labels.get(n)!),
        manualStatus: status,
        remark: cell('备注'),
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const column = COLUMN_OF[String(issue.path[0])] ?? String(issue.path[0]);
        fail(`${column}：${issue.message}`);
        continue;
      }
      const body = parsed.data;
      if (seen.has(body.code)) {
        fail(EquipmentImportMessages.CODE_REPEATED);
        continue;
      }
      seen.add(body.code);
      const id = existing.get(body.code);
      try {
        if (id !== undefined && rule === 'skip') {
          report.skipped++;
        } else if (id !== undefined) {
          await this.equipment.validate(projectId, body, id);
          const { attachments: _kept, ...sheet } = fields(body);
          await this.repository.update(projectId, id, sheet);
          await this.repository.setLabels(id, [...new Set(body.labelIds)]);
          report.updated++;
        } else {
          const created = await this.equipment.create(projectId, body);
          existing.set(body.code, created.id);
          report.created++;
        }
      } catch (error) {
        fail(error instanceof ApiError || error instanceof Error ? error.message : String(error));
      }
    }
    await this.equipment.announce(projectId);
    return report;
  }
}

const COLUMN_OF: Record<string, string> = {
  name: '名称',
  code: '编码',
  category: '类别',
  model: '型号',
  manufacturer: '生产厂家',
  serialNumber: '出厂编号',
  installDate: '安装日期',
  warrantyEnd: '质保截止',
  ratedCapacity: '额定容量',
  ratedUnit: '容量单位',
  remark: '备注',
};
