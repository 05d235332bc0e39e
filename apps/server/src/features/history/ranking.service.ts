import type { RankingItem, RankingStatistic, rankingBody } from '@iot/contracts/history';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/access.service.js';
import type { Bucket, HistoryRepository } from './history.repository.js';
import type { HistoryService } from './history.service.js';

const STATISTIC: Record<RankingStatistic, (b: Bucket) => number> = {
  avg: (b) => b.av,
  max: (b) => b.mx,
  min: (b) => b.mn,
  sum: (b) => b.sm,
  count: (b) => b.n,
  first: (b) => b.first,
  last: (b) => b.last,
  range: (b) => b.mx - b.mn,
};

/** Ranks series (gateway × metric) by one statistic over a range, with the chart's read checks. */
export class RankingService {
  constructor(
    private readonly repository: HistoryRepository,
    private readonly history: HistoryService,
  ) {}

  /**
   * Each series is read as one bucket spanning the whole range, so an hour-aligned range comes
   * from the hourly rollups (decision 0014). Series without points rank last with value null;
   * ties keep gateway then metric order.
   */
  async rank(auth: AuthContext, query: z.output<typeof rankingBody>): Promise<RankingItem[]> {
    const series = await this.history.seriesOf(auth, query.gatewayIds, query.metrics);
    const range = { start: query.startTime, stop: query.stopTime };
    const width = range.stop - range.start;
    const items: RankingItem[] = [];
    for (const s of series) {
      const [bucket] = await this.repository.buckets(s.gatewayIndicatorId, range, width, range.start);
      items.push({
        gateway: String(s.gatewayId),
        metric: s.metric,
        value: bucket && bucket.n > 0 ? Number(STATISTIC[query.statistic](bucket)) : null,
        count: bucket ? Number(bucket.n) : 0,
      });
    }
    const sign = query.order === 'desc' ? -1 : 1;
    const ranked = items
      .map((item, index) => ({ item, index }))
      .sort((a, b) => {
        if (a.item.value === null || b.item.value === null) {
          if (a.item.value === b.item.value) return a.index - b.index;
          return a.item.value === null ? 1 : -1;
        }
        return sign * (a.item.value - b.item.value) || a.index - b.index;
      })
      .map(({ item }) => item);
    return query.limit ? ranked.slice(0, query.limit) : ranked;
  }
}
