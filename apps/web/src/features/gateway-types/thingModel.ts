import type { TemplateIndicatorInput } from '@iot/contracts/gateway-types';
import {
  type IndicatorType,
  MAX_DECIMAL_PLACES,
  type ThingModelProperty,
  thingModel,
} from '@iot/contracts/indicators';

const TYPES: Record<ThingModelProperty['dataType']['type'], IndicatorType> = {
  float: 'float',
  double: 'float',
  int: 'integer',
  bool: 'boolean',
  text: 'text',
  enum: 'enum',
};

/** Decimal places a step implies (0.01 → 2), as 指标配置's 物模型导入 reads it; 2 without a step. */
function decimalsOfStep(step: number | string | undefined): number {
  const value = Number(step);
  if (step === undefined || step === '' || !Number.isFinite(value) || value <= 0) return 2;
  for (let places = 0; places <= MAX_DECIMAL_PLACES; places++) {
    const scaled = value * 10 ** places;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-9) return places;
  }
  return MAX_DECIMAL_PLACES;
}

/**
 * The template rows a thing-model JSON file describes (the format of 指标配置's 物模型导入:
 * properties with name, identifier, accessMode, dataType with type and specs step, unit, enum),
 * or why it cannot be read.
 */
export function templateOfThingModel(text: string): { rows: TemplateIndicatorInput[] } | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { error: '文件不是有效的 JSON' };
  }
  const parsed = thingModel.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { error: `物模型格式不正确：${issue.path.join('.')} ${issue.message}` };
  }
  return {
    rows: parsed.data.properties.map((property) => {
      const type = TYPES[property.dataType.type];
      const { specs } = property.dataType;
      const values = specs.enum;
      const indicatorEnums =
        type !== 'enum' || !values
          ? []
          : Array.isArray(values)
            ? values
            : Object.entries(values).map(([value, label]) => ({ value: Number(value), label }));
      return {
        name: property.name,
        identifier: property.identifier,
        type,
        unit: specs.unit ?? '',
        decimalPlaces: type === 'float' ? decimalsOfStep(specs.step) : 0,
        indicatorEnums,
        ioType: property.accessMode,
        modbus: null,
      };
    }),
  };
}

/** Enum values as typed in the editor: `0=停,1=运行`. */
export function enumsToText(enums: { value: number; label: string }[] | undefined): string {
  return (enums ?? []).map((e) => `${e.value}=${e.label}`).join(',');
}

export function textToEnums(text: string | undefined): { value: number; label: string }[] {
  return (text ?? '')
    .split(/[,，;；\n]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [value, ...label] = part.split(/[=:：]/);
      return { value: Number(value), label: label.join('=').trim() };
    });
}
