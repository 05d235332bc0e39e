import dayjs, { type Dayjs } from 'dayjs';

/** Time-range presets of spec core §9, as [key, label, range computed at the moment of asking]. */
export const TIME_PRESETS: [key: string, label: string, range: () => [Dayjs, Dayjs]][] = [
  ['today', '今天', () => [dayjs().startOf('day'), dayjs()]],
  ['last24h', '最近24小时', () => [dayjs().subtract(24, 'hour'), dayjs()]],
  ['thisWeek', '本周', () => [dayjs().startOf('week'), dayjs()]],
  ['last7d', '最近7天（含今天）', () => [dayjs().startOf('day').subtract(6, 'day'), dayjs()]],
  [
    'last7dExcl',
    '最近7天（不含今天）',
    () => [dayjs().startOf('day').subtract(7, 'day'), dayjs().startOf('day')],
  ],
  ['thisMonth', '本月', () => [dayjs().startOf('month'), dayjs()]],
  ['thisYear', '本年', () => [dayjs().startOf('year'), dayjs()]],
  ['firstHalf', '本年上半年', () => [dayjs().startOf('year'), dayjs().startOf('year').add(6, 'month')]],
  [
    'secondHalf',
    '本年下半年',
    () => [dayjs().startOf('year').add(6, 'month'), dayjs().startOf('year').add(1, 'year')],
  ],
  ...[1, 2, 3, 4].map((q): [string, string, () => [Dayjs, Dayjs]] => [
    `q${q}`,
    `本年第${'一二三四'[q - 1]}季度`,
    () => [
      dayjs()
        .startOf('year')
        .add(3 * (q - 1), 'month'),
      dayjs()
        .startOf('year')
        .add(3 * q, 'month'),
    ],
  ]),
];

/** The range of a preset key, or null for an unknown key (a custom range). */
export function presetRange(key: string): [Dayjs, Dayjs] | null {
  return TIME_PRESETS.find(([k]) => k === key)?.[2]() ?? null;
}
