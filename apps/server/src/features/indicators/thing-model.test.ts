import { thingModelProperty } from '@iot/contracts/indicators';
import { describe, expect, it } from 'vitest';
import { decimalsOfStep, indicatorOfProperty } from './thing-model.js';

const property = (dataType: unknown, extra: object = {}) =>
  thingModelProperty.parse({ name: '温度', identifier: 'temp', dataType, ...extra });

describe('thing-model properties as indicators', () => {
  it('derives decimal places from the step', () => {
    expect(decimalsOfStep('0.01', 2)).toBe(2);
    expect(decimalsOfStep(0.5, 2)).toBe(1);
    expect(decimalsOfStep(1, 2)).toBe(0);
    expect(decimalsOfStep(1e-3, 2)).toBe(3);
    expect(decimalsOfStep(1e-9, 2)).toBe(6);
    expect(decimalsOfStep(undefined, 2)).toBe(2);
    expect(decimalsOfStep('abc', 2)).toBe(2);
    expect(decimalsOfStep(0, 2)).toBe(2);
  });

  it('maps the thing-model types', () => {
    expect(indicatorOfProperty(property({ type: 'double', specs: { step: '0.001', unit: '℃' } }))).toEqual({
      name: '温度',
      type: 'float',
      unit: '℃',
      decimalPlaces: 3,
      indicatorEnums: [],
    });
    expect(indicatorOfProperty(property({ type: 'float' }))).toMatchObject({
      type: 'float',
      decimalPlaces: 2,
    });
    expect(indicatorOfProperty(property({ type: 'int', specs: { step: 1 } }))).toMatchObject({
      type: 'integer',
      decimalPlaces: 0,
    });
    expect(indicatorOfProperty(property({ type: 'bool' }))).toMatchObject({ type: 'boolean' });
    expect(indicatorOfProperty(property({ type: 'text' }))).toMatchObject({ type: 'text' });
  });

  it('reads enum values written as a map or as a list, and refuses none or duplicates', () => {
    expect(
      indicatorOfProperty(property({ type: 'enum', specs: { enum: { 0: '关', 1: '开' } } })),
    ).toMatchObject({
      type: 'enum',
      indicatorEnums: [
        { value: 0, label: '关' },
        { value: 1, label: '开' },
      ],
    });
    expect(
      indicatorOfProperty(property({ type: 'enum', specs: { enum: [{ value: 2, label: '故障' }] } })),
    ).toMatchObject({ indicatorEnums: [{ value: 2, label: '故障' }] });
    expect(indicatorOfProperty(property({ type: 'enum' }))).toEqual({
      error: '物模型属性「温度」为枚举类型，但没有枚举值',
    });
    const duplicate = property({
      type: 'enum',
      specs: {
        enum: [
          { value: 1, label: '开' },
          { value: 1, label: '启动' },
        ],
      },
    });
    expect(indicatorOfProperty(duplicate)).toEqual({ error: '物模型属性「温度」的枚举值重复' });
  });

  it('refuses identifiers that cannot be payload keys', () => {
    expect(
      thingModelProperty.safeParse({ name: 'x', identifier: 'has space', dataType: { type: 'int' } }).success,
    ).toBe(false);
    expect(property({ type: 'int' }).accessMode).toBe('r');
  });
});
