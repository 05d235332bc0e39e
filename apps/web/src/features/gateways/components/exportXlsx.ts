import {
  CLOCK_STATUSES,
  GATEWAY_MODELS,
  GATEWAY_TYPES,
  type Gateway,
  ONLINE_STATUSES,
} from '@iot/contracts/gateways';
import dayjs from 'dayjs';
import { type GatewayScope, gatewaysApi } from '../api';

/** Spec core §9: exports read the list in pages of at most 1000. */
export const EXPORT_PAGE_SIZE = 1000;
/** Spec core §7: the default file name of a spreadsheet export. */
export const EXPORT_FILE_NAME = 'list';

/** The columns; the first six carry the headers the import reads back. */
const COLUMNS: { header: string; width: number; value: (g: Gateway) => string }[] = [
  { header: '序列号', width: 24, value: (g) => g.serialNumber },
  { header: '别名', width: 24, value: (g) => g.alias },
  { header: '类型', width: 14, value: (g) => GATEWAY_TYPES[g.type] },
  { header: '型号', width: 18, value: (g) => GATEWAY_MODELS[g.model] },
  { header: 'ICCID', width: 24, value: (g) => g.iccid },
  { header: '批次或合同号', width: 18, value: (g) => g.batchOrContract },
  { header: '在线状态', width: 12, value: (g) => ONLINE_STATUSES[g.onlineStatus] },
  { header: '时钟状态', width: 14, value: (g) => (g.clockStatus ? CLOCK_STATUSES[g.clockStatus] : '正常') },
  {
    header: '最后通信时间',
    width: 20,
    value: (g) => (g.lastSeenAt ? dayjs(g.lastSeenAt).format('YYYY-MM-DD HH:mm:ss') : ''),
  },
  { header: '创建时间', width: 20, value: (g) => dayjs(g.createdAt).format('YYYY-MM-DD HH:mm:ss') },
];

/** Every gateway matching the list's conditions, read page by page. */
export async function fetchAllGateways(
  scope: GatewayScope,
  filters: { keyword: string; onlineStatus: string },
): Promise<Gateway[]> {
  const all: Gateway[] = [];
  for (let page = 0; ; page += 1) {
    const answer = await gatewaysApi.list(scope, { ...filters, page, size: EXPORT_PAGE_SIZE });
    all.push(...answer.list);
    if (answer.list.length < EXPORT_PAGE_SIZE || all.length >= answer.total) return all;
  }
}

/** Builds the xlsx in the browser (exceljs is loaded only now) and hands it to the user as list.xlsx. */
export async function exportGateways(
  scope: GatewayScope,
  filters: { keyword: string; onlineStatus: string },
): Promise<number> {
  const [gateways, { default: ExcelJS }] = await Promise.all([
    fetchAllGateways(scope, filters),
    import('exceljs'),
  ]);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('网关');
  sheet.columns = COLUMNS.map((c) => ({ header: c.header, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const gateway of gateways) sheet.addRow(COLUMNS.map((c) => c.value(gateway)));
  const buffer = await workbook.xlsx.writeBuffer();
  const blob = new Blob([buffer], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${EXPORT_FILE_NAME}.xlsx`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return gateways.length;
}
