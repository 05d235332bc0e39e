import { z } from 'zod';

/**
 * Base-station positioning (docs/decisions/0066-maps-and-location.md): a gateway in automatic mode
 * with locateType 0 reports LAC and CELLID; the cell is looked up in the imported cell table
 * (OpenCelliD's CSV export) and, when configured, an online cell geolocation service.
 */

/** Mobile country code of China: only these rows of an OpenCelliD export are imported. */
export const CHINA_MCC = 460;
/** Default MNC when the gateway does not report one: 0, 中国移动. */
export const DEFAULT_CELL_MNC = 0;
/** A gateway may report its operator's MNC under this identifier beside LAC and CELLID. */
export const CELL_MNC_IDENTIFICATION = 'MNC';
/** The largest cell export accepted in one upload (China's OpenCelliD export is ~100 MB gzipped). */
export const CELL_IMPORT_MAX_BYTES = 1024 * 1024 * 1024;
/** Unknown cells listed on 系统配置 (the most recent). */
export const CELL_MISSES_SHOWN = 20;

export const CELL_ONLINE_SERVICES = ['none', 'opencellid'] as const;
export type CellOnlineService = (typeof CELL_ONLINE_SERVICES)[number];
export const OPENCELLID_BASE_URL = 'https://opencellid.org';

/** 系统配置 → 基站定位: the online fallback and the MNC used when the gateway reports none. */
export const cellSettings = z.object({
  online: z.enum(CELL_ONLINE_SERVICES),
  /** Whether an OpenCelliD key is stored; the key itself is never answered. */
  keyConfigured: z.boolean(),
  baseUrl: z.string(),
  mnc: z.number().int(),
});
export type CellSettings = z.infer<typeof cellSettings>;
export const cellSettingsBody = z.object({
  online: z.enum(CELL_ONLINE_SERVICES),
  /** A new key; empty or absent keeps the stored one. */
  key: z.string().trim().max(64, '最多输入64个字符').optional(),
  baseUrl: z
    .string()
    .trim()
    .max(200)
    .regex(/^https?:\/\/[^\s]+$/, '输入的地址格式错误')
    .optional(),
  mnc: z.number().int().min(0, 'MNC 为 0–999').max(999, 'MNC 为 0–999').default(DEFAULT_CELL_MNC),
});

/** What an import did: rows stored, rows of other countries, rows that could not be read. */
export const cellImportResult = z.object({
  lines: z.number().int(),
  imported: z.number().int(),
  otherCountries: z.number().int(),
  invalid: z.number().int(),
});
export type CellImportResult = z.infer<typeof cellImportResult>;

/** A reported cell no resolver knew: the gateway's position stayed where it was. */
export const cellMiss = z.object({
  mcc: z.number().int(),
  mnc: z.number().int(),
  lac: z.number().int(),
  cellId: z.number().int(),
  gatewayId: z.number().int().nullable(),
  gatewayName: z.string(),
  count: z.number().int(),
  lastAt: z.number(),
});
export type CellMiss = z.infer<typeof cellMiss>;

/** The cell table and the cells not found, for 系统配置. */
export const cellStats = z.object({
  /** Cells in the table: imported, and learnt from the online service. */
  imported: z.number().int(),
  learnt: z.number().int(),
  /** Distinct unknown cells and how many reports they made in all. */
  missCells: z.number().int(),
  missReports: z.number().int(),
  misses: z.array(cellMiss),
});
export type CellStats = z.infer<typeof cellStats>;

export const CellMessages = {
  title: '基站定位',
  notCsv:
    '文件格式错误：需要 OpenCelliD 导出的 CSV（radio,mcc,net,area,cell,unit,lon,lat,range,…，可为 .gz）',
  noFile: '请选择要导入的基站文件',
  tooLarge: '文件过大（最大 1 GB），导入中止',
  keyMissing: '未配置 OpenCelliD Key',
  serviceFailed: '基站定位服务暂时不可用',
  imported: (r: CellImportResult) =>
    `已导入 ${r.imported} 个基站（共 ${r.lines} 行，其他国家 ${r.otherCountries} 行，无法识别 ${r.invalid} 行）`,
} as const;
