import type { StreamEvent } from '@iot/contracts/assistant';
import { describe, expect, it } from 'vitest';
import { applyEvent, type ChatState, EMPTY, nearBottom } from './conversation';

const ev = (type: StreamEvent['type'], data: Partial<StreamEvent['data']>): StreamEvent => ({
  type,
  data: { id: 0, role: 'assistant', content: '', files: [], ...data },
});

describe('applyEvent', () => {
  const pending = -1;
  const asking: ChatState = {
    ...EMPTY,
    chatId: 7,
    busy: true,
    messages: [{ id: pending, role: 'user', content: '有多少网关离线', files: [] }],
  };

  it('names the new chat', () => {
    const named = applyEvent(asking, ev('name', { id: 7, content: '网关离线情况' }), pending);
    expect(named.chatId).toBe(7);
    expect(named.name).toBe('网关离线情况');
  });

  it('puts the stored question in place of the one shown while sending', () => {
    const next = applyEvent(
      asking,
      ev('message', { id: 21, role: 'user', content: '有多少网关离线' }),
      pending,
    );
    expect(next.messages.map((m) => m.id)).toEqual([21]);
  });

  it('replaces a streamed answer by the next event with its id, and the finished one last', () => {
    let state = applyEvent(asking, ev('message', { id: 21, role: 'user', content: 'q' }), pending);
    state = applyEvent(state, ev('stream', { id: 22, role: 'assistant', content: '共' }), pending);
    state = applyEvent(state, ev('stream', { id: 22, role: 'assistant', content: '共 3 台' }), pending);
    state = applyEvent(
      state,
      ev('message', { id: 22, role: 'assistant', content: '共 3 台网关离线', reasoning: '先数网关' }),
      pending,
    );
    expect(state.messages).toEqual([
      { id: 21, role: 'user', content: 'q', files: [] },
      { id: 22, role: 'assistant', content: '共 3 台网关离线', files: [], reasoning: '先数网关' },
    ]);
  });

  it('leaves the conversation as it was on an error event', () => {
    expect(applyEvent(asking, ev('error', { content: '额度已用完' }), pending)).toBe(asking);
  });
});

describe('nearBottom', () => {
  it('follows new text within 100 px of the bottom, not beyond', () => {
    expect(nearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 600 })).toBe(true);
    expect(nearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 500 })).toBe(true);
    expect(nearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 499 })).toBe(false);
  });
});
