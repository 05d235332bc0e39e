import { containsText } from '../../../platform/db/search.js';
import type { AssistantTool } from '../provider.js';
import {
  asArgs,
  chinaTime,
  clampInt,
  durationText,
  oneOf,
  periodSchema,
  rangeLabel,
  resolveRange,
  type ToolDeps,
  text,
} from './common.js';

const STATES = ['all', 'open', 'closed'] as const;
const stateLabel = { all: '全部', open: '未结束', closed: '已结束' } as const;
const originLabel: Record<string, string> = { signal: '故障信号', warning: '预警', manual: '人工上报' };

export function malfunctionTools({ db }: ToolDeps): AssistantTool[] {
  const listMalfunctions: AssistantTool = {
    category: 'malfunction',
    name: 'list_malfunctions',
    description:
      '列出本项目的设备故障记录（设备、来源、描述、开始与结束时间、持续时长），新的在前，可按状态（未结束/已结束）、设备名称或编号、时间范围筛选，最多 50 条',
    parameters: {
      type: 'object',
      properties: {
        state: { type: 'string', enum: [...STATES], description: 'open 未结束、closed 已结束、all 全部' },
        equipment: { type: 'string', description: '设备名称或编号关键字（可选）' },
        ...periodSchema,
        limit: { type: 'integer', minimum: 1, maximum: 50, description: '最多返回几条，默认 20' },
      },
    },
    async run(raw, { projectId, now }) {
      const args = asArgs(raw);
      const state = oneOf(args.state, STATES, 'all');
      const equipment = text(args.equipment);
      const range = resolveRange(args, now, null);
      const limit = clampInt(args.limit, 1, 50, 20);
      let query = db
        .selectFrom('malfunctions as m')
        .innerJoin('equipment as e', (join) =>
          join.onRef('e.id', '=', 'm.equipment_id').on('e.project_id', '=', projectId),
        )
        .where('m.project_id', '=', projectId);
      if (state === 'open') query = query.where('m.ended_at', 'is', null);
      if (state === 'closed') query = query.where('m.ended_at', 'is not', null);
      if (range)
        query = query.where('m.started_at', '>=', range.start).where('m.started_at', '<', range.stop);
      if (equipment)
        query = query.where((eb) =>
          eb.or([containsText('e.name', equipment), containsText('e.code', equipment)]),
        );
      const [rows, counts] = await Promise.all([
        query
          .select([
            'm.id',
            'm.origin',
            'm.description',
            'm.started_at',
            'm.ended_at',
            'e.name as equipment',
            'e.code',
          ])
          .orderBy('m.started_at', 'desc')
          .orderBy('m.id', 'desc')
          .limit(limit)
          .execute(),
        query
          .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('m.ended_at').as('ended')])
          .executeTakeFirst(),
      ]);
      const total = Number(counts?.n ?? 0);
      const closed = Number(counts?.ended ?? 0);
      const data = {
        state,
        equipment: equipment ?? null,
        range: rangeLabel(range, now),
        total,
        open: total - closed,
        closed,
        malfunctions: rows.map((r) => {
          const started = Number(r.started_at);
          const ended = r.ended_at === null ? null : Number(r.ended_at);
          return {
            id: r.id,
            equipment: r.equipment,
            code: r.code,
            origin: originLabel[r.origin] ?? r.origin,
            description: r.description,
            startedAt: chinaTime(started),
            endedAt: ended === null ? null : chinaTime(ended),
            ongoing: ended === null,
            duration: durationText((ended ?? now) - started),
          };
        }),
      };
      return {
        data,
        source: `设备故障记录（${stateLabel[state]}${equipment ? `，设备「${equipment}」` : ''}，按开始时间），${rangeLabel(range, now)}`,
      };
    },
  };
  return [listMalfunctions];
}
