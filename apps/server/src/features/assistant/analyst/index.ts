import { randomUUID } from 'node:crypto';
import { categoryLabel, type DataCategory } from '@iot/contracts/assistant';
import type {
  AssistantTool,
  ChatProvider,
  CompletionRequest,
  ProviderEvent,
  ProviderMessage,
  ToolCall,
} from '../provider.js';
import { composeAnswer } from './compose.js';
import { normalize, type Parsed, parseQuestion } from './intent.js';
import { parseTime } from './time.js';

export { parseQuestion } from './intent.js';
export { parseTime } from './time.js';

/** The noun a refusal names: 你没有查看预警的权限. */
const NOUNS: Record<DataCategory, string> = {
  gateway: '网关',
  warning: '预警',
  malfunction: '故障记录',
  workOrder: '工单',
  equipment: '工艺设备',
  group: '分组',
};

/** Questions the analyst answers, per category: what it says when it did not understand. */
const EXAMPLES: Record<DataCategory, string[]> = {
  gateway: ['有多少网关离线？', '哪些网关在线？', '本周COD最高是多少，什么时候？', '进水流量现在是多少？'],
  warning: ['哪些预警还没处理？', '今天有多少预警？', '最近7天的一级预警'],
  malfunction: ['故障记录', '哪些故障还没结束？', '1号提升泵上月的故障'],
  workOrder: ['有哪些超期工单？', '未完成的工单有多少？', '本月的维修工单'],
  equipment: ['1号提升泵现在什么状态？', '设备状态统计'],
  group: ['项目有哪些区域和站点？'],
};

/** Tools that take a period: a follow-up naming only a time asks them again. */
const TIMED = new Set([
  'indicator_statistics',
  'count_warnings',
  'list_warnings',
  'list_malfunctions',
  'count_work_orders',
  'list_work_orders',
]);

/** Characters per streamed text event. */
const CHUNK = 24;

/** The category of each tool the analyst may call (the tools it was built with). */
function categoriesOf(tools: readonly AssistantTool[]): Map<string, DataCategory> {
  return new Map(tools.map((t) => [t.name, t.category]));
}

/**
 * The user's questions, newest last: each message's own words, without the attachments the chat
 * service appends (「用户附带的文件：」 and their text).
 */
function questions(messages: ProviderMessage[]): string[] {
  return messages
    .filter((m) => m.role === 'user')
    .map((m) => m.content.split(/\n\s*\n?用户附带的文件：/)[0]!.trim());
}

/**
 * The question read; a follow-up that only names another time (「那上周呢？」) asks the previous
 * question again over that time.
 */
function understand(asked: string[], now: number): Parsed {
  const question = asked[asked.length - 1] ?? '';
  const parsed = parseQuestion(question, now);
  const previous = asked[asked.length - 2];
  if (parsed.kind !== 'unknown' || previous === undefined || question.length > 20) return parsed;
  const time = parseTime(normalize(question), now);
  const before = parseQuestion(previous, now);
  if (!time || before.kind !== 'tool' || !TIMED.has(before.tool)) return parsed;
  const args = Object.fromEntries(
    Object.entries(before.args).filter(([key]) => !['period', 'days', 'hours', 'from', 'to'].includes(key)),
  );
  return {
    ...before,
    args: { ...args, ...time.args },
    reason: `${before.reason}（接上一个问题，时间改为「${time.phrase}」）`,
  };
}

/** The tool results that end the conversation, each with the call it answers. */
function trailingResults(messages: ProviderMessage[]): { call: ToolCall | undefined; content: string }[] {
  const results: { id: string; content: string }[] = [];
  let i = messages.length - 1;
  for (; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role !== 'tool') break;
    results.unshift({ id: m.toolCallId, content: m.content });
  }
  const asked = messages[i];
  const calls = asked?.role === 'assistant' ? (asked.toolCalls ?? []) : [];
  return results.map((r) => ({ call: calls.find((c) => c.id === r.id), content: r.content }));
}

