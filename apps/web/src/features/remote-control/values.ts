import type { GatewayIndicator } from '@iot/contracts/indicators';

export type ControlValue = string | number | boolean;

export const decimalsOf = (gi: GatewayIndicator) =>
  gi.indicator.type === 'integer' ? 0 : (gi.decimalPlaces ?? gi.indicator.decimalPlaces);

const isOn = (value: unknown) =>
  value === true || value === 1 || value === '1' || value === 'true' || value === 'on';

/** A stored or sent value as people read it: 开/关, the enum's label, the number at its decimals. */
export function display(gi: GatewayIndicator | undefined, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (!gi) return String(value);
  switch (gi.indicator.type) {
    case 'boolean':
      return isOn(value) ? '开' : '关';
    case 'enum': {
      const label = gi.indicator.indicatorEnums.find((e) => String(e.value) === String(value))?.label;
      return label ? `${label}（${value}）` : String(value);
    }
    case 'float':
    case 'integer': {
      const n = Number(value);
      return Number.isFinite(n)
        ? `${n.toFixed(decimalsOf(gi))}${gi.indicator.unit ? ` ${gi.indicator.unit}` : ''}`
        : String(value);
    }
    default:
      return String(value);
  }
}

/** The control's starting value: the indicator's current value in the control's own type. */
export function initialValue(gi: GatewayIndicator, current: unknown): ControlValue | undefined {
  if (current === undefined || current === null || current === '') {
    return gi.indicator.type === 'boolean' ? false : undefined;
  }
  switch (gi.indicator.type) {
    case 'boolean':
      return isOn(current);
    case 'enum':
    case 'float':
    case 'integer': {
      const n = Number(current);
      return Number.isFinite(n) ? n : undefined;
    }
    default:
      return String(current);
  }
}
