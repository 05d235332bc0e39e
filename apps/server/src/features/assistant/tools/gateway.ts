import { ONLINE_STATUSES, type OnlineStatus } from '@iot/contracts/gateways';
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';
import { containsText } from '../../../platform/db/search.js';
import type { AssistantTool } from '../provider.js';
import {
  asArgs,
  chinaTime,
  clampInt,
  containedIn,
  oneOf,
  periodSchema,
  rangeLabel,
  resolveRange,
  round,
  type ToolDeps,
  text,
} from './common.js';
import { summarizeSeries } from './series-summary.js';

const STATES = ['all', 'online', 'offline'] as const;
const stateLabel = { all: '全部', online: '在线', offline: '离线' } as const;

/** Most series an indicator question reads: a question about COD on 1,000 gateways names one. */
const MAX_LATEST = 20;
const MAX_STATISTICS = 10;

/** Matching series read to find those named in full. */
const CANDIDATES = 200;

/** Whether the words name one of these in full (ignoring case, and a trailing suffix such as 网关). */
function sameName(words: string, names: string[], suffix: string): boolean {
  const w = words.toLowerCase();
  return names.some((n) => {
    const name = n.toLowerCase();
    return name === w || (suffix !== '' && (name === `${w}${suffix}` || `${name}${suffix}` === w));
  });
}

export interface SeriesRow {
  id: number;
  gatewayId: number;
  gateway: string;
  serialNumber: string;
  indicator: string;
  /** The project indicator's name (the series' alias may differ). */
  name: string;
  key: string;
  unit: string;
  type: string;
  decimals: number;
}

/**
 * The project's gateway indicators an indicator name (or key) and an optional gateway name point
 * at: first those whose name contains the words, else those whose name the words contain.
 */
