import { describe, expect, it } from 'vitest';
import { accountNotice } from './messageSocket';

describe('accountNotice (feature-areas §8)', () => {
  it('tells the socket’s account texts, and nothing else', () => {
    expect(accountNotice('account is deactivate')).toBe('当前账号已停用，无法进行操作！');
    expect(accountNotice('account is expired')).toBe('当前账号已过期，无法进行操作！');
    for (const other of ['{"title":"x"}', 'constructor', 'toString', '', undefined]) {
      expect(accountNotice(other)).toBeUndefined();
    }
  });
});
