import { ResultCode } from '@iot/contracts';
import {
  type ChartSeries,
  type chartBody,
  type HistoryPoint,
  type historyBody,
  MAX_SERIES_PER_QUERY,
  TOO_MANY_INDICATORS,
} from '@iot/contracts/history';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/access.service.js';
import { ApiError, forbidden } from '../../platform/errors.js';
import type { LiveDataService } from '../live-data/index.js';
import type { HistoryRepository, Series } from './history.repository.js';
import { HOUR } from './rollups.repository.js';

type Row = { gateway_indicator_id: number; ts: number; num_value: number | null; text_value: string | null };

/** History, chart and last-value queries over the gateways the caller may read. */
export class HistoryService {
  constructor(
    private readonly repository: HistoryRepository,
    private readonly access: LiveDataService,
  ) {}

  /** The series asked for; refuses unreadable gateways and more series than one query may carry. */
  async seriesOf(auth: AuthContext, gatewayIds: number[], metrics: string[] | undefined): Promise<Series[]> {
    const readable = await this.access.readable(auth, gatewayIds);
    if (gatewayIds.some((id) => !readable.has(id))) throw forbidden();
    const series = await this.repository.series(gatewayIds, metrics);
    if (series.length > MAX_SERIES_PER_QUERY) {
      throw new ApiError(
        ResultCode.ERROR,
        TOO_MANY_INDICATORS,
        400,
        `411:${MAX_SERIES_PER_QUERY}:${series.length}`,
      );
    }
    return series;
  }

  async lastMetrics(auth: AuthContext, gatewayIds: number[], metrics: string[] | undefined) {
    const series = await this.seriesOf(auth, gatewayIds, metrics);
    const byId = new Map(series.map((s) => [s.gatewayIndicatorId, s]));
    const answer: Record<string, Record<string, { ts: number; value: number | string }>> = {};
    for (const row of await this.repository.lastValues([...byId.keys()])) {
      const s = byId.get(row.gateway_indicator_id)!;
      answer[s.gatewayId] ??= {};
      answer[s.gatewayId]![s.metric] = { ts: row.ts, value: row.num_value ?? row.text_value ?? '' };
    }
    return answer;
  }

  /** A page of points; fetchOneMore tells whether another page follows, includeTotal counts them all. */
  async history(auth: AuthContext, query: z.output<typeof historyBody>) {
    const series = await this.seriesOf(auth, query.gatewayIds, query.metrics);
    const byId = new Map(series.map((s) => [s.gatewayIndicatorId, s]));
    const ids = [...byId.keys()];
    const range = { start: query.startTime, stop: query.stopTime };
    if (ids.length === 0) return { list: [], hasMore: false, ...(query.includeTotal ? { total: 0 } : {}) };
    const rows = await this.repository.page(ids, range, {
      ascending: query.ascending,
      limit: query.perPage + (query.fetchOneMore ? 1 : 0),
      offset: query.page * query.perPage,
    });
    const hasMore = query.fetchOneMore && rows.length > query.perPage;
    const list: HistoryPoint[] = rows.slice(0, query.perPage).map((row: Row) => {
      const s = byId.get(row.gateway_indicator_id)!;
      return {
        gateway: String(s.gatewayId),
        metric: s.metric,
        ts: row.ts,
        value: row.num_value ?? row.text_value ?? '',
      };
    });
    return {
      list,
      hasMore,
      ...(query.includeTotal ? { total: await this.repository.count(ids, range) } : {}),
    };
  }

  /**
   * Bucketed statistics for charts: min and max keep every spike visible whatever the zoom.
   * Buckets of an hour or more are whole hours counted from the hour the range starts in, so
   * they come from the hourly rollups; the first bucket's ts is then clamped to startTime.
   */
  async chart(
    auth: AuthContext,
    query: z.output<typeof chartBody>,
  ): Promise<{ width: number; series: ChartSeries[] }> {
    const series = await this.seriesOf(auth, query.gatewayIds, query.metrics);
    const range = { start: query.startTime, stop: query.stopTime };
    let width = Math.max(1, Math.ceil((range.stop - range.start) / query.buckets));
    let origin = range.start;
    if (width >= HOUR) {
      width = Math.ceil(width / HOUR) * HOUR;
      origin = Math.floor(range.start / HOUR) * HOUR;
    }
    const answer: ChartSeries[] = [];
    for (const s of series) {
      const rows = await this.repository.buckets(s.gatewayIndicatorId, range, width, origin);
      answer.push({
        gateway: String(s.gatewayId),
        metric: s.metric,
        points: rows.map((r) => ({
          ts: Math.max(range.start, origin + r.bucket * width),
          min: r.mn,
          max: r.mx,
          minTs: r.mnTs,
          maxTs: r.mxTs,
          avg: r.av,
          first: r.first,
          last: r.last,
          count: r.n,
        })),
      });
    }
    return { width, series: answer };
  }
}
