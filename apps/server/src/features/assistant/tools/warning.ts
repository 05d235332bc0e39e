import { type HandleStatus, HandleStatusLabels, WarningLevelLabels } from '@iot/contracts/warnings';
import type { AssistantTool, ToolContext } from '../provider.js';
import {
  type Args,
  asArgs,
  chinaTime,
  clampInt,
  oneOf,
  periodSchema,
  rangeLabel,
  resolveRange,
  type ToolDeps,
} from './common.js';

/** open: not handled yet (未处理 or 处理中). */
const STATES = ['all', 'open', 'unhandled', 'handling', 'handled'] as const;
type State = (typeof STATES)[number];
const stateLabel: Record<State, string> = {
  all: '全部',
  open: '未处理或处理中',
  unhandled: '未处理',
  handling: '处理中',
  handled: '已处理',
};
const statuses: Record<State, HandleStatus[] | null> = {
  all: null,
  open: ['unhandled', 'handling'],
  unhandled: ['unhandled'],
  handling: ['handling'],
  handled: ['handled'],
};

const parameters = (withLimit: boolean) => ({
  type: 'object',
  properties: {
    state: {
      type: 'string',
      enum: [...STATES],
      description: '处理状态：open 未处理完、unhandled 未处理、handling 处理中、handled 已处理、all 全部',
    },
    level: { type: 'integer', enum: [1, 2, 3], description: '预警等级：1 严重、2 重要、3 一般' },
    ...periodSchema,
    ...(withLimit
      ? { limit: { type: 'integer', minimum: 1, maximum: 50, description: '最多返回几条，默认 20' } }
      : {}),
  },
});

export function warningTools({ db }: ToolDeps): AssistantTool[] {
  /** The filtered warnings of the project (by start time), and how the source names the filter. */
  function filtered(args: Args, { projectId, now }: ToolContext) {
    const state = oneOf(args.state, STATES, 'all');
    const level = [1, 2, 3].includes(Number(args.level)) ? Number(args.level) : null;
    const range = resolveRange(args, now, null);
    let query = db.selectFrom('warnings as w').where('w.project_id', '=', projectId);
    if (range) query = query.where('w.started_at', '>=', range.start).where('w.started_at', '<', range.stop);
    const wanted = statuses[state];
    if (wanted) query = query.where('w.handle_status', 'in', wanted);
    if (level !== null) query = query.where('w.level', '=', level);
    const filter = [stateLabel[state], level !== null ? WarningLevelLabels[level] : null]
      .filter(Boolean)
      .join('，');
    return {
      query,
      state,
      level,
      range: rangeLabel(range, now),
      source: `预警列表（${filter}，按发生时间），${rangeLabel(range, now)}`,
    };
  }

  const countWarnings: AssistantTool = {
    category: 'warning',
    name: 'count_warnings',
    description: '统计本项目的预警数量（按等级、处理状态分别计数），可按时间范围、等级、处理状态筛选',
    parameters: parameters(false),
    async run(raw, context) {
      const f = filtered(asArgs(raw), context);
      const rows = await f.query
        .select(['w.level', 'w.handle_status', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(['w.level', 'w.handle_status'])
        .execute();
      const total = rows.reduce((s, r) => s + Number(r.n), 0);
      const sum = (pick: (r: (typeof rows)[number]) => boolean) =>
        rows.filter(pick).reduce((s, r) => s + Number(r.n), 0);
      const data = {
        state: f.state,
        level: f.level,
        range: f.range,
        total,
        byLevel: [1, 2, 3].map((level) => ({
          level,
          label: WarningLevelLabels[level],
          count: sum((r) => Number(r.level) === level),
        })),
        byState: (['unhandled', 'handling', 'handled'] as const).map((s) => ({
          state: s,
          label: HandleStatusLabels[s],
          count: sum((r) => r.handle_status === s),
        })),
      };
      return { data, source: f.source };
    },
  };

  const listWarnings: AssistantTool = {
    category: 'warning',
    name: 'list_warnings',
    description:
      '列出本项目的预警（网关、指标、等级、值与阈值、发生与解除时间、处理状态），新的在前，可按时间范围、等级、处理状态筛选，最多 50 条',
    parameters: parameters(true),
    async run(raw, context) {
      const args = asArgs(raw);
      const f = filtered(args, context);
      const limit = clampInt(args.limit, 1, 50, 20);
      const [rows, count] = await Promise.all([
        f.query
          .innerJoin('gateways as g', 'g.id', 'w.gateway_id')
          .leftJoin('gateway_indicators as gi', 'gi.id', 'w.gateway_indicator_id')
          .leftJoin('warning_rules as r', 'r.id', 'w.rule_id')
          .select([
            'w.id',
            'w.level',
            'w.value',
            'w.threshold',
            'w.started_at',
            'w.released_at',
            'w.handle_status',
            'g.alias as gateway',
            'g.serial_number',
            'gi.alias as indicator',
            'r.name as rule',
          ])
          .orderBy('w.started_at', 'desc')
          .orderBy('w.id', 'desc')
          .limit(limit)
          .execute(),
        f.query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      ]);
      const data = {
        state: f.state,
        level: f.level,
        range: f.range,
        total: Number(count?.n ?? 0),
        warnings: rows.map((r) => ({
          id: r.id,
          rule: r.rule ?? null,
          gateway: r.gateway || r.serial_number,
          indicator: r.indicator ?? null,
          level: WarningLevelLabels[Number(r.level)] ?? String(r.level),
          value: r.value,
          threshold: r.threshold,
          startedAt: chinaTime(Number(r.started_at)),
          releasedAt: r.released_at === null ? null : chinaTime(Number(r.released_at)),
          handleStatus: HandleStatusLabels[r.handle_status as HandleStatus] ?? r.handle_status,
        })),
      };
      return { data, source: f.source };
    },
  };

  return [countWarnings, listWarnings];
}
