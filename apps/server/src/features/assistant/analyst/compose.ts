/**
 * The analyst's answers: each tool's data said as Chinese sentences with the figures, units, times
 * and range, then the 来源 line from the tool's own source. Reads the data loosely: a model-facing
 * tool result is JSON, and a failed call may carry an error instead.
 */

type Data = Record<string, unknown>;
type Row = Record<string, unknown>;

const rows = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : []);
const num = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0) || 0);
const str = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const withUnit = (value: unknown, unit: unknown) => `${str(value)}${unit ? ` ${str(unit)}` : ''}`;

/** A range as the answer opens with it: 「截至 …」 when it has no start. */
function during(range: unknown): string {
  const text = str(range);
  const open = /^全部时间（截至 (.+)）$/.exec(text);
  return open ? `截至 ${open[1]}` : text;
}

/** 「仅列出前 20 条」 when the list is shorter than the total. */
function shown(total: number, listed: number, noun: string): string {
  return total > listed ? `（共 ${total} ${noun}，以下列出最新的 ${listed} ${noun}）` : '';
}

const composers: Record<string, (data: Data) => string[]> = {
  count_gateways(d) {
    const total = num(d.total);
    if (total === 0) return ['本项目还没有网关。'];
    const offline = `离线 ${num(d.offline)} 个（正常离线 ${num(d.offlineNormal)} 个、超时离线 ${num(d.offlineTimeout)} 个）`;
    if (d.state === 'offline')
      return [`本项目共有网关 ${total} 个，其中${offline}，在线 ${num(d.online)} 个。`];
    if (d.state === 'online')
      return [`本项目共有网关 ${total} 个，其中在线 ${num(d.online)} 个，${offline}。`];
    return [`本项目共有网关 ${total} 个：在线 ${num(d.online)} 个，${offline}。`];
  },

  list_gateways(d) {
    const list = rows(d.gateways);
    const what = d.state === 'offline' ? '离线网关' : d.state === 'online' ? '在线网关' : '网关';
    const key = d.keyword ? `名称含「${str(d.keyword)}」的` : '';
    if (list.length === 0) return [`本项目没有${key}${what}。`];
    return [
      `本项目${key}${what}共 ${num(d.total)} 个${d.total !== list.length ? `，列出前 ${list.length} 个` : ''}：`,
      ...list.map(
        (g, i) =>
          `${i + 1}. ${str(g.name)}（${str(g.serialNumber)}），${str(g.status)}${g.site ? `，${str(g.site)}` : ''}${
            g.lastSeenAt ? `，最后通信 ${str(g.lastSeenAt)}` : '，尚未通信'
          }`,
      ),
    ];
  },

  indicator_latest(d) {
    const list = rows(d.series);
    if (list.length === 0)
      return [
        `没有找到名称或标识含「${str(d.indicator)}」的指标${d.gateway ? `（网关「${str(d.gateway)}」）` : ''}。`,
      ];
    const lines = list.map((s) =>
      s.time === null
        ? `${str(s.gateway)} 的 ${str(s.indicator)}：暂无数据`
        : `${str(s.gateway)} 的 ${str(s.indicator)} 最新值为 ${withUnit(s.value, s.unit)}（${str(s.time)}）`,
    );
    if (num(d.total) > list.length)
      lines.push(`共匹配到 ${num(d.total)} 个指标，仅列出前 ${list.length} 个；可说明网关名称缩小范围。`);
    return lines;
  },

  indicator_statistics(d) {
    const list = rows(d.series);
    if (list.length === 0)
      return [
        `没有找到名称或标识含「${str(d.indicator)}」的数值指标${d.gateway ? `（网关「${str(d.gateway)}」）` : ''}。`,
      ];
    const lines = [`统计时段：${str(d.range)}。`];
    const withData = list.filter((s) => num(s.count) > 0);
    if (withData.length > 1) {
      const top = withData.reduce((a, b) => (num(b.max) > num(a.max) ? b : a));
      const bottom = withData.reduce((a, b) => (num(b.min) < num(a.min) ? b : a));
      lines.push(
        `其中最高为 ${str(top.gateway)} 的 ${str(top.indicator)}：${withUnit(top.max, top.unit)}，出现在 ${str(top.maxTime)}；最低为 ${str(bottom.gateway)} 的 ${str(bottom.indicator)}：${withUnit(bottom.min, bottom.unit)}，出现在 ${str(bottom.minTime)}。`,
      );
    }
    for (const s of list) {
      const name = `${str(s.gateway)} 的 ${str(s.indicator)}`;
      if (num(s.count) === 0) lines.push(`${name}：该时段内没有数据。`);
      else
        lines.push(
          `${name}：最高 ${withUnit(s.max, s.unit)}（${str(s.maxTime)}），最低 ${withUnit(s.min, s.unit)}（${str(s.minTime)}），平均 ${withUnit(s.average, s.unit)}，共 ${num(s.count)} 个数据。`,
        );
    }
    if (num(d.total) > list.length)
      lines.push(`共匹配到 ${num(d.total)} 个指标，仅统计前 ${list.length} 个；可说明网关名称缩小范围。`);
    return lines;
  },

  count_warnings(d) {
    const total = num(d.total);
    const levels = rows(d.byLevel)
      .map((l) => `${str(l.label)} ${num(l.count)} 条`)
      .join('、');
    const states = rows(d.byState)
      .map((s) => `${str(s.label)} ${num(s.count)} 条`)
      .join('、');
    return [
      `${during(d.range)}，符合条件的预警共 ${total} 条。`,
      ...(total > 0 ? [`按等级：${levels}。`, `按处理状态：${states}。`] : []),
    ];
  },

  list_warnings(d) {
    const list = rows(d.warnings);
    const what =
      d.state === 'open'
        ? '还没处理完的预警'
        : d.state === 'handled'
          ? '已处理的预警'
          : d.state === 'unhandled'
            ? '未处理的预警'
            : d.state === 'handling'
              ? '处理中的预警'
              : '预警';
    if (list.length === 0) return [`${during(d.range)}，没有${what}。`];
    return [
      `${during(d.range)}，${what}共 ${num(d.total)} 条${shown(num(d.total), list.length, '条')}：`,
      ...list.map(
        (w, i) =>
          `${i + 1}. 【${str(w.level)}】${str(w.gateway)}${w.indicator ? ` · ${str(w.indicator)}` : ''}${w.rule ? `（${str(w.rule)}）` : ''}：值 ${str(w.value)}，阈值 ${str(w.threshold)}，${str(w.startedAt)} 发生，${
            w.releasedAt ? `${str(w.releasedAt)} 解除` : '尚未解除'
          }，${str(w.handleStatus)}`,
      ),
    ];
  },

  list_malfunctions(d) {
    const list = rows(d.malfunctions);
    const what = d.state === 'open' ? '未结束的故障' : d.state === 'closed' ? '已结束的故障' : '故障记录';
    const of = d.equipment ? `设备「${str(d.equipment)}」的` : '';
    if (list.length === 0) return [`${during(d.range)}，没有${of}${what}。`];
    return [
      `${during(d.range)}，${of}${what}共 ${num(d.total)} 条（未结束 ${num(d.open)} 条、已结束 ${num(d.closed)} 条）${shown(num(d.total), list.length, '条')}：`,
      ...list.map(
        (m, i) =>
          `${i + 1}. ${str(m.equipment)}${m.code ? `（${str(m.code)}）` : ''}，${str(m.origin)}${m.description ? `：${str(m.description)}` : ''}，${str(m.startedAt)} 开始，${
            m.ongoing
              ? `仍未结束，已持续 ${str(m.duration)}`
              : `${str(m.endedAt)} 结束，历时 ${str(m.duration)}`
          }`,
      ),
    ];
  },

  count_work_orders(d) {
    const by = rows(d.byStatus)
      .map((s) => `${str(s.label)} ${num(s.count)} 张`)
      .join('、');
    return [`${during(d.range)}，符合条件的工单共 ${num(d.total)} 张${by ? `：${by}` : ''}。`];
  },

  list_work_orders(d) {
    const list = rows(d.workOrders);
    const what = d.overdue ? '已逾期的工单' : d.open ? '未完成的工单' : '工单';
    if (list.length === 0) return [`${during(d.range)}，没有${what}。`];
    return [
      `${during(d.range)}，${what}共 ${num(d.total)} 张${shown(num(d.total), list.length, '张')}：`,
      ...list.map((o, i) => {
        const people = rows(o.assignees).map(str).join('、');
        return `${i + 1}. ${str(o.code)}「${str(o.title)}」，${str(o.type)}，${str(o.status)}，处理人 ${people || '未分配'}${
          o.dueAt ? `，截止 ${str(o.dueAt)}` : ''
        }，创建于 ${str(o.createdAt)}`;
      }),
    ];
  },

  equipment_status(d) {
    if (d.keyword === null || d.keyword === undefined) {
      if (num(d.total) === 0) return ['本项目还没有工艺设备。'];
      const by = rows(d.byStatus)
        .map((s) => `${str(s.label)} ${num(s.count)} 台`)
        .join('、');
      return [`本项目共有设备 ${num(d.total)} 台：${by}。`];
    }
    const list = rows(d.equipment);
    if (list.length === 0) return [`没有找到名称或编号含「${str(d.keyword)}」的设备。`];
    const lines = list.map((e) => {
      const readings = rows(e.readings)
        .map((r) => `${str(r.role)} ${withUnit(r.value, r.unit)}（${str(r.time)}）`)
        .join('，');
      return `${str(e.name)}${e.code ? `（${str(e.code)}）` : ''}${e.site ? `，${str(e.site)}` : ''}：当前状态「${str(e.statusName)}」${readings ? `；${readings}` : ''}。`;
    });
    if (num(d.total) > list.length) lines.push(`共匹配到 ${num(d.total)} 台，仅列出前 ${list.length} 台。`);
    return lines;
  },

  group_tree(d) {
    const name = str(d.groupDisplayName) || '分组';
    const areas = rows(d.areas);
    const lines = [
      `${d.project ? `项目「${str(d.project)}」` : '本项目'}的${name}：区域 ${num(d.areaCount)} 个、站点 ${num(d.siteCount)} 个，网关共 ${num(d.gatewaysTotal)} 个${
        num(d.unassignedGateways) > 0 ? `（其中 ${num(d.unassignedGateways)} 个未分配到区域或站点）` : ''
      }。`,
    ];
    for (const a of areas) {
      const children = rows(a.children)
        .map((s) => `${str(s.name)}（网关 ${num(s.gateways)} 个，在线 ${num(s.online)} 个）`)
        .join('、');
      lines.push(
        `- ${str(a.name)}（${str(a.type)}，网关 ${num(a.gateways)} 个，在线 ${num(a.online)} 个）${children ? `：${children}` : ''}`,
      );
    }
    return lines;
  },
};

/** The answer to one tool result: its sentences, then 来源. */
export function composeAnswer(tool: string, content: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    parsed = null;
  }
  const result = parsed as { data?: unknown; source?: unknown; error?: unknown; message?: unknown } | null;
  if (!result || typeof result !== 'object' || !result.data || typeof result.data !== 'object') {
    const why = str(result?.error ?? result?.message) || '查询没有返回数据';
    return `抱歉，查询时出错：${why}。请稍后再试。`;
  }
  const composer = composers[tool];
  const lines = composer ? composer(result.data as Data) : [JSON.stringify(result.data)];
  if (result.source) lines.push('', `来源：${str(result.source)}`);
  return lines.join('\n');
}
