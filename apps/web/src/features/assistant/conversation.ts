import type { ChatMessage, StreamEvent } from '@iot/contracts/assistant';

export interface ChatState {
  /** 0: a new conversation, not stored yet (feature-areas §4). */
  chatId: number;
  name: string;
  messages: ChatMessage[];
  busy: boolean;
}

export const EMPTY: ChatState = { chatId: 0, name: '', messages: [], busy: false };

/** Puts a message in place of the one with its id (a streamed answer growing), or appends it. */
export function upsertMessage(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  const index = messages.findIndex((m) => m.id === message.id);
  if (index < 0) return [...messages, message];
  const next = messages.slice();
  next[index] = message;
  return next;
}

/** Applies one stream event to the conversation (pure; the hook adds the side effects). */
export function applyEvent(state: ChatState, event: StreamEvent, pendingId: number): ChatState {
  const { data } = event;
  switch (event.type) {
    case 'name':
      return { ...state, chatId: data.id ?? state.chatId, name: data.content ?? state.name };
    case 'message':
    case 'stream': {
      const message: ChatMessage = {
        id: data.id ?? 0,
        role: data.role ?? 'assistant',
        content: data.content ?? '',
        files: data.files,
        ...(data.reasoning ? { reasoning: data.reasoning } : {}),
      };
      // The stored copy of the question takes the place of the one shown while sending.
      const messages =
        message.role === 'user' && state.messages.some((m) => m.id === pendingId)
          ? state.messages.map((m) => (m.id === pendingId ? message : m))
          : upsertMessage(state.messages, message);
      return { ...state, messages };
    }
    case 'error':
      return state;
  }
}

/** Within this distance of the bottom the list follows new text (feature-areas §4). */
export const STICK_PX = 100;

/** Whether a scrolled list is near enough its bottom to follow what is added. */
export function nearBottom(el: { scrollHeight: number; scrollTop: number; clientHeight: number }): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_PX;
}