function* chunks(text: string): Generator<string> {
  for (const line of text.split(/(?<=\n)/))
    for (let i = 0; i < line.length; i += CHUNK) yield line.slice(i, i + CHUNK);
}

/**
 * The built-in offline analyst (docs/decisions/0062-builtin-analyst.md): a ChatProvider that reads
 * common Chinese questions about the project's data with a small intent parser, asks for the one
 * tool that answers it (only among the tools of the request), and says the tool's figures with
 * their range and source. `tools` are the registry's tools: their categories name what a refusal
 * says when the tool a question needs is not offered.
 */
export function createBuiltinAnalyst(
  tools: readonly AssistantTool[],
  options: { now?: () => number } = {},
): ChatProvider {
  const categories = categoriesOf(tools);
  const now = options.now ?? Date.now;
  return {
    name: 'builtin',
    async *complete(request: CompletionRequest): AsyncIterable<ProviderEvent> {
      const { signal } = request;
      const say = function* (text: string, reasoning?: string): Generator<ProviderEvent> {
        if (reasoning && request.thinking && !signal.aborted) yield { type: 'reasoning', text: reasoning };
        for (const piece of chunks(text)) {
          if (signal.aborted) return;
          yield { type: 'text', text: piece };
        }
      };
      if (signal.aborted) return;

      const results = trailingResults(request.messages);
      if (results.length > 0) {
        const names = results.map((r) => r.call?.name ?? '');
        const answer = results.map((r, i) => composeAnswer(names[i]!, r.content)).join('\n\n');
        yield* say(
          answer,
          `已取得 ${names.filter(Boolean).join('、')} 的查询结果，按数据整理回答并注明来源。`,
        );
        return;
      }

      const offered = new Set(request.tools.map((t) => t.name));
      const asked = questions(request.messages);
      const question = asked[asked.length - 1] ?? '';
      const parsed = understand(asked, now());
      if (parsed.kind === 'unknown') {
        const greeting = /^(你好|您好|hi|hello|嗨|哈喽|在吗|在不在)[\s!！。,，?？]*$/i.test(question.trim());
        const opening = greeting ? '你好！我是你的AI助手。' : '抱歉，这个问题我还不能回答。';
        yield* say(
          capabilities(
            request.tools.map((t) => categories.get(t.name)),
            opening,
          ),
        );
        return;
      }
      if (!offered.has(parsed.tool)) {
        const label = categoryLabel(parsed.category);
        yield* say(`请先选择${label}，或你没有查看${NOUNS[parsed.category]}的权限。`);
        return;
      }
      if (parsed.kind === 'clarify') {
        yield* say(parsed.message);
        return;
      }
      if (request.thinking) yield { type: 'reasoning', text: `${parsed.reason}。` };
      if (signal.aborted) return;
      yield {
        type: 'toolCalls',
        calls: [
          {
            id: `call_${randomUUID().slice(0, 8)}`,
            name: parsed.tool,
            arguments: JSON.stringify(parsed.args),
          },
        ],
      };
    },
  };
}

/** What the analyst can answer, by the categories offered. */
function capabilities(offered: (DataCategory | undefined)[], opening: string): string {
  const cats = [...new Set(offered.filter((c): c is DataCategory => c !== undefined))];
  if (cats.length === 0)
    return `${opening}请先在输入框上方选择要查询的数据类别（网关信息、预警信息、故障信息、工单信息、工艺设备信息、分组信息），我会根据项目的数据回答。`;
  const lines = [`${opening}我可以根据项目的数据回答这些问题：`];
  for (const c of cats) lines.push(`- ${categoryLabel(c)}：${EXAMPLES[c].map((q) => `「${q}」`).join('')}`);
  lines.push('时间可以说今天、昨天、本周、上周、本月、最近N天，或具体日期，如「11月1日到11月20日」。');
  return lines.join('\n');
}
