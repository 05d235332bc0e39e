import type { RankingStatistic } from '@iot/contracts/history';
import type { IndicatorMeta } from '../monitoring/index';

/** Statistics that count points rather than measure the indicator: no decimals, no unit. */
const COUNTS: RankingStatistic[] = ['count'];

/** Up to 4 decimals, trailing zeros dropped: for an indicator that fixes no decimals. */
function fallback(value: number): string {
  return String(Math.round(value * 10_000) / 10_000);
}

/** The unit of a ranked value: the indicator's, unless the statistic is a count or the value a label. */
export function rankingUnit(meta: IndicatorMeta | undefined, statistic: RankingStatistic): string {
  if (COUNTS.includes(statistic) || !meta) return '';
  if (meta.type === 'enum' || meta.type === 'boolean' || meta.type === 'text') return '';
  return meta.unit;
}

/** A ranked value rounded to its indicator's decimals (up to 4 when it fixes none); null stays null. */
export function rankingNumber(
  meta: IndicatorMeta | undefined,
  value: number | null,
  statistic: RankingStatistic,
): number | null {
  if (value === null) return null;
  if (COUNTS.includes(statistic)) return value;
  const places = meta?.decimalPlaces;
  return places === null || places === undefined ? Number(fallback(value)) : Number(value.toFixed(places));
}

/** A ranked value as shown: its indicator's decimals and unit (`46.02 mg/L`); null when no data. */
export function rankingText(
  meta: IndicatorMeta | undefined,
  value: number | null,
  statistic: RankingStatistic,
): string | null {
  if (value === null) return null;
  const places = meta?.decimalPlaces;
  const text = COUNTS.includes(statistic)
    ? String(value)
    : places === null || places === undefined
      ? fallback(value)
      : value.toFixed(places);
  const unit = rankingUnit(meta, statistic);
  return unit ? `${text} ${unit}` : text;
}