export async function findSeries(
  db: Kysely<Database>,
  projectId: number,
  words: { indicator: string; gateway?: string | undefined },
  options: { numeric: boolean; limit: number },
): Promise<{ rows: SeriesRow[]; total: number }> {
  const run = async (loose: boolean) => {
    let query = db
      .selectFrom('gateway_indicators as gi')
      .innerJoin('gateways as g', 'g.id', 'gi.gateway_id')
      .innerJoin('indicators as i', 'i.id', 'gi.indicator_id')
      .where('g.project_id', '=', projectId)
      .where((eb) =>
        eb.or(
          ['gi.alias', 'i.name', 'gi.data_identification'].map((c) =>
            loose ? containedIn(c, words.indicator) : containsText(c, words.indicator),
          ),
        ),
      );
    const gateway = words.gateway;
    if (gateway)
      query = query.where((eb) =>
        eb.or([
          containsText('g.alias', gateway),
          containsText('g.serial_number', gateway),
          containedIn('g.alias', gateway),
        ]),
      );
    if (options.numeric) query = query.where('i.type', 'in', ['float', 'integer']);
    const [rows, count] = await Promise.all([
      query
        .select([
          'gi.id',
          'gi.gateway_id',
          'g.alias as gateway',
          'g.serial_number',
          'gi.alias',
          'i.name',
          'gi.data_identification',
          'i.unit',
          'i.type',
          'i.decimal_places',
          'gi.decimal_places as own_decimals',
        ])
        .orderBy('g.alias')
        .orderBy('gi.id')
        .limit(CANDIDATES)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    const mapped = rows.map(
      (r): SeriesRow => ({
        id: r.id,
        gatewayId: r.gateway_id,
        gateway: r.gateway || r.serial_number,
        serialNumber: r.serial_number,
        indicator: r.alias || r.name,
        name: r.name,
        key: r.data_identification,
        unit: r.unit,
        type: r.type,
        decimals: r.own_decimals ?? r.decimal_places,
      }),
    );
    // A name said in full wins over names that merely contain it: 「1号站」 is not 10号站 or 100号站.
    const exact = mapped.filter(
      (r) =>
        (!words.gateway || sameName(words.gateway, [r.gateway, r.serialNumber], '网关')) &&
        sameName(words.indicator, [r.indicator, r.key, r.name], ''),
    );
    const chosen = exact.length > 0 ? exact : mapped;
    return {
      total: exact.length > 0 ? exact.length : Number(count?.n ?? 0),
      rows: chosen.slice(0, options.limit),
    };
  };
  const strict = await run(false);
  return strict.total > 0 ? strict : run(true);
}

function stateWhere(state: (typeof STATES)[number]) {
  return state === 'online' ? ['online'] : state === 'offline' ? ['offlineNormal', 'offlineTimeout'] : null;
}

export function gatewayTools({ db }: ToolDeps): AssistantTool[] {
  const countGateways: AssistantTool = {
    category: 'gateway',
    name: 'count_gateways',
    description: '统计本项目的网关数量：总数、在线数、离线数（正常离线、超时离线），可按状态筛选',
    parameters: {
      type: 'object',
      properties: {
        state: {
          type: 'string',
          enum: [...STATES],
          description: '在线状态：all 全部、online 在线、offline 离线',
        },
      },
    },
    async run(raw, { projectId, now }) {
      const state = oneOf(asArgs(raw).state, STATES, 'all');
      const rows = await db
        .selectFrom('gateways')
        .select(['online_status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('project_id', '=', projectId)
        .groupBy('online_status')
        .execute();
      const by = (s: string) => Number(rows.find((r) => r.online_status === s)?.n ?? 0);
      const total = rows.reduce((sum, r) => sum + Number(r.n), 0);
      const online = by('online');
      const data = {
        state,
        total,
        online,
        offline: total - online,
        offlineNormal: by('offlineNormal'),
        offlineTimeout: by('offlineTimeout'),
        count: state === 'online' ? online : state === 'offline' ? total - online : total,
      };
      return { data, source: `网关列表（在线状态），截至 ${chinaTime(now)}` };
    },
  };

  const listGateways: AssistantTool = {
    category: 'gateway',
    name: 'list_gateways',
    description:
      '列出本项目的网关（名称、序列号、在线状态、最后在线时间、所属站点），可按状态和名称关键字筛选，最多 50 个',
    parameters: {
      type: 'object',
      properties: {
        state: {
          type: 'string',
          enum: [...STATES],
          description: '在线状态：all 全部、online 在线、offline 离线',
        },
        keyword: { type: 'string', description: '网关名称或序列号关键字' },
        limit: { type: 'integer', minimum: 1, maximum: 50, description: '最多返回几个，默认 20' },
      },
    },
    async run(raw, { projectId, now }) {
      const args = asArgs(raw);
      const state = oneOf(args.state, STATES, 'all');
      const keyword = text(args.keyword);
      const limit = clampInt(args.limit, 1, 50, 20);
      let query = db
        .selectFrom('gateways as g')
        .leftJoin('groups as s', (join) =>
          join.onRef('s.id', '=', 'g.group_id').onRef('s.id', '!=', 'g.project_id'),
        )
        .where('g.project_id', '=', projectId);
      const statuses = stateWhere(state);
      if (statuses) query = query.where('g.online_status', 'in', statuses);
      if (keyword)
        query = query.where((eb) =>
          eb.or([containsText('g.alias', keyword), containsText('g.serial_number', keyword)]),
        );
      const [rows, count] = await Promise.all([
        query
          .select([
            'g.id',
            'g.alias',
            'g.serial_number',
            'g.online_status',
            'g.last_seen_at',
            's.name as site',
          ])
          .orderBy('g.alias')
          .orderBy('g.id')
          .limit(limit)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      ]);
      const data = {
        state,
        keyword: keyword ?? null,
        total: Number(count?.n ?? 0),
        gateways: rows.map((r) => ({
          name: r.alias || r.serial_number,
          serialNumber: r.serial_number,
          status: ONLINE_STATUSES[r.online_status as OnlineStatus] ?? r.online_status,
          online: r.online_status === 'online',
          lastSeenAt: r.last_seen_at === null ? null : chinaTime(Number(r.last_seen_at)),
          site: r.site ?? null,
        })),
      };
      return {
        data,
        source: `网关列表（${stateLabel[state]}${keyword ? `，关键字「${keyword}」` : ''}），截至 ${chinaTime(now)}`,
      };
    },
  };

  const indicatorLatest: AssistantTool = {
    category: 'gateway',
    name: 'indicator_latest',
    description: '查询本项目网关指标的最新值（含单位和采集时间），按指标名称或标识匹配，可指定网关名称',
    parameters: {
      type: 'object',
      properties: {
        indicator: { type: 'string', description: '指标名称或标识，如 COD、进水流量' },
        gateway: { type: 'string', description: '网关名称或序列号（可选）' },
      },
      required: ['indicator'],
    },
    async run(raw, { projectId, now }) {
      const args = asArgs(raw);
      const indicator = text(args.indicator);
      const gateway = text(args.gateway);
      const source = `网关指标最新值，截至 ${chinaTime(now)}`;
      if (!indicator) return { data: { indicator: null, total: 0, series: [] }, source };
      const found = await findSeries(
        db,
        projectId,
        { indicator, gateway },
        { numeric: false, limit: MAX_LATEST },
      );
      const last = found.rows.length
        ? await db
            .selectFrom('last_values')
            .selectAll()
            .where(
              'gateway_indicator_id',
              'in',
              found.rows.map((r) => r.id),
            )
            .execute()
        : [];
      const series = found.rows.map((r) => {
        const value = last.find((l) => l.gateway_indicator_id === r.id);
        const num =
          value?.num_value === null || value?.num_value === undefined ? null : Number(value.num_value);
        return {
          gateway: r.gateway,
          indicator: r.indicator,
          key: r.key,
          unit: r.unit,
          value: num !== null ? round(num, r.decimals) : (value?.text_value ?? null),
          time: value ? chinaTime(Number(value.ts)) : null,
        };
      });
      return { data: { indicator, gateway: gateway ?? null, total: found.total, series }, source };
    },
  };

  const indicatorStatistics: AssistantTool = {
    category: 'gateway',
    name: 'indicator_statistics',
    description:
      '统计本项目网关指标在一段时间内的最大值、最小值（及各自出现的时间）、平均值和数据条数，按指标名称或标识匹配，可指定网关名称；默认今天',
    parameters: {
      type: 'object',
      properties: {
        indicator: { type: 'string', description: '指标名称或标识，如 COD、进水流量' },
        gateway: { type: 'string', description: '网关名称或序列号（可选）' },
        ...periodSchema,
      },
      required: ['indicator'],
    },
    async run(raw, { projectId, now }) {
      const args = asArgs(raw);
      const indicator = text(args.indicator);
      const gateway = text(args.gateway);
      const range =
        resolveRange(args, now, 'today') ?? resolveRange({ period: 'lastDays', days: 366 }, now, null)!;
      const source = `网关指标历史数据（小时汇总与原始数据），${rangeLabel(range, now)}`;
      if (!indicator) return { data: { indicator: null, range: range.label, total: 0, series: [] }, source };
      const found = await findSeries(
        db,
        projectId,
        { indicator, gateway },
        { numeric: true, limit: MAX_STATISTICS },
      );
      // Series side by side: PostgreSQL answers them on several connections of its pool.
      const summaries = await Promise.all(found.rows.map((r) => summarizeSeries(db, r.id, range)));
      const series = found.rows.map((r, i) => {
        const s = summaries[i];
        return {
          gateway: r.gateway,
          indicator: r.indicator,
          key: r.key,
          unit: r.unit,
          count: s?.count ?? 0,
          max: s ? round(s.max, r.decimals) : null,
          maxTime: s ? chinaTime(s.maxTs) : null,
          min: s ? round(s.min, r.decimals) : null,
          minTime: s ? chinaTime(s.minTs) : null,
          average: s && s.count > 0 ? round(s.sum / s.count, r.decimals) : null,
        };
      });
      return {
        data: { indicator, gateway: gateway ?? null, range: range.label, total: found.total, series },
        source,
      };
    },
  };

  return [countGateways, listGateways, indicatorLatest, indicatorStatistics];
}
