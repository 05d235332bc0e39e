import { describe, expect, it } from 'vitest';
import type { ProjectResources } from './resource-warnings.repository.js';
import { resourceWarningsOf } from './resource-warnings.service.js';

const DAY = 24 * 3_600_000;
const NOW = Date.UTC(2026, 0, 10, 4);
const healthy: ProjectResources = {
  projectId: 1,
  projectName: '一号项目',
  setMealEndAt: NOW + 30 * DAY,
  indicatorMax: 100,
  indicatorsUsed: 10,
  smsLeft: 500,
  voiceLeft: 500,
  smsUsed: true,
  voiceUsed: true,
};
const kinds = (p: Partial<ProjectResources>) =>
  resourceWarningsOf({ ...healthy, ...p }, NOW).map((w) => `${w.kind}:${w.title}`);

describe('resource warnings', () => {
  it('warn of a set meal within 7 days of its end, and of one that has ended', () => {
    expect(kinds({})).toEqual([]);
    expect(kinds({ setMealEndAt: NOW + 7 * DAY + 1 })).toEqual([]);
    expect(kinds({ setMealEndAt: NOW + 7 * DAY })).toEqual(['setMeal:套餐即将到期']);
    expect(resourceWarningsOf({ ...healthy, setMealEndAt: NOW + 2.4 * DAY }, NOW)[0]!.content).toBe(
      '「一号项目」的套餐将于 2026-01-12 到期（还剩 3 天），请及时续费。',
    );
    expect(kinds({ setMealEndAt: NOW - 1 })).toEqual(['setMeal:套餐已到期']);
    expect(kinds({ setMealEndAt: null })).toEqual([]);
  });

  it('warn when fewer than 10 % of the indicator quota is left or it is exceeded; -1 never warns', () => {
    expect(kinds({ indicatorsUsed: 90 })).toEqual([]);
    expect(kinds({ indicatorsUsed: 91 })).toEqual(['indicatorQuota:监测项余量不足']);
    expect(kinds({ indicatorsUsed: 100 })).toEqual(['indicatorQuota:监测项余量不足']);
    expect(kinds({ indicatorsUsed: 101 })).toEqual(['indicatorQuota:监测项超出上限']);
    expect(kinds({ indicatorMax: -1, indicatorsUsed: 100_000 })).toEqual([]);
  });

  it('warn when 10 or fewer SMS or voice calls are left; -1 never warns', () => {
    expect(kinds({ smsLeft: 11, voiceLeft: 11 })).toEqual([]);
    expect(kinds({ smsLeft: 10, voiceLeft: 0 })).toEqual(['smsQuota:短信余量不足', 'voiceQuota:语音已用完']);
    expect(kinds({ smsLeft: -1, voiceLeft: -1 })).toEqual([]);
  });

  it('say nothing of SMS or voice calls that no recipient setting sends', () => {
    expect(kinds({ smsLeft: 0, voiceLeft: 3, smsUsed: false, voiceUsed: false })).toEqual([]);
    expect(kinds({ smsLeft: 0, voiceLeft: 0, smsUsed: false })).toEqual(['voiceQuota:语音已用完']);
  });
});
