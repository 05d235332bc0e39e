/**
 * Time expressions of a Chinese question, turned into the period arguments of the data tools
 * (tools/common.ts resolves them against the moment the tool runs, in China time).
 */

export interface TimeArgs {
  period?: string;
  days?: number;
  hours?: number;
  from?: string;
  to?: string;
}

export interface TimeMatch {
  args: TimeArgs;
  /** What the question said, e.g. 本周, 最近3天; removed before entities are read. */
  phrase: string;
}

const DIGITS: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** 3, 十, 十五, 二十, 三十一, 两 → a number; null when it is none. */
export function chineseNumber(text: string): number | null {
  if (/^\d+$/.test(text)) return Number(text);
  if (text === '') return null;
  const ten = text.indexOf('十');
  if (ten >= 0) {
    const tens = ten === 0 ? 1 : DIGITS[text.slice(0, ten)];
    const ones = ten === text.length - 1 ? 0 : DIGITS[text.slice(ten + 1)];
    return tens === undefined || ones === undefined || text.length > 3 ? null : tens * 10 + ones;
  }
  return text.length === 1 && DIGITS[text] !== undefined ? DIGITS[text] : null;
}

const NUM = '(\\d{1,3}|[零〇一二两三四五六七八九十]{1,3})';
const pad = (n: number) => String(n).padStart(2, '0');

/** A date written in the question: 2026-11-20, 2026/11/20, 2026年11月20日, 11月20日 (this year). */
const DATE = '(?:(\\d{4})\\s*[-/.年]\\s*)?(\\d{1,2})\\s*[-/.月]\\s*(\\d{1,2})\\s*[日号]?';

function dateText(year: string | undefined, month: string, day: string, now: number): string {
  const y = year ? Number(year) : new Date(now + 8 * 3_600_000).getUTCFullYear();
  return `${y}-${pad(Number(month))}-${pad(Number(day))}`;
}

const NAMED: [RegExp, TimeArgs][] = [
  [/今天|今日/, { period: 'today' }],
  [/昨天|昨日/, { period: 'yesterday' }],
  [/本周|这周|这一周|这个星期|本星期|这星期|这个礼拜|本礼拜/, { period: 'thisWeek' }],
  [/上周|上一周|上个星期|上星期|上个礼拜|上礼拜/, { period: 'lastWeek' }],
  [/本月|这个月|这月|当月/, { period: 'thisMonth' }],
  [/上个月|上月|上一个月/, { period: 'lastMonth' }],
  [/全部时间|所有时间|历史上|有史以来|一直以来/, { period: 'all' }],
];

/** The first time expression of the question, or null when it names no time. */
export function parseTime(question: string, now: number): TimeMatch | null {
  const range = new RegExp(`${DATE}\\s*(?:到|至|~|～|—|-)\\s*${DATE}`).exec(question);
  if (range) {
    const [phrase, y1, m1, d1, y2, m2, d2] = range;
    return {
      phrase,
      args: { from: dateText(y1, m1!, d1!, now), to: dateText(y2 ?? y1, m2!, d2!, now) },
    };
  }
  const one = new RegExp(DATE).exec(question);
  if (one && (one[1] || one[0].includes('月'))) {
    const day = dateText(one[1], one[2]!, one[3]!, now);
    return { phrase: one[0], args: { from: day, to: day } };
  }
  for (const [pattern, args] of NAMED) {
    const m = pattern.exec(question);
    if (m) return { phrase: m[0], args };
  }
  const recent =
    new RegExp(`(?:最近|近|过去)\\s*${NUM}?\\s*个?\\s*(天|日|小时|钟头|周|星期|礼拜|月)`).exec(question) ??
    new RegExp(`前\\s*${NUM}\\s*个?\\s*(天|日|小时|钟头|周|星期|礼拜|月)`).exec(question);
  if (recent) {
    const n = recent[1] ? chineseNumber(recent[1]) : 1;
    const unit = recent[2]!;
    if (n !== null && n > 0) {
      if (unit === '小时' || unit === '钟头')
        return { phrase: recent[0], args: { period: 'lastHours', hours: Math.min(n, 720) } };
      const days = unit === '天' || unit === '日' ? n : unit === '月' ? n * 30 : n * 7;
      return { phrase: recent[0], args: { period: 'lastDays', days: Math.min(days, 366) } };
    }
  }
  const year = /今年|本年/.exec(question);
  if (year) {
    const y = new Date(now + 8 * 3_600_000).getUTCFullYear();
    return { phrase: year[0], args: { from: `${y}-01-01` } };
  }
  return null;
}

/** How the answer names the period the question asked about (the tool's source gives the dates). */
export function periodWords(args: TimeArgs | undefined): string {
  if (!args) return '';
  if (args.from && args.to) return args.from === args.to ? args.from : `${args.from} 至 ${args.to}`;
  if (args.from) return `${args.from} 以来`;
  switch (args.period) {
    case 'today':
      return '今天';
    case 'yesterday':
      return '昨天';
    case 'thisWeek':
      return '本周';
    case 'lastWeek':
      return '上周';
    case 'thisMonth':
      return '本月';
    case 'lastMonth':
      return '上月';
    case 'lastDays':
      return `最近${args.days}天`;
    case 'lastHours':
      return `最近${args.hours}小时`;
    default:
      return '';
  }
}
