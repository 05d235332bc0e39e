/**
 * What a simulated sensor measures and how it moves: a daily curve around a base value, noise,
 * rare excursions (a spike beyond the usual range) and the bounds a real sensor reports within.
 */
export interface Profile {
  key: string;
  name: string;
  unit: string;
  type: 'float' | 'boolean' | 'enum';
  decimals: number;
  base: number;
  /** Half the daily swing; the peak is at `peakHour` local time. */
  amplitude: number;
  peakHour: number;
  noise: number;
  min: number;
  max: number;
  /** Chance per reading of an excursion to `excursion` × base. */
  excursionChance: number;
  excursion: number;
  enums?: { value: number; label: string }[];
  /** 'rw': a writable point (a pump's start/stop, a setpoint) the device takes commands for. */
  io?: 'r' | 'rw';
  /** Reads the current value of this (writable) key as its base: a DO reading follows its setpoint. */
  follows?: string;
  /** Reads 0 while this boolean key is 0: a pump's current while it is stopped. */
  runsWith?: string;
  /** On for `on` minutes of every `period` (a bar screen's rake); booleans only. */
  cycle?: { period: number; on: number };
  /** Relative swing of a slow, several-day drift of the base (weather, load): 0.1 is ±10 %. */
  drift?: number;
  /** Rare excursions lasting a while (an aeration failure, a storm): chance per day and the value reached. */
  episode?: { chancePerDay: number; peak: number };
}

/** A stretch during which a reading moves towards `peak` and back (ramps at both ends). */
export interface Episode {
  key: string;
  from: number;
  to: number;
  peak: number;
}

const float = (p: Omit<Profile, 'type' | 'excursionChance' | 'excursion'> & Partial<Profile>): Profile => ({
  type: 'float',
  excursionChance: 0.002,
  excursion: 2.5,
  ...p,
});

/** A wastewater plant's usual measurements (influent/effluent quality, hydraulics, pumps). */
export const WATER_PROFILES: Profile[] = [
  float({
    key: 'cod',
    name: '化学需氧量',
    unit: 'mg/L',
    decimals: 1,
    base: 38,
    amplitude: 8,
    peakHour: 10,
    noise: 1.5,
    min: 0,
    max: 500,
  }),
  float({
    key: 'nh3n',
    name: '氨氮',
    unit: 'mg/L',
    decimals: 2,
    base: 2.2,
    amplitude: 0.8,
    peakHour: 9,
    noise: 0.15,
    min: 0,
    max: 50,
  }),
  float({
    key: 'ph',
    name: 'pH',
    unit: '',
    decimals: 2,
    base: 7.2,
    amplitude: 0.2,
    peakHour: 14,
    noise: 0.05,
    min: 0,
    max: 14,
    excursion: 1.3,
  }),
  float({
    key: 'ss',
    name: '悬浮物',
    unit: 'mg/L',
    decimals: 1,
    base: 14,
    amplitude: 4,
    peakHour: 11,
    noise: 1,
    min: 0,
    max: 300,
  }),
  float({
    key: 'tn',
    name: '总氮',
    unit: 'mg/L',
    decimals: 2,
    base: 9.5,
    amplitude: 2,
    peakHour: 10,
    noise: 0.3,
    min: 0,
    max: 80,
  }),
  float({
    key: 'tp',
    name: '总磷',
    unit: 'mg/L',
    decimals: 3,
    base: 0.28,
    amplitude: 0.08,
    peakHour: 10,
    noise: 0.02,
    min: 0,
    max: 10,
  }),
  float({
    key: 'flow',
    name: '瞬时流量',
    unit: 'm³/h',
    decimals: 1,
    base: 520,
    amplitude: 180,
    peakHour: 8,
    noise: 15,
    min: 0,
    max: 2000,
  }),
  float({
    key: 'level',
    name: '液位',
    unit: 'm',
    decimals: 2,
    base: 2.6,
    amplitude: 0.6,
    peakHour: 20,
    noise: 0.04,
    min: 0,
    max: 6,
  }),
  float({
    key: 'current',
    name: '泵电流',
    unit: 'A',
    decimals: 1,
    base: 22,
    amplitude: 4,
    peakHour: 8,
    noise: 0.6,
    min: 0,
    max: 60,
  }),
  {
    key: 'pump',
    name: '提升泵运行',
    unit: '',
    type: 'boolean',
    decimals: 0,
    base: 1,
    amplitude: 0,
    peakHour: 0,
    noise: 0,
    min: 0,
    max: 1,
    excursionChance: 0.01,
    excursion: 0,
  },
  {
    key: 'mode',
    name: '控制模式',
    unit: '',
    type: 'enum',
    decimals: 0,
    base: 1,
    amplitude: 0,
    peakHour: 0,
    noise: 0,
    min: 0,
    max: 1,
    excursionChance: 0.005,
    excursion: 0,
    enums: [
      { value: 0, label: '手动' },
      { value: 1, label: '自动' },
    ],
  },
];

