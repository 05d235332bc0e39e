import type { Profile } from './profiles.js';

/** Where a site sits in the treatment line: the water-quality template covers effluent only. */
export type SiteRole = 'influent' | 'process' | 'effluent';

export interface DemoSite {
  /** The site's name in the demo project's tree (seed.ts). */
  name: string;
  role: SiteRole;
  protocol: 'native' | 'thingsboard';
  profiles: Profile[];
}

type FloatFields = Pick<Profile, 'key' | 'name' | 'unit' | 'decimals' | 'base' | 'amplitude' | 'peakHour'> &
  Partial<Profile>;

const float = (p: FloatFields): Profile => ({
  type: 'float',
  noise: 0,
  min: 0,
  max: 10_000,
  excursionChance: 0,
  excursion: 1,
  drift: 0.05,
  ...p,
});

const flag = (p: Pick<Profile, 'key' | 'name'> & Partial<Profile>): Profile => ({
  unit: '',
  type: 'boolean',
  decimals: 0,
  base: 1,
  amplitude: 0,
  peakHour: 0,
  noise: 0,
  min: 0,
  max: 1,
  excursionChance: 0,
  excursion: 1,
  ...p,
});

/**
 * What each site of the demo plant (a 20,000 m³/d municipal plant, AAO process, GB 18918 class 1 A
 * effluent) measures. Names, units and decimals of a shared indicator (化学需氧量, 液位, …) are the
 * same everywhere, and the same as WATER_PROFILES', since a project's indicators are shared by name.
 * Influent is raw sewage (COD ≈ 290 mg/L), effluent is treated (COD ≈ 24 mg/L); flows follow the
 * day, peaking in the morning at the inlet and a few hours later at the outlet.
 */
