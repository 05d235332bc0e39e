import { describe, expect, it } from 'vitest';
import { type Notice, type NoticeApi, NoticeStack, noticeLimit, OVERFLOW_KEY } from './noticeStack';

/** antd's notification instance, reduced to what is on screen. */
function screen() {
  const open = new Map<string, { title: unknown; onClose?: (() => void) | undefined }>();
  const api: NoticeApi = {
    open: (args) => void open.set(args.key, { title: args.title, onClose: args.onClose }),
    destroy: (key) => void open.delete(key),
  };
  /** A notice closing by itself (its duration ran out) or by its ×. */
  const close = (key: string) => {
    open.get(key)?.onClose?.();
    open.delete(key);
  };
  return { api, open, close };
}
const notice = (key: string): Notice => ({ key, title: key, description: '', duration: 4.5, type: 'info' });

describe('notices on screen', () => {
  it('fit about height / 220, and 3 up to a height of 915', () => {
    expect(noticeLimit(600)).toBe(3);
    expect(noticeLimit(915)).toBe(3);
    expect(noticeLimit(1080)).toBe(4);
    expect(noticeLimit(1440)).toBe(6);
  });

  it('show up to the limit, then count the rest in one 已隐藏 N 条提醒 notice', () => {
    const { api, open } = screen();
    const stack = new NoticeStack(
      api,
      () => 3,
      () => null,
    );
    const shown = ['a', 'b', 'c', 'd', 'e'].map((key) => stack.show(notice(key)));
    expect(shown).toEqual([true, true, true, false, false]);
    expect([...open.keys()]).toEqual(['a', 'b', 'c', OVERFLOW_KEY]);
    expect(open.get(OVERFLOW_KEY)?.title).toBe('已隐藏 2 条提醒');
  });

  it('make room when a notice closes, and forget everything on 忽略全部', () => {
    const { api, open, close } = screen();
    const stack = new NoticeStack(
      api,
      () => 2,
      () => null,
    );
    stack.show(notice('a'));
    stack.show(notice('b'));
    close('a');
    stack.show(notice('c'));
    expect([...open.keys()]).toEqual(['b', 'c']);
    stack.show(notice('d'));
    expect(stack.hiddenCount).toBe(1);
    stack.clear();
    expect(open.size).toBe(0);
    expect(stack.hiddenCount).toBe(0);
    stack.show(notice('e'));
    expect([...open.keys()]).toEqual(['e']);
  });

  it('hold what arrives while a dialog is open, and show it, within the limit, once it closes', () => {
    const { api, open } = screen();
    const stack = new NoticeStack(
      api,
      () => 2,
      () => null,
    );
    stack.show(notice('a'));
    stack.hold();
    expect(stack.show(notice('b'))).toBe(true);
    stack.show(notice('c'));
    expect([...open.keys()]).toEqual(['a']);
    stack.release();
    expect([...open.keys()]).toEqual(['a', 'b', OVERFLOW_KEY]);
    expect(stack.hiddenCount).toBe(1);
    stack.hold();
    stack.show(notice('d'));
    stack.clear();
    stack.release();
    expect(open.size).toBe(0);
  });
});
