import {
  CLOCK_STATUSES,
  GATEWAY_MODELS,
  GATEWAY_TYPES,
  type GatewayListItem,
  ONLINE_STATUSES,
} from '@iot/contracts/gateways';
import dayjs from 'dayjs';
import { exportFileName, exportXlsx, fetchAllPages } from '../../../components/exportXlsx';
import { type GatewayScope, gatewaysApi } from '../api';

type Column = { header: string; width: number; value: (g: GatewayListItem) => string };

/** The columns; the first six carry the headers the import reads back. */
const COLUMNS: Column[] = [
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

/** A project's list adds the area or site each gateway sits in. */
const GROUP_COLUMN: Column = { header: '分组', width: 18, value: (g) => g.groupName ?? '' };

/** Every gateway matching the list's conditions, read page by page. */
export function fetchAllGateways(
  scope: GatewayScope,
  filters: { keyword: string; onlineStatus: string },
): Promise<GatewayListItem[]> {
  return fetchAllPages((page, size) => gatewaysApi.list(scope, { ...filters, page, size }));
}

/** Writes them to 网关列表-<date>.xlsx (spec core §7), built in the browser; answers how many. */
export async function exportGateways(
  scope: GatewayScope,
  filters: { keyword: string; onlineStatus: string },
): Promise<number> {
  const gateways = await fetchAllGateways(scope, filters);
  const columns =
    scope.kind === 'project' ? [...COLUMNS.slice(0, 6), GROUP_COLUMN, ...COLUMNS.slice(6)] : COLUMNS;
  await exportXlsx(
    columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width })),
    gateways.map((g) => Object.fromEntries(columns.map((c, i) => [String(i), c.value(g)]))),
    exportFileName('网关列表'),
    '网关',
  );
  return gateways.length;
}
