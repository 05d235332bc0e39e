import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isLastPage, nextPosition, opensByItself, previousPosition } from './guideNavigation';
import { GUIDE_STEPS } from './guideSteps';

const outline = GUIDE_STEPS.map((s) => s.pages.length);

describe('guide navigation', () => {
  it('has the 11 steps of the spec, 1–4 pages each, 4 for the process diagram', () => {
    expect(GUIDE_STEPS.map((s) => s.title)).toEqual([
      '创建项目',
      '添加传感设备',
      '添加分组',
      '添加监测点',
      '数据监测',
      '添加工艺设备',
      '添加工艺图',
      '添加摄像头',
      '预警设置',
      '权限设置',
      '更多',
    ]);
    for (const n of outline) expect(n >= 1 && n <= 4).toBe(true);
    expect(outline[6]).toBe(4);
  });

  it('walks pages, then steps, both ways', () => {
    expect(nextPosition(outline, { step: 0, page: 0 })).toEqual({ step: 0, page: 1 });
    expect(nextPosition(outline, { step: 0, page: outline[0]! - 1 })).toEqual({ step: 1, page: 0 });
    expect(previousPosition(outline, { step: 1, page: 0 })).toEqual({ step: 0, page: outline[0]! - 1 });
    expect(previousPosition(outline, { step: 0, page: 0 })).toBeNull();
  });

  it('offers 完成 on the last page of step 11 only', () => {
    const last = { step: 10, page: outline[10]! - 1 };
    expect(isLastPage(outline, last)).toBe(true);
    expect(nextPosition(outline, last)).toBeNull();
    expect(isLastPage(outline, { step: 10, page: 0 })).toBe(outline[10] === 1);
    expect(isLastPage(outline, { step: 9, page: outline[9]! - 1 })).toBe(false);
  });

  it('opens by itself only for an account without bit 1, when the system allows', () => {
    expect(opensByItself(0, true)).toBe(true);
    expect(opensByItself(1, true)).toBe(false);
    expect(opensByItself(3, true)).toBe(false);
    expect(opensByItself(2, true)).toBe(true);
    expect(opensByItself(0, false)).toBe(false);
    expect(opensByItself(undefined, true)).toBe(false);
  });

  it('has a screenshot with as many markers as hints for every page', () => {
    const shots = JSON.parse(
      readFileSync(new URL('../../../public/guide/shots.json', import.meta.url), 'utf8'),
    ) as Record<string, { markers: unknown[] }>;
    for (const step of GUIDE_STEPS)
      for (const page of step.pages) {
        expect(shots[page.shot], page.shot).toBeDefined();
        expect(shots[page.shot]!.markers.length, page.shot).toBe(page.hints.length);
      }
  });
});
