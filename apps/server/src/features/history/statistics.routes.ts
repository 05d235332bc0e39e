import {
  checkExpressionBody,
  computationBody,
  periodStatisticsBody,
  slidingStatisticsBody,
} from '@iot/contracts/history';
import type { Router } from '../../platform/http/route.js';
import type { ComputationService } from './computation.service.js';
import type { StatisticsService } from './statistics.service.js';

const tags = ['数据服务'];

/** Statistics and computed indicators (spec core §7): readable gateways only, as the history queries. */
export function registerStatisticsRoutes(
  router: Router,
  statistics: StatisticsService,
  computation: ComputationService,
): void {
  router.route({
    method: 'POST',
    url: '/data-server/api/v2/gateways/slidingStatistics',
    operation: false,
    summary:
      '滑动窗口统计：对 t = startTime, startTime+step, … < stopTime 计算 [t, t+window) 内的 avg/min/max/sum/count/first/last（最后的窗口可越过 stopTime；无数据的窗口为 null，count 为 0；窗口数 ≤ 2000）',
    tags,
    access: 'authenticated',
    body: slidingStatisticsBody,
    handler: ({ auth, body }) => statistics.sliding(auth, body),
  });
  router.route({
    method: 'POST',
    url: '/data-server/api/v2/gateways/periodStatistics',
    operation: false,
    summary:
      '按日或按月统计（按当地零点对齐，timezoneOffsetMinutes 默认 480 即 UTC+8）：每周期 min、max、avg、sum、count、first、last；ts 为周期起点（当地零点）；只统计 [startTime, stopTime) 内的数据，无数据的周期不返回',
    tags,
    access: 'authenticated',
    body: periodStatisticsBody,
    handler: ({ auth, body }) => statistics.periods(auth, body),
  });
  router.route({
    method: 'POST',
    url: '/data-server/api/v2/computation/checkExpression',
    operation: false,
    summary: '检查计算表达式：{valid, message?, variables}',
    tags,
    access: 'authenticated',
    body: checkExpressionBody,
    handler: async ({ body }) => computation.check(body.expression),
  });
  router.route({
    method: 'POST',
    url: '/data-server/api/v2/computation/getData',
    operation: false,
    summary:
      '计算指标：按曲线的分桶（宽度 = ceil(时间范围 / buckets)），以各变量在桶内的平均值计算表达式；变量无数据或除以零时该桶为 null',
    tags,
    access: 'authenticated',
    body: computationBody,
    handler: ({ auth, body }) => computation.getData(auth, body),
  });
}
