import { chartBody, historyBody, lastMetricsBody } from '@iot/contracts/history';
import type { Router } from '../../platform/http/route.js';
import type { HistoryService } from './history.service.js';

const tags = ['数据服务'];

/** Data server queries (spec core §7): the caller must be able to read every gateway asked for. */
export function registerHistoryRoutes(router: Router, history: HistoryService): void {
  router.route({
    method: 'POST',
    url: '/data-server/api/v2/gateways/lastMetrics',
    operation: false,
    summary: '网关指标最新值：{网关id: {指标标识: {ts, value}}}',
    tags,
    access: 'authenticated',
    body: lastMetricsBody,
    handler: ({ auth, body }) => history.lastMetrics(auth, body.gatewayIds, body.metrics),
  });
  router.route({
    method: 'POST',
    url: '/data-server/api/v2/gateways/history',
    operation: false,
    summary:
      '历史数据分页查询（gatewayIds、metrics、startTime、stopTime、page、perPage、ascending、fetchOneMore、includeTotal）',
    tags,
    access: 'authenticated',
    body: historyBody,
    handler: ({ auth, body }) => history.history(auth, body),
  });
  router.route({
    method: 'POST',
    url: '/data-server/api/v2/gateways/chart',
    operation: false,
    summary: '曲线数据：按桶聚合的最小、最大、平均、首值、末值与点数',
    tags,
    access: 'authenticated',
    body: chartBody,
    handler: ({ auth, body }) => history.chart(auth, body),
  });
}
