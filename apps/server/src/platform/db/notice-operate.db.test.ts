import { describe, expect, it } from 'vitest';
import { databaseAt } from '../../test/migrations.js';

/** Message settings as they were stored before migration 0023: seconds, 0 meaning "stays". */
const before = (operate: Record<string, number>) =>
  JSON.stringify({
    isShowMessage: true,
    isMuteMessageSound: true,
    warningMessageOperate: 4.5,
    malfunctionMessageOperate: 4.5,
    maintenanceMessageOperate: 4.5,
    otherMessageOperate: 4.5,
    isWarningVoice: true,
    isMalfunctionVoice: false,
    isMaintenanceVoice: false,
    isOtherVoice: false,
    ...operate,
  });

/**
 * Migration 0023 (decision 0044): each kind's notice setting becomes the spec's operation mode —
 * a notice that stayed (0 seconds) now stays (1); any number of seconds now closes by itself (0).
 */
describe('notice settings become operation modes (migration 0023)', () => {
  it('turns 0 into 1 and seconds into 0, keeps the other keys, and leaves unreadable settings be', async () => {
    const { handle, migrate, drop } = await databaseAt('0022-manual-entries');
    try {
      const { db } = handle;
      const user = (username: string, messageSetting: string) => ({
        username,
        mobile: null,
        password_hash: null,
        realname: username,
        avatar: '',
        company: '',
        province: '',
        city: '',
        district: '',
        current_user_application: '',
        theme: 'tech',
        status: 'enabled',
        expire_at: null,
        failed_login_count: 0,
        locked: 0,
        is_read_guide: 0,
        message_setting: messageSetting,
        created_at: 0,
        updated_at: 0,
      });
      await db
        .insertInto('users')
        .values([
          user('defaults', before({})),
          user('stays', before({ warningMessageOperate: 0, otherMessageOperate: 0 })),
          user('seconds', before({ malfunctionMessageOperate: 30 })),
          user('broken', 'not json'),
        ])
        .execute();
      // Later migrations run too; this one first.
      expect((await migrate())[0]).toBe('0023-notice-operate');

      const rows = await db.selectFrom('users').select(['username', 'message_setting']).execute();
      const setting = (username: string) => rows.find((r) => r.username === username)!.message_setting;
      const modes = (username: string) => {
        const s = JSON.parse(setting(username)) as Record<string, unknown>;
        return [
          s.warningMessageOperate,
          s.malfunctionMessageOperate,
          s.maintenanceMessageOperate,
          s.otherMessageOperate,
        ];
      };
      expect(modes('defaults')).toEqual([0, 0, 0, 0]);
      expect(modes('stays')).toEqual([1, 0, 0, 1]);
      expect(modes('seconds')).toEqual([0, 0, 0, 0]);
      expect(JSON.parse(setting('stays'))).toMatchObject({ isMuteMessageSound: true, isWarningVoice: true });
      expect(setting('broken')).toBe('not json');
    } finally {
      await drop();
    }
  });
});
