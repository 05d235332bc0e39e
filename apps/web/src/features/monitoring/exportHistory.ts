import { EXPORT_PAGE_SIZE } from '@iot/contracts';
import type { HistoryPoint } from '@iot/contracts/history';
import {
  EXCEL_DATE_TIME,
  excelDate,
  exportXlsx,
  type XlsxCell,
  type XlsxColumn,
} from '../../components/exportXlsx';
import { fetchHistory, type SeriesQuery } from './api';
import { formatValue, type IndicatorMeta, seriesKey, unitOf } from './format';

/** Most rows one export writes (a day of 1 Hz data for a dozen indicators). */
export const EXPORT_MAX_ROWS = 1_000_000;

/**
 * How an export lays the points out: `wide` one row per time and one column per indicator (what a
 * report or a chart in Excel wants), `long` one row per point with its gateway, indicator and unit.
 */
export type HistoryLayout = 'wide' | 'long';

export const HISTORY_LAYOUTS: Record<HistoryLayout, string> = {
  wide: '时间 × 指标（每行一个时间，每列一个指标）',
  long: '逐条（每行一个数据点）',
};

/** A sheet: its columns and rows, as exportXlsx writes them. */
export interface HistorySheet {
  columns: XlsxColumn[];
  rows: Record<string, XlsxCell>[];
}

/** Excel's number format for a count of decimals ('0', '0.00'); none when the indicator has none. */
function decimalsFormat(meta: IndicatorMeta | undefined): string | undefined {
  const places = meta?.decimalPlaces;
  if (places === null || places === undefined) return undefined;
  return places > 0 ? `0.${'0'.repeat(places)}` : '0';
}

/** A point's cell: a number rounded to its decimals, or a label (enum, boolean) or text. */
function cell(meta: IndicatorMeta | undefined, value: HistoryPoint['value']): XlsxCell {
  const text = formatValue(meta, value);
  if (text === '—') return null;
  const labelled = meta?.type === 'enum' || meta?.type === 'boolean' || meta?.type === 'text';
  return !labelled && Number.isFinite(Number(text)) ? Number(text) : text;
}

/**
 * One row per time, one column per series in the order first seen (ascending points), headed
 * `gateway · indicator（unit）`; times are Excel date cells, values numbers with the indicator's
 * decimals; a series without a value at a time leaves its cell empty.
 */
export function wideSheet(
  points: HistoryPoint[],
  meta: Map<string, IndicatorMeta>,
  gateways: Map<number, string>,
): HistorySheet {
  const series = new Set<string>();
  const byTime = new Map<number, Record<string, XlsxCell>>();
  for (const p of points) {
    const key = seriesKey(p.gateway, p.metric);
    series.add(key);
    let row = byTime.get(p.ts);
    if (!row) {
      row = { time: excelDate(p.ts) };
      byTime.set(p.ts, row);
    }
    row[key] = cell(meta.get(key), p.value);
  }
  const columns: XlsxColumn[] = [{ header: '时间', key: 'time', width: 22, numFmt: EXCEL_DATE_TIME }];
  for (const key of series) {
    const m = meta.get(key);
    const [gateway = '', metric = ''] = key.split(':');
    const unit = unitOf(m);
    const gatewayName = gateways.get(Number(gateway)) ?? m?.gatewayAlias ?? gateway;
    const header = `${gatewayName} · ${m?.alias ?? metric}${unit ? `（${unit}）` : ''}`;
    const numFmt = decimalsFormat(m);
    columns.push({
      header,
      key,
      width: Math.max(14, Math.min(40, header.length * 2)),
      ...(numFmt ? { numFmt } : {}),
    });
  }
  const rows = [...byTime.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
  return { columns, rows };
}

/** One row per point: time (an Excel date cell), gateway, indicator, data key, value and unit. */
export function longSheet(
  points: HistoryPoint[],
  meta: Map<string, IndicatorMeta>,
  gateways: Map<number, string>,
): HistorySheet {
  return {
    columns: [
      { header: '时间', key: 'time', width: 22, numFmt: EXCEL_DATE_TIME },
      { header: '网关', key: 'gateway', width: 24 },
      { header: '指标', key: 'indicator', width: 20 },
      { header: '数据标识', key: 'metric', width: 14 },
      { header: '数值', key: 'value', width: 14 },
      { header: '单位', key: 'unit', width: 10 },
    ],
    rows: points.map((p) => {
      const m = meta.get(seriesKey(p.gateway, p.metric));
      return {
        time: excelDate(p.ts),
        gateway: gateways.get(Number(p.gateway)) ?? p.gateway,
        indicator: m?.alias ?? p.metric,
        metric: p.metric,
        value: cell(m, p.value),
        unit: unitOf(m),
      };
    }),
  };
}

/**
 * The points of a query, oldest first, page by page (1000 a page, fetchOneMore telling when to
 * stop), written to an xlsx produced in the browser (spec core §7) in the layout asked. Answers the
 * points written and whether the cap cut it short.
 */
export async function exportHistory(
  query: SeriesQuery,
  meta: Map<string, IndicatorMeta>,
  gateways: Map<number, string>,
  fileName: string,
  layout: HistoryLayout,
  onProgress?: (rows: number) => void,
): Promise<{ rows: number; truncated: boolean }> {
  const points: HistoryPoint[] = [];
  let page = 0;
  let more = true;
  while (more && points.length < EXPORT_MAX_ROWS) {
    const answer = await fetchHistory({
      ...query,
      page,
      perPage: EXPORT_PAGE_SIZE,
      ascending: true,
      fetchOneMore: true,
    });
    points.push(...answer.list);
    more = answer.hasMore;
    page++;
    onProgress?.(points.length);
  }
  const sheet = layout === 'wide' ? wideSheet(points, meta, gateways) : longSheet(points, meta, gateways);
  await exportXlsx(sheet.columns, sheet.rows, fileName, '历史数据');
  return { rows: points.length, truncated: more };
}
