import type { HistoryPoint } from '@iot/contracts/history';
import dayjs from 'dayjs';
import { EXPORT_PAGE_SIZE, exportXlsx } from '../../components/exportXlsx';
import { fetchHistory, type SeriesQuery } from './api';
import { formatValue, type IndicatorMeta, unitOf } from './format';

/** Most rows one export writes (a day of 1 Hz data for a dozen indicators). */
export const EXPORT_MAX_ROWS = 1_000_000;

/**
 * The points of a query, oldest first, page by page (1000 a page, fetchOneMore telling when to
 * stop), written to an xlsx produced in the browser (spec core §7). Answers the rows written and
 * whether the cap cut it short.
 */
export async function exportHistory(
  query: SeriesQuery,
  meta: Map<string, IndicatorMeta>,
  gateways: Map<number, string>,
  fileName: string,
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
  const rows = points.map((p) => {
    const m = meta.get(`${p.gateway}:${p.metric}`);
    const text = formatValue(m, p.value);
    const numeric =
      m?.type !== 'enum' && m?.type !== 'boolean' && m?.type !== 'text' && Number.isFinite(Number(text));
    return {
      time: dayjs(p.ts).format('YYYY-MM-DD HH:mm:ss'),
      gateway: gateways.get(Number(p.gateway)) ?? p.gateway,
      indicator: m?.alias ?? p.metric,
      metric: p.metric,
      value: numeric ? Number(text) : text,
      unit: unitOf(m),
    };
  });
  await exportXlsx(
    [
      { header: '时间', key: 'time', width: 22 },
      { header: '网关', key: 'gateway', width: 24 },
      { header: '指标', key: 'indicator', width: 20 },
      { header: '数据标识', key: 'metric', width: 14 },
      { header: '数值', key: 'value', width: 14 },
      { header: '单位', key: 'unit', width: 10 },
    ],
    rows,
    fileName,
    '历史数据',
  );
  return { rows: points.length, truncated: more };
}