export const DEMO_SITES: DemoSite[] = [
  {
    name: '格栅间',
    role: 'influent',
    protocol: 'native',
    profiles: [
      float({
        key: 'cod',
        name: '化学需氧量',
        unit: 'mg/L',
        decimals: 1,
        base: 290,
        amplitude: 60,
        peakHour: 11,
        noise: 9,
        drift: 0.12,
        episode: { chancePerDay: 0.03, peak: 540 },
      }),
      float({
        key: 'nh3n',
        name: '氨氮',
        unit: 'mg/L',
        decimals: 2,
        base: 29,
        amplitude: 5,
        peakHour: 10,
        noise: 0.8,
        drift: 0.1,
      }),
      float({
        key: 'tn',
        name: '总氮',
        unit: 'mg/L',
        decimals: 2,
        base: 38,
        amplitude: 5,
        peakHour: 10,
        noise: 1,
      }),
      float({
        key: 'tp',
        name: '总磷',
        unit: 'mg/L',
        decimals: 3,
        base: 4.2,
        amplitude: 0.8,
        peakHour: 11,
        noise: 0.15,
      }),
      float({
        key: 'ss',
        name: '悬浮物',
        unit: 'mg/L',
        decimals: 1,
        base: 190,
        amplitude: 45,
        peakHour: 11,
        noise: 8,
        drift: 0.15,
      }),
      float({
        key: 'ph',
        name: 'pH',
        unit: '',
        decimals: 2,
        base: 7.5,
        amplitude: 0.15,
        peakHour: 15,
        noise: 0.04,
        max: 14,
      }),
      float({
        key: 'level',
        name: '液位',
        unit: 'm',
        decimals: 2,
        base: 1.6,
        amplitude: 0.35,
        peakHour: 10,
        noise: 0.03,
      }),
      flag({ key: 'rake', name: '格栅机运行', cycle: { period: 60, on: 12 } }),
    ],
  },
  {
    name: '进水泵房',
    role: 'influent',
    protocol: 'thingsboard',
    profiles: [
      float({
        key: 'level',
        name: '液位',
        unit: 'm',
        decimals: 2,
        base: 3.1,
        amplitude: 0.7,
        peakHour: 9,
        noise: 0.05,
      }),
      float({
        key: 'flow',
        name: '瞬时流量',
        unit: 'm³/h',
        decimals: 1,
        base: 840,
        amplitude: 260,
        peakHour: 10,
        noise: 20,
        drift: 0.1,
      }),
      flag({ key: 'pump', name: '提升泵运行', io: 'rw' }),
      float({
        key: 'current',
        name: '泵电流',
        unit: 'A',
        decimals: 1,
        base: 36,
        amplitude: 5,
        peakHour: 10,
        noise: 0.6,
        runsWith: 'pump',
      }),
      {
        ...flag({ key: 'mode', name: '控制模式' }),
        type: 'enum',
        enums: [
          { value: 0, label: '手动' },
          { value: 1, label: '自动' },
        ],
      },
    ],
  },
  {
    name: 'AAO生化池',
    role: 'process',
    protocol: 'native',
    profiles: [
      float({
        key: 'do',
        name: '溶解氧',
        unit: 'mg/L',
        decimals: 2,
        base: 2,
        amplitude: 0.25,
        peakHour: 4,
        noise: 0.12,
        follows: 'doSet',
        drift: 0,
      }),
      float({
        key: 'doSet',
        name: '溶解氧设定值',
        unit: 'mg/L',
        decimals: 1,
        base: 2,
        amplitude: 0,
        peakHour: 0,
        io: 'rw',
        max: 8,
      }),
      float({
        key: 'mlss',
        name: '污泥浓度',
        unit: 'mg/L',
        decimals: 0,
        base: 3600,
        amplitude: 80,
        peakHour: 14,
        noise: 25,
      }),
      float({
        key: 'ph',
        name: 'pH',
        unit: '',
        decimals: 2,
        base: 7.1,
        amplitude: 0.1,
        peakHour: 16,
        noise: 0.03,
        max: 14,
      }),
      float({
        key: 'temp',
        name: '水温',
        unit: '℃',
        decimals: 1,
        base: 19,
        amplitude: 0.8,
        peakHour: 16,
        noise: 0.1,
      }),
      flag({ key: 'blower', name: '鼓风机运行' }),
    ],
  },
  {
    name: '二沉池',
    role: 'process',
    protocol: 'thingsboard',
    profiles: [
      float({
        key: 'sludge',
        name: '泥位',
        unit: 'm',
        decimals: 2,
        base: 1.1,
        amplitude: 0.2,
        peakHour: 14,
        noise: 0.03,
        episode: { chancePerDay: 0.03, peak: 2.4 },
      }),
      float({
        key: 'turbidity',
        name: '浊度',
        unit: 'NTU',
        decimals: 1,
        base: 3.2,
        amplitude: 0.8,
        peakHour: 13,
        noise: 0.2,
      }),
      float({
        key: 'ss',
        name: '悬浮物',
        unit: 'mg/L',
        decimals: 1,
        base: 11,
        amplitude: 2.5,
        peakHour: 13,
        noise: 0.6,
      }),
      flag({ key: 'returnPump', name: '回流泵运行' }),
    ],
  },
  {
    name: '消毒池',
    role: 'effluent',
    protocol: 'native',
    profiles: [
      float({
        key: 'flow',
        name: '瞬时流量',
        unit: 'm³/h',
        decimals: 1,
        base: 820,
        amplitude: 230,
        peakHour: 13,
        noise: 18,
        drift: 0.1,
      }),
      float({
        key: 'chlorine',
        name: '余氯',
        unit: 'mg/L',
        decimals: 2,
        base: 0.55,
        amplitude: 0.1,
        peakHour: 13,
        noise: 0.03,
      }),
      float({
        key: 'ph',
        name: 'pH',
        unit: '',
        decimals: 2,
        base: 7,
        amplitude: 0.1,
        peakHour: 16,
        noise: 0.03,
        max: 14,
        episode: { chancePerDay: 0.01, peak: 9.3 },
      }),
      float({
        key: 'ss',
        name: '悬浮物',
        unit: 'mg/L',
        decimals: 1,
        base: 5.5,
        amplitude: 1.2,
        peakHour: 14,
        noise: 0.4,
        episode: { chancePerDay: 0.03, peak: 13 },
      }),
      float({
        key: 'atcc',
        name: '粪大肠菌群数',
        unit: '个/L',
        decimals: 0,
        base: 260,
        amplitude: 60,
        peakHour: 14,
        noise: 25,
        episode: { chancePerDay: 0.02, peak: 1700 },
      }),
    ],
  },
  {
    name: '在线监测站',
    role: 'effluent',
    protocol: 'thingsboard',
    profiles: [
      float({
        key: 'cod',
        name: '化学需氧量',
        unit: 'mg/L',
        decimals: 1,
        base: 24,
        amplitude: 4,
        peakHour: 14,
        noise: 1.2,
        drift: 0.1,
        episode: { chancePerDay: 0.03, peak: 60 },
      }),
      float({
        key: 'nh3n',
        name: '氨氮',
        unit: 'mg/L',
        decimals: 2,
        base: 0.9,
        amplitude: 0.35,
        peakHour: 13,
        noise: 0.08,
        episode: { chancePerDay: 0.03, peak: 7.5 },
      }),
      float({
        key: 'tn',
        name: '总氮',
        unit: 'mg/L',
        decimals: 2,
        base: 9.6,
        amplitude: 1.2,
        peakHour: 14,
        noise: 0.25,
        episode: { chancePerDay: 0.02, peak: 17.5 },
      }),
      float({
        key: 'tp',
        name: '总磷',
        unit: 'mg/L',
        decimals: 3,
        base: 0.22,
        amplitude: 0.05,
        peakHour: 14,
        noise: 0.015,
        episode: { chancePerDay: 0.02, peak: 0.66 },
      }),
      float({
        key: 'ph',
        name: 'pH',
        unit: '',
        decimals: 2,
        base: 7.1,
        amplitude: 0.1,
        peakHour: 16,
        noise: 0.03,
        max: 14,
      }),
    ],
  },
];

