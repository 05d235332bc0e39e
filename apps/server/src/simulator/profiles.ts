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
