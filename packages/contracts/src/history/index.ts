import { z } from 'zod';

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
    perPage: z.number().int().min(1).max(1000).default(100),
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
