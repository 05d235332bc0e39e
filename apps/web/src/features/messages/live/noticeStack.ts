import type { ReactNode } from 'react';

/** What a notice needs from antd's notification instance. */
export interface NoticeApi {
  open(args: {
    key: string;
    title: ReactNode;
    description?: ReactNode;
    actions?: ReactNode;
    duration: number;
    type?: 'warning' | 'error' | 'success' | 'info';
    onClose?: () => void;
  }): void;
  destroy(key: string): void;
}

export interface Notice {
  key: string;
  title: ReactNode;
  description: ReactNode;
  /** Seconds; 0 stays until closed. */
  duration: number;
  type: 'warning' | 'error' | 'success' | 'info';
}

/** Spec feature-areas §9: about window height / 220 notices on screen, 3 when the height is 915 or less. */
export function noticeLimit(height: number): number {
  return height <= 915 ? 3 : Math.floor(height / 220);
}

/** Antd collapses notices into a stack above this many: "the style changes once 5 or more are open". */
export const STACK_THRESHOLD = 4;

export const OVERFLOW_KEY = 'messages-hidden';

/**
 * The notices on screen, at most `limit()` of them; what arrives beyond is counted in one
 * "reminders hidden" notice (已隐藏 N 条提醒) whose actions come from `overflowActions`.
 */
export class NoticeStack {
  private readonly open = new Set<string>();
  private hidden = 0;
  /** Notices held while a dialog is open (docs/decisions/0033), shown when it closes. */
  private held: Notice[] | null = null;

  constructor(
    private readonly api: NoticeApi,
    private readonly limit: () => number,
    private readonly overflowActions: () => ReactNode,
  ) {}

  /**
   * Shows the notice, or counts it among the hidden ones; answers whether it is (or, held while a
   * dialog is open, will be) on screen.
   */
  show(notice: Notice): boolean {
    if (this.held) {
      this.held = [...this.held.filter((n) => n.key !== notice.key), notice];
      return true;
    }
    if (this.open.size >= this.limit()) {
      this.hidden += 1;
      this.api.open({
        key: OVERFLOW_KEY,
        type: 'info',
        title: `已隐藏 ${this.hidden} 条提醒`,
        description: '更多消息请到消息中心查看',
        actions: this.overflowActions(),
        duration: 0,
        onClose: () => {
          this.hidden = 0;
        },
      });
      return false;
    }
    this.open.add(notice.key);
    this.api.open({ ...notice, onClose: () => this.open.delete(notice.key) });
    return true;
  }

  /** A dialog opened: what arrives now waits (the notices on screen are hidden by the caller). */
  hold(): void {
    this.held ??= [];
  }

  /** The dialogs are closed: the held notices are shown, in order and within the limit. */
  release(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const notice of held) this.show(notice);
  }

  get holding(): boolean {
    return this.held !== null;
  }

  /** 忽略全部: closes every notice and forgets the hidden ones. */
  clear(): void {
    if (this.held) this.held = [];
    for (const key of this.open) this.api.destroy(key);
    this.open.clear();
    this.api.destroy(OVERFLOW_KEY);
    this.hidden = 0;
  }

  get hiddenCount(): number {
    return this.hidden;
  }
}
