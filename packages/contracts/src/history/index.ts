import { z } from 'zod';
import { EXPORT_PAGE_SIZE } from '../common/limits.js';

/** At most this many series (gateway × metric) in one query; more answers 40000 with data 411:… */
export const MAX_SERIES_PER_QUERY = 64;
export const MAX_CHART_BUCKETS = 2000;
export const TOO_MANY_INDICATORS = '指标数量超过限制';

const gatewayIds = z
  .array(z.union([z.string(), z.number()]).transform(Number))
  .min(1)
  .max(MAX_SERIES_PER_QUERY);
const metrics = z.array(z.string().min(1).max(64)).max(MAX_SERIES_PER_QUERY).optional();
const time = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const ms = typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) {
    ctx.addIssue({ code: 'custom', message: '时间格式错误' });
    return z.NEVER;
  }
  return ms;
});

export const lastMetricsBody = z.object({ gatewayIds, metrics });

/** The history query of spec core §3. Times are epoch ms or ISO strings. */
export const historyBody = z
  .object({
    gatewayIds,
    metrics,
    startTime: time,
    stopTime: time,
    page: z.number().int().min(0).default(0),
    perPage: z.number().int().min(1).max(EXPORT_PAGE_SIZE).default(100),
    ascending: z.boolean().default(false),
    fetchOneMore: z.boolean().default(false),
    includeTotal: z.boolean().default(false),
  })
  .refine((q) => q.stopTime > q.startTime, { message: '结束时间必须晚于开始时间', path: ['stopTime'] });

export const chartBody = z
  .object({
    gatewayIds,
    metrics,
    startTime: time,
    stopTime: time,
    buckets: z.number().int().min(1).max(MAX_CHART_BUCKETS).default(500),
  })
  .refine((q) => q.stopTime > q.startTime, { message: '结束时间必须晚于开始时间', path: ['stopTime'] });

export interface HistoryPoint {
  gateway: string;
  metric: string;
  ts: number;
  value: number | string;
}

/** One bucket of a chart series: statistics of the points in [ts, ts + width). */
export interface ChartBucket {
  ts: number;
  min: number;
  max: number;
  /** Epoch ms of the sample holding min (max); the earliest when several share it. */
  minTs: number;
  maxTs: number;
  avg: number;
  first: number;
  last: number;
  count: number;
}

export interface ChartSeries {
  gateway: string;
  metric: string;
  points: ChartBucket[];
}

/** Sliding statistics: at most this many windows in one answer. */
export const MAX_SLIDING_STEPS = 2000;
/** Sliding statistics are read as buckets of gcd(window, step): at most this many. */
export const MAX_SLIDING_BASE_BUCKETS = 100_000;
export const MAX_PERIODS = { day: 1000, month: 240 } as const;
export const SLIDING_STATISTICS = ['avg', 'min', 'max', 'sum', 'count', 'first', 'last'] as const;
export type SlidingStatistic = (typeof SLIDING_STATISTICS)[number];
export const HistoryMessages = {
  TOO_MANY_STEPS: `窗口数量超过 ${MAX_SLIDING_STEPS} 个，请增大步长或缩小时间范围`,
  STEP_TOO_FINE: '窗口与步长的最大公约数过小，请调整窗口或步长',
  TOO_MANY_PERIODS: '统计周期数量超过限制，请缩小时间范围',
  UNKNOWN_VARIABLE: (name: string) => `变量“${name}”未指定网关指标`,
  NO_SUCH_SERIES: (name: string) => `变量“${name}”对应的网关指标不存在`,
} as const;

const stopAfterStart: [
  (q: { startTime: number; stopTime: number }) => boolean,
  { message: string; path: string[] },
] = [(q) => q.stopTime > q.startTime, { message: '结束时间必须晚于开始时间', path: ['stopTime'] }];

const duration = z
  .number()
  .int()
  .min(1)
  .max(366 * 86_400_000);

/** Statistic over [t, t + window) for t = startTime, startTime + step, … < stopTime. */
export const slidingStatisticsBody = z
  .object({
    startTime: time,
    stopTime: time,
    gatewayIds,
    metrics,
    window: duration,
    step: duration,
    statistic: z.enum(SLIDING_STATISTICS).default('avg'),
  })
  .refine(...stopAfterStart);

/** Daily or monthly statistics aligned to local midnight at this offset (default UTC+8). */
export const periodStatisticsBody = z
  .object({
    startTime: time,
    stopTime: time,
    gatewayIds,
    metrics,
    period: z.enum(['day', 'month']),
    timezoneOffsetMinutes: z
      .number()
      .int()
      .min(-14 * 60)
      .max(14 * 60)
      .default(480),
  })
  .refine(...stopAfterStart);

export const checkExpressionBody = z.object({ expression: z.string().max(10_000) });

export const computationBody = z
  .object({
    startTime: time,
    stopTime: time,
    expression: z.string().max(10_000),
    variables: z.record(
      z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
      z.object({
        gatewayId: z.union([z.string(), z.number()]).transform(Number),
        metric: z.string().min(1).max(64),
      }),
    ),
    buckets: z.number().int().min(1).max(MAX_CHART_BUCKETS).default(500),
  })
  .refine(...stopAfterStart);

export interface SlidingPoint {
  ts: number;
  value: number | null;
}

export interface PeriodStatistics {
  /** Epoch ms of the period's local midnight. */
  ts: number;
  min: number;
  max: number;
  /** Epoch ms of the sample holding min (max); the earliest when several share it. */
  minTs: number;
  maxTs: number;
  avg: number;
  sum: number;
  count: number;
  first: number;
  last: number;
}

/** Ranking: one statistic per series over [startTime, stopTime), ranked. */
export const RANKING_STATISTICS = ['avg', 'max', 'min', 'sum', 'count', 'first', 'last', 'range'] as const;
export type RankingStatistic = (typeof RANKING_STATISTICS)[number];
export const RANKING_STATISTIC_LABELS: Record<RankingStatistic, string> = {
  avg: '平均值',
  max: '最大值',
  min: '最小值',
  sum: '累计值',
  count: '数据条数',
  first: '首值',
  last: '末值',
  range: '极差',
};

/** POST /data-server/api/v2/gateways/ranking */
export const rankingBody = z
  .object({
    gatewayIds,
    metrics,
    startTime: time,
    stopTime: time,
    statistic: z.enum(RANKING_STATISTICS).default('avg'),
    order: z.enum(['desc', 'asc']).default('desc'),
    /** Keep only the first `limit` entries (series without points count too, after the others). */
    limit: z.number().int().min(1).max(MAX_SERIES_PER_QUERY).optional(),
  })
  .refine(...stopAfterStart);

/** One ranked series; value is null (and count 0) when the series has no numeric point in the range. */
export interface RankingItem {
  gateway: string;
  metric: string;
  value: number | null;
  count: number;
}
