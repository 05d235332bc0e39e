import { describe, expect, it } from 'vitest';
import { WarningLevelLabels } from '../warnings/index.js';
import { DEFAULT_TEMPLATES } from './index.js';

/** The deepest nesting of （）【】() in a text. */
function bracketDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (const c of text) {
    if ('（【(['.includes(c)) deepest = Math.max(deepest, ++depth);
    if ('）】)]'.includes(c)) depth -= 1;
  }
  return deepest;
}

describe('default message templates', () => {
  it('put no bracket inside another once filled in (level labels carry their own)', () => {
    const variables: Record<string, string> = {
      level: WarningLevelLabels[2]!,
      kind: '高于上限',
      threshold: '> 50 mg/L',
      value: '62.5 mg/L',
      gatewayAlias: '在线监测站网关',
      indicatorName: '化学需氧量',
    };
    const fill = (text: string) =>
      text.replace(/\{(\w+)\}/g, (whole, name: string) => variables[name] ?? whole);
    expect(bracketDepth('（高于上限，二级（重要））')).toBe(2);
    for (const template of Object.values(DEFAULT_TEMPLATES)) {
      expect(bracketDepth(fill(template.title))).toBeLessThanOrEqual(1);
      expect(bracketDepth(fill(template.content))).toBeLessThanOrEqual(1);
    }
  });
});
