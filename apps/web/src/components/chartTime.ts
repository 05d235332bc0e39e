import dayjs from 'dayjs';

/** The time of a chart tooltip: the date format used everywhere else. */
export const formatTooltipTime = (ts: number) => dayjs(ts).format('YYYY-MM-DD HH:mm:ss');

/**
 * A time-axis tick: a day as MM-DD (YYYY-MM-DD on the first of January, so a year shows), a time
 * of day as HH:mm (HH:mm:ss when it has seconds). Never a bare day number.
 */
export function timeTickLabel(value: number): string {
  const d = dayjs(value);
  if (d.valueOf() === d.startOf('day').valueOf())
    return d.month() === 0 && d.date() === 1 ? d.format('YYYY-MM-DD') : d.format('MM-DD');
  if (d.second() !== 0 || d.millisecond() !== 0) return d.format('HH:mm:ss');
  return d.format('HH:mm');
}

/**
 * The axisLabel of a time axis, with the labels it formats collected in `drawn` (published on the
 * chart element as data-x-labels, so a browser test reads what a canvas drew).
 */
export function timeAxisLabel(color: string, drawn: Set<string>) {
  return {
    color,
    hideOverlap: true,
    formatter: (value: number) => {
      const label = timeTickLabel(value);
      drawn.add(label);
      return label;
    },
  };
}
