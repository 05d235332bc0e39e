import { rankingBody } from '@iot/contracts/history';
import type { Router } from '../../platform/http/route.js';
import type { HistoryRepository } from './history.repository.js';
import type { HistoryService } from './history.service.js';
import { RankingService } from './ranking.service.js';

/** Ranking analysis (排名分析): readable gateways only, at most 64 series, as the chart. */
export function registerRankingRoutes(
  router: Router,
  repository: HistoryRepository,
  history: HistoryService,
): void {
  const ranking = new RankingService(repository, history);
  router.route({
    method: 'POST',
    url: '/data-server/api/v2/gateways/ranking',
    operation: false,
    summary:
      '排名：对每个网关指标在 [startTime, stopTime) 内计算 avg/max/min/sum/count/first/last/range（极差 = 最大 − 最小），按 order（desc 默认 / asc）排序，limit 截取前几名；无数据的指标 value 为 null、count 为 0，排在最后；整点对齐的范围读取小时汇总',
    tags: ['数据服务'],
    access: 'authenticated',
    body: rankingBody,
    handler: ({ auth, body }) => ranking.rank(auth, body),
  });
}
