import { indicatorBody, quotaRefusalData } from '@iot/contracts/indicators';
import { describe, expect, it } from 'vitest';
import { quotaOfRefusal, schemaRule } from './formRules';

describe('quotaOfRefusal', () => {
  it('reads max, used and needed from a 411 refusal', () => {
    expect(quotaOfRefusal(quotaRefusalData(75, 75, 2))).toEqual({ max: 75, used: 75, needed: 2 });
  });
  it('names the project short of room when it is another one (a project a gateway is shared into)', () => {
    expect(quotaOfRefusal(quotaRefusalData(4, 4, 1, 17))).toEqual({
      max: 4,
      used: 4,
      needed: 1,
      projectId: 17,
    });
  });
  it('is null for anything else', () => {
    expect(quotaOfRefusal('412:1:2:3')).toBeNull();
    expect(quotaOfRefusal(null)).toBeNull();
  });
});

describe('schemaRule', () => {
  const validate = (rule: ReturnType<typeof schemaRule>, value: unknown) =>
    (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator({}, value);

  it('passes empty values to the required rule and good ones through', async () => {
    const rule = schemaRule(indicatorBody.shape.name);
    await expect(validate(rule, '')).resolves.toBeUndefined();
    // Only spaces: the required rule's message alone, not a second one from the schema.
    await expect(validate(rule, '   ')).resolves.toBeUndefined();
    await expect(validate(rule, '化学需氧量')).resolves.toBeUndefined();
  });
  it('answers the contracts’ message', async () => {
    await expect(validate(schemaRule(indicatorBody.shape.name), 'x'.repeat(65))).rejects.toThrow(
      '最多输入64个字符',
    );
  });
});
