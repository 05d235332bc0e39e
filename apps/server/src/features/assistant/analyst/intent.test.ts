import { describe, expect, it } from 'vitest';
import { parseQuestion } from './intent.js';
import { chineseNumber, parseTime } from './time.js';

// 2026-11-25 10:00 in China (a Wednesday).
const NOW = Date.UTC(2026, 10, 25, 2, 0);

const tool = (question: string) => {
  const parsed = parseQuestion(question, NOW);
  if (parsed.kind !== 'tool') throw new Error(`${question}: ${parsed.kind}`);
  return { tool: parsed.tool, args: parsed.args, category: parsed.category };
};

describe('the analyst reads the issue’s example questions', () => {
  it('有多少网关离线 → count_gateways offline', () => {
    expect(tool('有多少网关离线')).toEqual({
      tool: 'count_gateways',
      args: { state: 'offline' },
      category: 'gateway',
    });
    expect(tool('现在有几个网关在线？').args).toEqual({ state: 'online' });
  });

  it('哪些网关离线了 → list_gateways offline', () => {
    expect(tool('哪些网关离线了')).toMatchObject({ tool: 'list_gateways', args: { state: 'offline' } });
  });

  it('哪些预警还没处理 → list_warnings open', () => {
    expect(tool('哪些预警还没处理')).toEqual({
      tool: 'list_warnings',
      args: { state: 'open' },
      category: 'warning',
    });
  });

  it('今天有多少一级预警 → count_warnings with level and period', () => {
    expect(tool('今天有多少一级预警？')).toMatchObject({
      tool: 'count_warnings',
      args: { level: 1, period: 'today' },
    });
  });

  it('本周COD最高是多少，什么时候 → indicator_statistics COD this week', () => {
    expect(tool('本周COD最高是多少，什么时候')).toEqual({
      tool: 'indicator_statistics',
      args: { indicator: 'COD', period: 'thisWeek' },
      category: 'gateway',
    });
  });

  it('a statistics question without a time asks about today; "A的B" names gateway A', () => {
    expect(tool('1号池网关的氨氮平均值').args).toEqual({
      indicator: '氨氮',
      gateway: '1号池',
      period: 'today',
    });
    expect(tool('最近3天进水流量最低是多少').args).toEqual({
      indicator: '进水流量',
      period: 'lastDays',
      days: 3,
    });
  });

  it('有哪些超期工单 → list_work_orders overdue', () => {
    expect(tool('有哪些超期工单')).toEqual({
      tool: 'list_work_orders',
      args: { overdue: true },
      category: 'workOrder',
    });
    expect(tool('本月未完成的维修工单有多少')).toEqual({
      tool: 'count_work_orders',
      args: { open: true, type: 2, period: 'thisMonth' },
      category: 'workOrder',
    });
    expect(tool('待执行的工单').args).toEqual({ status: 6 });
    expect(tool('分配给张三的工单').args).toEqual({ assignee: '张三' });
  });

  it('1号提升泵现在什么状态 → equipment_status with the name', () => {
    expect(tool('1号提升泵现在什么状态')).toEqual({
      tool: 'equipment_status',
      args: { keyword: '1号提升泵' },
      category: 'equipment',
    });
    expect(tool('设备状态统计').args).toEqual({});
  });

  it('故障记录 → list_malfunctions', () => {
    expect(tool('故障记录')).toEqual({ tool: 'list_malfunctions', args: {}, category: 'malfunction' });
    expect(tool('1号提升泵上月的故障记录').args).toEqual({ equipment: '1号提升泵', period: 'lastMonth' });
    expect(tool('哪些故障还没结束').args).toEqual({ state: 'open' });
  });

  it('the group tree and an indicator’s latest value', () => {
    expect(tool('项目有哪些区域和站点').tool).toBe('group_tree');
    expect(tool('COD现在是多少')).toEqual({
      tool: 'indicator_latest',
      args: { indicator: 'COD' },
      category: 'gateway',
    });
  });

  it('full-width characters read as ASCII', () => {
    expect(tool('本周ＣＯＤ最高是多少？').args).toMatchObject({ indicator: 'COD' });
  });

  it('questions it cannot read are unknown; a statistic of nothing asks which indicator', () => {
    expect(parseQuestion('你好', NOW).kind).toBe('unknown');
    expect(parseQuestion('明天会下雨吗', NOW).kind).toBe('unknown');
    expect(parseQuestion('', NOW).kind).toBe('unknown');
    expect(parseQuestion('本周最高是多少', NOW)).toMatchObject({
      kind: 'clarify',
      tool: 'indicator_statistics',
    });
  });
});

describe('time expressions', () => {
  const args = (q: string) => parseTime(q, NOW)?.args;
  it('named periods', () => {
    expect(args('今天的预警')).toEqual({ period: 'today' });
    expect(args('昨天')).toEqual({ period: 'yesterday' });
    expect(args('这周')).toEqual({ period: 'thisWeek' });
    expect(args('上个星期')).toEqual({ period: 'lastWeek' });
    expect(args('本月')).toEqual({ period: 'thisMonth' });
    expect(args('上月')).toEqual({ period: 'lastMonth' });
  });

  it('recent N days, hours, weeks, months in digits or Chinese numerals', () => {
    expect(args('最近7天')).toEqual({ period: 'lastDays', days: 7 });
    expect(args('近三天')).toEqual({ period: 'lastDays', days: 3 });
    expect(args('过去十五天')).toEqual({ period: 'lastDays', days: 15 });
    expect(args('最近24小时')).toEqual({ period: 'lastHours', hours: 24 });
    expect(args('最近一周')).toEqual({ period: 'lastDays', days: 7 });
    expect(args('近两个月')).toEqual({ period: 'lastDays', days: 60 });
    expect(args('前3天')).toEqual({ period: 'lastDays', days: 3 });
  });

  it('explicit dates and ranges', () => {
    expect(args('11月1日到11月20日')).toEqual({ from: '2026-11-01', to: '2026-11-20' });
    expect(args('2026-10-01至2026-10-07的COD')).toEqual({ from: '2026-10-01', to: '2026-10-07' });
    expect(args('2025年3月5日')).toEqual({ from: '2025-03-05', to: '2025-03-05' });
    expect(args('今年')).toEqual({ from: '2026-01-01' });
  });

  it('no time, and names that only look like one', () => {
    expect(parseTime('1号提升泵现在什么状态', NOW)).toBeNull();
    expect(parseTime('2-3号泵', NOW)).toBeNull();
  });

  it('Chinese numerals', () => {
    expect(chineseNumber('十')).toBe(10);
    expect(chineseNumber('二十一')).toBe(21);
    expect(chineseNumber('两')).toBe(2);
    expect(chineseNumber('12')).toBe(12);
    expect(chineseNumber('百')).toBeNull();
  });
});
