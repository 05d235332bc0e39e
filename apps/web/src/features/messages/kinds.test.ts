import { DEFAULT_MESSAGE_SETTING, NoticeOperate } from '@iot/contracts/users';
import { describe, expect, it } from 'vitest';
import { messageNoticeDuration } from './kinds';

describe('notice durations (spec core §4, feature-areas §3/§9)', () => {
  it('lasts 4.5 s under 自动关闭 (0) and stays (duration 0) under 手动关闭 (1), by the message’s kind', () => {
    const setting = {
      ...DEFAULT_MESSAGE_SETTING,
      warningMessageOperate: NoticeOperate.STAY,
      maintenanceMessageOperate: NoticeOperate.STAY,
    };
    expect(messageNoticeDuration(setting, 'warning')).toBe(0);
    expect(messageNoticeDuration(setting, 'warningRelease')).toBe(0);
    expect(messageNoticeDuration(setting, 'malfunction')).toBe(4.5);
    expect(messageNoticeDuration(setting, 'maintenance')).toBe(0);
    expect(messageNoticeDuration(setting, 'other')).toBe(4.5);
    expect(messageNoticeDuration({ ...setting, otherMessageOperate: NoticeOperate.STAY }, 'other')).toBe(0);
  });
});
