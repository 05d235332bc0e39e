import type { DataCategory } from '@iot/contracts/assistant';
import { TaskStatusNames } from '@iot/contracts/maintenance';
import { parseTime, type TimeArgs } from './time.js';

/** What a question asks for: one tool of one category, with its arguments. */
export interface Intent {
  kind: 'tool';
  category: DataCategory;
  tool: string;
  args: Record<string, unknown>;
  /** Said in the reasoning: what is looked up and why. */
  reason: string;
}

/** A question of a category that lacks what the tool needs (which indicator?). */
export interface Clarify {
  kind: 'clarify';
  category: DataCategory;
  tool: string;
  message: string;
}

export type Parsed = Intent | Clarify | { kind: 'unknown' };

/** Full-width digits, letters and punctuation as ASCII; spaces collapsed. */
export function normalize(question: string): string {
  return question
    .replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const COUNT = /多少|几个|几台|几张|几条|几起|几次|数量|总数|统计|共有|一共|总共|合计/;
const STAT = /最高|最大|最低|最小|平均|均值|峰值|极值|最多|最少/;
const LATEST = /现在|当前|目前|最新|实时|此刻|眼下/;

/** Words that only frame a question; what is left names the thing asked about. */
const FILLER =
  /请问|请|帮我|帮忙|麻烦|给我|我想知道|我想|想知道|查询|查一下|查查|查看|看看|看一下|一下|告诉我|列出|列一下|显示|是多少|有多少|多少|是什么时候|什么时候|什么时间|何时|哪天|哪一天|几点|出现在|出现|发生在|发生|现在|目前|当前|最新|实时|此刻|的数值|数值|读数|最高值|最大值|最低值|最小值|平均值|最高|最大|最低|最小|平均|均值|峰值|极值|是什么|什么|怎么样|怎样|如何|情况|状态|运行|工作|在吗|吗|呢|啊|呀|吧|了|是|有|[?？!！,，.。、;；:："“”'‘’()（）\s]/g;

function strip(text: string): string {
  return text.replace(FILLER, '');
}

/** Removes the time phrase, then reads "A的B" as gateway A, indicator B. */
function indicatorWords(question: string, time: string | undefined) {
  const rest = strip(time ? question.replace(time, '') : question);
  const parts = rest.split('的').filter((p) => p !== '');
  if (parts.length >= 2) {
    const gateway = parts.slice(0, -1).join('的').replace(/网关$/, '');
    return { gateway: gateway || undefined, indicator: parts[parts.length - 1]! };
  }
  return { gateway: undefined, indicator: parts[0] ?? '' };
}

function withTime(args: Record<string, unknown>, time: TimeArgs | undefined) {
  return time ? { ...args, ...time } : args;
}

const FAULT_OPEN =
  /未结束|没结束|还没结束|未恢复|没恢复|还没好|还在|正在|进行中|持续中|未关闭|当前|现在|目前/;
const FAULT_CLOSED = /已结束|已恢复|恢复了|已关闭|结束了|已经结束/;

const LEVELS: [RegExp, number][] = [
  [/一级|1级|严重/, 1],
  [/二级|2级|重要/, 2],
  [/三级|3级|一般/, 3],
];

const TASK_TYPES: [RegExp, number][] = [
  [/巡检/, 1],
  [/维修|检修|抢修/, 2],
  [/加药/, 4],
  [/保养/, 8],
];

/** Status names longest first, so 待领取已取消 wins over 待领取. */
const STATUS_NAMES = Object.entries(TaskStatusNames)
  .map(([code, name]) => ({ code: Number(code), name }))
  .sort((a, b) => b.name.length - a.name.length);

/**
 * Reads a Chinese question about the project's data: which category, which tool, which arguments.
 * Keywords decide the category (工单, 预警, 故障, statistics words, 网关, 分组, 状态 …, in that order);
 * entities (an indicator, a gateway, a piece of equipment) are what is left once time, question
 * and filler words are taken out, and the tools match them against their own lists.
 */
export function parseQuestion(raw: string, now: number): Parsed {
  const question = normalize(raw);
  const timeMatch = parseTime(question, now);
  const time = timeMatch?.args;
  const when = timeMatch?.phrase;
  const counting = COUNT.test(question);

  if (/工单|维保任务|维修单|派单/.test(question)) {
    const args: Record<string, unknown> = {};
    const notes: string[] = [];
    if (/超期|逾期|过期|超时|延期/.test(question)) {
      args.overdue = true;
      notes.push('已逾期');
    } else {
      const status = STATUS_NAMES.find((s) => question.includes(s.name));
      if (status) {
        args.status = status.code;
        notes.push(status.name);
      } else if (/未完成|没完成|未关闭|没关闭|还没|进行中|待处理|未处理|没处理|在办|待办/.test(question)) {
        args.open = true;
        notes.push('未完成');
      }
    }
    const type = TASK_TYPES.find(([p]) => p.test(question));
    if (type) {
      args.type = type[1];
      notes.push(['', '巡检', '维修', '', '加药', '', '', '', '保养'][type[1]]!);
    }
    const person =
      /(?:分配给|指派给|派给|处理人(?:是|为)?|负责人(?:是|为)?)\s*([\u4e00-\u9fa5A-Za-z0-9_]{1,10}?)(?:的|$|\s|，|,|名下)/.exec(
        question,
      );
    if (person?.[1]) {
      args.assignee = person[1];
      notes.push(`处理人「${person[1]}」`);
    }
    const tool = counting ? 'count_work_orders' : 'list_work_orders';
    return {
      kind: 'tool',
      category: 'workOrder',
      tool,
      args: withTime(args, time),
      reason: `问题问的是工单${notes.length ? `（${notes.join('，')}）` : ''}，调用 ${tool} ${counting ? '按状态统计数量' : '列出工单'}`,
    };
  }

  if (/预警|告警|报警|警报|警告/.test(question)) {
    const args: Record<string, unknown> = {};
    if (/未处理|没处理|没有处理|还没处理|未处置|待处理|没解决|未解决|未完成/.test(question))
      args.state = 'open';
    else if (/处理中|正在处理/.test(question)) args.state = 'handling';
    else if (/已处理|处理完|已经处理|处理过/.test(question)) args.state = 'handled';
    const level = LEVELS.find(([p]) => p.test(question));
    if (level) args.level = level[1];
    const tool = counting ? 'count_warnings' : 'list_warnings';
    return {
      kind: 'tool',
      category: 'warning',
      tool,
      args: withTime(args, time),
      reason: `问题问的是预警，调用 ${tool} ${counting ? '统计数量（按等级和处理状态）' : '列出预警'}${when ? `，时间：${when}` : ''}`,
    };
  }

  if (/故障/.test(question) && !STAT.test(question)) {
    const args: Record<string, unknown> = {};
    if (FAULT_OPEN.test(question)) args.state = 'open';
    else if (FAULT_CLOSED.test(question)) args.state = 'closed';
    const rest = (when ? question.replace(when, '') : question)
      .replace(new RegExp(FAULT_OPEN.source, 'g'), '')
      .replace(new RegExp(FAULT_CLOSED.source, 'g'), '')
      .replace(/设备|故障记录|故障|记录|哪些|列表|有/g, '');
    const equipment = strip(rest).replace(/的/g, '');
    if (equipment) args.equipment = equipment;
    return {
      kind: 'tool',
      category: 'malfunction',
      tool: 'list_malfunctions',
      args: withTime(args, time),
      reason: `问题问的是设备故障记录${equipment ? `（设备「${equipment}」）` : ''}，调用 list_malfunctions 列出记录与持续时长`,
    };
  }

  if (STAT.test(question)) {
    const words = indicatorWords(question, when);
    const args = withTime(
      { indicator: words.indicator, ...(words.gateway ? { gateway: words.gateway } : {}) },
      time ?? { period: 'today' },
    );
    if (!words.indicator)
      return {
        kind: 'clarify',
        category: 'gateway',
        tool: 'indicator_statistics',
        message: '请说明要统计哪个指标，例如「本周COD最高是多少，什么时候」。',
      };
    return {
      kind: 'tool',
      category: 'gateway',
      tool: 'indicator_statistics',
      args,
      reason: `问题问的是指标「${words.indicator}」${words.gateway ? `（网关「${words.gateway}」）` : ''}的统计值，调用 indicator_statistics 读取小时汇总，得到最大值、最小值及其出现时间和平均值${time ? '' : '；未说明时间，按今天统计'}`,
    };
  }

  if (/网关|在线|离线|掉线|不在线/.test(question) && !(LATEST.test(question) && /的/.test(question))) {
    const state = /离线|掉线|不在线|断线|失联/.test(question)
      ? 'offline'
      : /在线/.test(question)
        ? 'online'
        : 'all';
    const tool = counting ? 'count_gateways' : 'list_gateways';
    return {
      kind: 'tool',
      category: 'gateway',
      tool,
      args: { state },
      reason: `问题问的是网关${state === 'offline' ? '离线' : state === 'online' ? '在线' : ''}情况，调用 ${tool}`,
    };
  }

  if (/分组|区域|站点|片区|组织架构|组织结构|项目结构|树/.test(question))
    return {
      kind: 'tool',
      category: 'group',
      tool: 'group_tree',
      args: {},
      reason: '问题问的是项目的分组结构，调用 group_tree 读取区域、站点及网关数',
    };

  if (/状态|运行|停机|开机|在跑|设备/.test(question)) {
    const keyword = strip(
      question.replace(/工艺设备|设备|有哪些|哪些|几台|台|开机|停机|在跑|正在|着|各/g, ''),
    ).replace(/的/g, '');
    const args = keyword && !COUNT.test(keyword) ? { keyword } : {};
    return {
      kind: 'tool',
      category: 'equipment',
      tool: 'equipment_status',
      args,
      reason: keyword
        ? `问题问的是设备「${keyword}」的当前状态，调用 equipment_status 按名称或编号查找并读取其信号`
        : '问题问的是设备状态，调用 equipment_status 统计各状态的设备数量',
    };
  }

  if (LATEST.test(question) || /是多少|多少/.test(question)) {
    const words = indicatorWords(question, when);
    if (words.indicator)
      return {
        kind: 'tool',
        category: 'gateway',
        tool: 'indicator_latest',
        args: { indicator: words.indicator, ...(words.gateway ? { gateway: words.gateway } : {}) },
        reason: `问题问的是指标「${words.indicator}」的最新值，调用 indicator_latest`,
      };
  }
  return { kind: 'unknown' };
}
