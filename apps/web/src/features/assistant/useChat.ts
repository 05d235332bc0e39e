import { CHAT_MAX_CONTEXT_MESSAGES, type ChatMessage } from '@iot/contracts/assistant';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type CompletionInput, chatFailureText, chatKeys, chatsApi, streamCompletion } from './api';
import { applyEvent, type ChatState, EMPTY } from './conversation';

/**
 * One conversation with the assistant: send (creating the chat on its first question), the stream
 * folded into the messages, stop, reset, load a stored chat. Failures are shown as feature-areas §8
 * says; an abort (stop, reset, leaving) shows nothing.
 */
export function useChat(projectId: number) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [state, setState] = useState<ChatState>(EMPTY);
  const controller = useRef<AbortController | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;

  /**
   * Ends the answer in flight: asks the server to stop writing it (it keeps the part written) and
   * drops the stream. A stream merely dropped would be written to its end (decision 0060).
   */
  const abort = useCallback(() => {
    if (!controller.current) return;
    const { chatId } = stateRef.current;
    if (chatId > 0) chatsApi.stop(projectId, chatId).catch(() => undefined);
    controller.current.abort();
    controller.current = null;
  }, [projectId]);

  // Leaving the project drops the stream only: the server writes the answer to its end and keeps it.
  useEffect(() => () => controller.current?.abort(), []);

  const showError = useCallback(
    (text: string) => message.error({ content: text, key: 'assistant-error' }),
    [message],
  );

  /** Answers whether the question went out; false leaves the text with the caller to keep. */
  const send = useCallback(
    async (input: Omit<CompletionInput, 'messageIds'>): Promise<boolean> => {
      if (stateRef.current.busy) return false;
      const mine = new AbortController();
      controller.current = mine;
      const pendingId = -Date.now();
      const before = stateRef.current;
      const question: ChatMessage = {
        id: pendingId,
        role: 'user',
        content: input.content,
        files: input.files.map((f) => ({ name: f.name, size: f.size, url: '', type: f.type })),
      };
      setState((s) => ({ ...s, busy: true, messages: [...s.messages, question] }));
      const current = () => controller.current === mine;
      // A new conversation goes as id 0: the server creates it and names it (the name event).
      const chatId = before.chatId;
      try {
        const messageIds = before.messages
          .filter((m) => m.id > 0 && m.role !== 'system')
          .map((m) => m.id)
          .slice(-CHAT_MAX_CONTEXT_MESSAGES);
        await streamCompletion(
          projectId,
          chatId,
          { ...input, messageIds },
          (event) => {
            if (!current()) return;
            if (event.type === 'error') showError(event.data.content || chatFailureText(null));
            setState((s) => applyEvent(s, event, pendingId));
          },
          mine.signal,
        );
        return true;
      } catch (error) {
        if (mine.signal.aborted || !current()) return true;
        showError(chatFailureText(error));
        // Nothing reached the server: take the question back so it can be sent again.
        const reached = stateRef.current.messages.some((m) => m.id > 0 && !before.messages.includes(m));
        if (!reached) {
          setState((s) => ({ ...s, messages: s.messages.filter((m) => m.id !== pendingId) }));
          return false;
        }
        return true;
      } finally {
        if (current()) {
          controller.current = null;
          setState((s) => ({ ...s, busy: false }));
        }
        void queryClient.invalidateQueries({ queryKey: chatKeys.list(projectId) });
      }
    },
    [projectId, queryClient, showError],
  );

  /** Stops the answer being streamed; what arrived stays (the server keeps the part written). */
  const stop = useCallback(() => {
    abort();
    setState((s) => ({ ...s, busy: false }));
  }, [abort]);

  /** A new conversation: clears the messages and aborts the stream in flight (feature-areas §4). */
  const reset = useCallback(() => {
    abort();
    setState(EMPTY);
  }, [abort]);

  const load = useCallback(
    async (id: number) => {
      abort();
      try {
        const detail = await chatsApi.get(projectId, id);
        setState({ chatId: detail.id, name: detail.name, messages: detail.messages, busy: false });
      } catch (error) {
        showError(chatFailureText(error));
      }
    },
    [abort, projectId, showError],
  );

  return { ...state, send, stop, reset, load };
}
