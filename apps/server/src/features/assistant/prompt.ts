import type { ChatFile, DataContent } from '@iot/contracts/assistant';

/** Longest text of an attached text file the model reads, in characters. */
const FILE_TEXT_MAX = 20_000;

const shanghai = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  weekday: 'long',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/**
 * The system prompt (Chinese): whose assistant it is, now in Asia/Shanghai, which data it may query,
 * to cite where each figure came from and its time range, and the page the user is on when sent.
 */
export function systemPrompt(input: {
  projectName: string;
  now: number;
  /** Labels of the chosen (and permitted) data categories. */
  categories: string[];
  dataContent: DataContent | undefined;
}): string {
  const lines = [
    `你是物联网监测运维平台中「${input.projectName}」项目的 AI 助手，回答与本项目的网关、监测数据、预警、故障、工单、工艺设备和分组有关的问题。`,
    `现在是北京时间（Asia/Shanghai）${shanghai.format(input.now)}；“今天”“本周”“本月”都按北京时间计算。`,
    input.categories.length > 0
      ? `本次可以通过工具查询的数据：${input.categories.join('、')}。项目数据只能来自工具的结果，不要编造或估计数字。`
      : '本次没有选择数据类别，不能查询项目数据；如果问题需要项目数据，请告诉用户在输入框下方选择相应的数据类别。',
    '回答时说明每个数字的来源（工具结果中的 source）和对应的时间范围；工具查不到、没有权限或无法回答时，直接说明，不要猜测。',
    '用简体中文回答，简洁清楚；需要列举时用列表或表格。',
  ];
  if (input.dataContent)
    lines.push(
      `用户正在查看的页面「${input.dataContent.pageName}」的内容如下，回答可以参考：`,
      input.dataContent.content,
    );
  return lines.join('\n');
}

/** A question as the model reads it: its text, then its files (names; the text of text files). */
export function userContent(content: string, files: readonly (ChatFile & { text?: string })[]): string {
  if (files.length === 0) return content;
  const parts = [content, '', '用户附带的文件：'];
  for (const file of files) {
    parts.push(`- ${file.name}（${file.type}，${file.size} 字节）`);
    if (file.text !== undefined) {
      const text =
        file.text.length > FILE_TEXT_MAX ? `${file.text.slice(0, FILE_TEXT_MAX)}…（已截断）` : file.text;
      parts.push(`文件「${file.name}」的内容：`, text);
    }
  }
  return parts.join('\n');
}