/** A small deterministic random source, so a seeded simulation repeats exactly. */
export function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

const HOUR_MS = 3600_000;
/** China Standard Time: the daily curve follows local hours. */
const LOCAL_OFFSET_MS = 8 * HOUR_MS;

const DAY_MS = 24 * HOUR_MS;

/** Local (China) hour of a moment, 0 ≤ h < 24. */
export function localHour(time: number): number {
  return ((((time + LOCAL_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS;
}

/** Local midnight (China) at or before a moment. */
export function localMidnight(time: number): number {
  return time - localHour(time) * HOUR_MS;
}

/** A small stable hash of a text (seeds and drift phases per site and key). */
export function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** How far into an episode a moment is: 0 outside, rising over the first fifth, 1, falling over the last third. */
function episodeShare(episode: Episode, time: number): number {
  if (time < episode.from || time >= episode.to) return 0;
  const length = episode.to - episode.from;
  const into = (time - episode.from) / length;
  if (into < 0.2) return into / 0.2;
  if (into > 2 / 3) return (1 - into) * 3;
  return 1;
}

/**
 * The demo's readings: the daily curve of `reading` around a base that drifts over days (so a
 * month of history is not thirty copies of one day), booleans on their cycle, writable points at
 * their commanded value, points that follow another (DO around its setpoint, a pump's current
 * only while it runs), and the excursion of an episode in progress. Deterministic in time and the
 * random source, so a backfill and the live devices after it draw the same curves.
 */
export function demoReading(
  profile: Profile,
  time: number,
  rng: () => number,
  state: ReadonlyMap<string, number>,
  episode?: Episode,
): number {
  if (profile.io === 'rw') return state.get(profile.key) ?? profile.base;
  if (profile.runsWith && state.get(profile.runsWith) === 0) return 0;
  if (profile.type !== 'float') {
    if (!profile.cycle) return profile.base;
    const minute = Math.floor(localHour(time) * 60);
    return minute % profile.cycle.period < profile.cycle.on ? 1 : 0;
  }
  const followed = profile.follows ? state.get(profile.follows) : undefined;
  const phase = (hash(profile.key) % 1000) / 1000;
  const drift = 1 + (profile.drift ?? 0) * Math.sin(2 * Math.PI * (time / (9.3 * DAY_MS) + phase));
  const base = (followed ?? profile.base) * drift;
  const daily =
    profile.amplitude * drift * Math.cos(((localHour(time) - profile.peakHour) / 24) * 2 * Math.PI);
  const noise = (rng() + rng() + rng() - 1.5) * profile.noise;
  // In an episode the curve moves towards the peak; the noise stays.
  const share = episode ? episodeShare(episode, time) : 0;
  const usual = base + daily;
  const value = usual + (episode ? (episode.peak - usual) * share : 0) + noise;
  return Number(Math.min(profile.max, Math.max(profile.min, value)).toFixed(profile.decimals));
}

/** The reading of a profile at a moment. */
export function reading(profile: Profile, time: number, rng: () => number): number {
  if (profile.type !== 'float') {
    // Binary and mode signals sit at their base and flip now and then.
    return rng() < profile.excursionChance ? 1 - profile.base : profile.base;
  }
  const hour = ((((time + LOCAL_OFFSET_MS) % (24 * HOUR_MS)) + 24 * HOUR_MS) % (24 * HOUR_MS)) / HOUR_MS;
  const daily = profile.amplitude * Math.cos(((hour - profile.peakHour) / 24) * 2 * Math.PI);
  const noise = (rng() + rng() + rng() - 1.5) * profile.noise;
  let value = profile.base + daily + noise;
  if (rng() < profile.excursionChance) value = profile.base * profile.excursion;
  return Number(Math.min(profile.max, Math.max(profile.min, value)).toFixed(profile.decimals));
}
