import type { IndicatorEnum, IndicatorType, ThingModelProperty } from '@iot/contracts/indicators';
import { MAX_DECIMAL_PLACES } from '@iot/contracts/indicators';
import type { IndicatorInput } from './indicators.repository.js';

const TYPES: Record<ThingModelProperty['dataType']['type'], IndicatorType> = {
  float: 'float',
  double: 'float',
  int: 'integer',
  bool: 'boolean',
  text: 'text',
  enum: 'enum',
};

/** Decimal places a step implies: 0.01 → 2, 1 → 0, 1e-3 → 3, capped at 6. */
export function decimalsOfStep(step: number | string | undefined, fallback: number): number {
  const value = Number(step);
  if (step === undefined || step === '' || !Number.isFinite(value) || value <= 0) return fallback;
  for (let places = 0; places <= MAX_DECIMAL_PLACES; places++) {
    const scaled = value * 10 ** places;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-9) return places;
  }
  return MAX_DECIMAL_PLACES;
}

function enumsOf(specs: ThingModelProperty['dataType']['specs']): IndicatorEnum[] {
  const values = specs.enum;
  if (!values) return [];
  if (Array.isArray(values)) return values;
  return Object.entries(values).map(([value, label]) => ({ value: Number(value), label }));
}

/** The project indicator a thing-model property describes, or why it cannot describe one. */
export function indicatorOfProperty(property: ThingModelProperty): IndicatorInput | { error: string } {
  const type = TYPES[property.dataType.type];
  const { specs } = property.dataType;
  const indicatorEnums = type === 'enum' ? enumsOf(specs) : [];
  if (type === 'enum') {
    if (indicatorEnums.length === 0)
      return { error: `物模型属性「${property.name}」为枚举类型，但没有枚举值` };
    if (new Set(indicatorEnums.map((e) => e.value)).size !== indicatorEnums.length)
      return { error: `物模型属性「${property.name}」的枚举值重复` };
  }
  return {
    name: property.name,
    type,
    unit: specs.unit ?? '',
    // Only fractional values have decimals; a float without a step keeps the usual 2.
    decimalPlaces: type === 'float' ? decimalsOfStep(specs.step, 2) : 0,
    indicatorEnums,
  };
}