/** An excursion written into the backfilled history: a site's key, a local day and hour, how long, how far. */
export interface ScriptedEpisode {
  site: string;
  key: string;
  daysAgo: number;
  /** Local (China) hour of the start, fractions allowed (14.5 is 14:30). */
  hour: number;
  minutes: number;
  peak: number;
}

/**
 * The month's notable events, fixed so every fresh demo tells the same story (and tests can
 * count on it): effluent limits crossed now and then (warnings), an influent shock load that
 * shows up downstream as total nitrogen, a sludge blanket rising in the clarifier.
 */
export const SCRIPTED_EPISODES: ScriptedEpisode[] = [
  { site: '在线监测站', key: 'nh3n', daysAgo: 1, hour: 14.3, minutes: 110, peak: 7.4 },
  { site: '消毒池', key: 'ss', daysAgo: 2, hour: 9.7, minutes: 70, peak: 13.2 },
  { site: '在线监测站', key: 'cod', daysAgo: 3, hour: 11.2, minutes: 90, peak: 61 },
  { site: '在线监测站', key: 'tp', daysAgo: 5, hour: 16, minutes: 120, peak: 0.68 },
  { site: '二沉池', key: 'sludge', daysAgo: 7, hour: 18, minutes: 180, peak: 2.4 },
  { site: '格栅间', key: 'cod', daysAgo: 9, hour: 8, minutes: 240, peak: 560 },
  { site: '在线监测站', key: 'tn', daysAgo: 9, hour: 13, minutes: 180, peak: 17.8 },
  { site: '消毒池', key: 'atcc', daysAgo: 12, hour: 3.5, minutes: 80, peak: 1650 },
  { site: '消毒池', key: 'ph', daysAgo: 16, hour: 10.25, minutes: 45, peak: 9.3 },
  { site: '在线监测站', key: 'nh3n', daysAgo: 20, hour: 15.5, minutes: 150, peak: 8.1 },
  { site: '在线监测站', key: 'cod', daysAgo: 26, hour: 10, minutes: 100, peak: 58 },
];

/** What the operators wrote when they closed a warning on a key (the demo's handled warnings). */
export const HANDLING_NOTES: Record<string, string> = {
  nh3n: '曝气不足导致硝化不完全，已提高溶解氧设定值',
  cod: '进水冲击负荷，已加大回流并增加排泥',
  tp: '除磷药剂投加泵堵塞，已疏通并补投药剂',
  tn: '碳源不足，已投加乙酸钠',
  ss: '二沉池跑泥，已调整排泥周期',
  atcc: '次氯酸钠投加量不足，已调高投加量',
  ph: 'pH 在线仪表漂移，已校准',
};
