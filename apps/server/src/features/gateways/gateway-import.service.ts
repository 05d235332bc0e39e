import {
  SPREADSHEET_FILE_NAME,
  SPREADSHEET_FORMAT_MESSAGE,
  SPREADSHEET_UNREADABLE_MESSAGE,
} from '@iot/contracts';
import { GATEWAY_MODELS, GATEWAY_TYPES, type ImportRule, projectGatewayBody } from '@iot/contracts/gateways';
import type { AuthContext } from '../../platform/auth/access.service.js';
import { badRequest } from '../../platform/errors.js';
import type { GatewaysRepository } from './gateways.repository.js';
import type { GatewaysService } from './gateways.service.js';
import { readRows } from './spreadsheet.js';

/** Column headers accepted for each field (after cleaning). */
const COLUMNS: Record<string, string[]> = {
  serialNumber: ['序列号', '网关序列号', 'serialNumber'],
  alias: ['别名', '网关别名', '网关名称', 'alias'],
  type: ['类型', '网关类型', 'type'],
  model: ['型号', '网关型号', 'model'],
  iccid: ['ICCID', '物联网卡号', 'iccid'],
  batchOrContract: ['批次或合同号', '批次/合同号', '批次号', '合同号', 'batchOrContract'],
};

const byLabel = <T extends Record<string, string>>(labels: T, text: string) =>
  (Object.keys(labels) as (keyof T & string)[]).find((key) => key === text || labels[key] === text);

export interface ImportReport {
  created: number;
  updated: number;
  skipped: number;
  deleted: number;
  errors: { row: number; message: string }[];
  /** Secrets of the created gateways: answered once, like at single creation. */
  credentials: { serialNumber: string; secret: string; bindCode: string }[];
}

/** Imports a project's gateways from a .csv, .xls or .xlsx sheet with one of the three import rules. */
export class GatewayImportService {
  constructor(
    private readonly gateways: GatewaysService,
    private readonly repository: GatewaysRepository,
  ) {}

  async import(
    projectId: number,
    fileName: string,
    data: Buffer,
    rule: ImportRule,
    auth: AuthContext,
    /** The 网关类型 each created gateway follows (updated ones keep their indicators). */
    typeId?: number,
  ): Promise<ImportReport> {
    if (!SPREADSHEET_FILE_NAME.test(fileName)) throw badRequest(SPREADSHEET_FORMAT_MESSAGE);
    let rows: Awaited<ReturnType<typeof readRows>>;
    try {
      rows = await readRows(fileName, data);
    } catch {
      throw badRequest(SPREADSHEET_UNREADABLE_MESSAGE);
    }
    const report: ImportReport = {
      created: 0,
      updated: 0,
      skipped: 0,
      deleted: 0,
      errors: [],
      credentials: [],
    };
    if (rule === 'replace') {
      // Deletes what the project created itself; firm gateways stay bound (unbind them explicitly).
      const own = await this.repository.list({ projectId }, { page: 0, size: 100_000 }, {});
      for (const gateway of own.list.filter((g) => g.firmId === null)) {
        await this.gateways.deleteInProject(projectId, gateway.id);
        report.deleted += 1;
      }
    }
    for (const { row, values } of rows) {
      const pick = (field: string) =>
        COLUMNS[field]!.map((h) => values[h]).find((v) => v !== undefined && v !== '') ?? '';
      const parsed = projectGatewayBody.safeParse({
        serialNumber: pick('serialNumber'),
        alias: pick('alias'),
        type: byLabel(GATEWAY_TYPES, pick('type')) ?? (pick('type') || undefined),
        model: byLabel(GATEWAY_MODELS, pick('model')) ?? (pick('model') || undefined),
        iccid: pick('iccid'),
        batchOrContract: pick('batchOrContract'),
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        report.errors.push({ row, message: `${issue.path.join('.')}: ${issue.message}` });
        continue;
      }
      const input = parsed.data;
      try {
        const existing = await this.repository.findForBinding(input.serialNumber);
        if (existing && existing.gateway.projectId !== projectId) {
          report.errors.push({ row, message: '序列号已被其它项目或厂商使用' });
        } else if (existing && rule === 'skip') {
          report.skipped += 1;
        } else if (existing) {
          await this.gateways.updateInProject(projectId, existing.gateway.id, input);
          report.updated += 1;
        } else {
          const created = await this.gateways.createInProject(projectId, { ...input, typeId }, auth);
          report.created += 1;
          report.credentials.push({
            serialNumber: created.serialNumber,
            secret: created.secret,
            bindCode: created.bindCode,
          });
        }
      } catch (error) {
        report.errors.push({ row, message: error instanceof Error ? error.message : String(error) });
      }
    }
    return report;
  }
}
