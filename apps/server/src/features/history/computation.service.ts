import { ResultCode } from '@iot/contracts';
import {
  type computationBody,
  HistoryMessages,
  MAX_SERIES_PER_QUERY,
  type SlidingPoint,
  TOO_MANY_INDICATORS,
} from '@iot/contracts/history';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/access.service.js';
import { ApiError, badRequest } from '../../platform/errors.js';
import {
  type CompiledExpression,
  checkExpression,
  compileExpression,
  ExpressionError,
} from './expression.js';
import type { HistoryRepository } from './history.repository.js';
import type { HistoryService } from './history.service.js';

/** Computed indicators: an arithmetic expression over the bucket averages of other indicators. */
export class ComputationService {
  constructor(
    private readonly repository: HistoryRepository,
    private readonly history: HistoryService,
  ) {}

  check(expression: string) {
    return checkExpression(expression);
  }

  /**
   * The expression per bucket (the chart's bucketing: width = ceil(range / buckets)), each variable
   * standing for its indicator's average in that bucket. Every bucket is answered; the value is
   * null where a variable has no point or the result is undefined (division by zero).
   */
  async getData(auth: AuthContext, query: z.output<typeof computationBody>) {
    let compiled: CompiledExpression;
    try {
      compiled = compileExpression(query.expression);
    } catch (error) {
      if (error instanceof ExpressionError) throw badRequest(error.message);
      throw error;
    }
    for (const name of compiled.variables) {
      if (!Object.hasOwn(query.variables, name)) throw badRequest(HistoryMessages.UNKNOWN_VARIABLE(name));
    }
    if (compiled.variables.length > MAX_SERIES_PER_QUERY) {
      throw new ApiError(
        ResultCode.ERROR,
        TOO_MANY_INDICATORS,
        400,
        `411:${MAX_SERIES_PER_QUERY}:${compiled.variables.length}`,
      );
    }
    const range = { start: query.startTime, stop: query.stopTime };
    const width = Math.max(1, Math.ceil((range.stop - range.start) / query.buckets));
    const count = Math.ceil((range.stop - range.start) / width);
    // Only the variables the expression uses are read; readability is checked for all of them at once.
    const used = compiled.variables.map((name) => ({ name, ...query.variables[name]! }));
    const gatewayIds = [...new Set(used.map((v) => v.gatewayId))];
    const series = gatewayIds.length
      ? await this.history.seriesOf(
          auth,
          gatewayIds,
          used.map((v) => v.metric),
        )
      : [];
    const averages = new Map<string, Map<number, number>>();
    for (const v of used) {
      const s = series.find((x) => x.gatewayId === v.gatewayId && x.metric === v.metric);
      if (!s) throw badRequest(HistoryMessages.NO_SUCH_SERIES(v.name));
      const rows = await this.repository.buckets(s.gatewayIndicatorId, range, width);
      averages.set(v.name, new Map(rows.map((r) => [Number(r.bucket), Number(r.av)])));
    }
    const points: SlidingPoint[] = [];
    for (let i = 0; i < count; i++) {
      const values: Record<string, number | null> = Object.create(null);
      for (const [name, byBucket] of averages) values[name] = byBucket.get(i) ?? null;
      points.push({ ts: range.start + i * width, value: compiled.evaluate(values) });
    }
    return { width, variables: compiled.variables, points };
  }
}
