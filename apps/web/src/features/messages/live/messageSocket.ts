import { type MessagePush, messagePush } from '@iot/contracts/messages';
import { Client, type StompSubscription } from '@stomp/stompjs';
import { refreshSession } from '../../../api/http';
import { getSession, isFresh } from '../../../platform/session';

/** Spec core §4/§9: the message socket reconnects 5 s after an abnormal close (1006). */
export const RECONNECT_MS = 5_000;
/** What the server offers (decision 0017); each side sends a beat within this. */
const HEART_BEAT_MS = 10_000;
const ABNORMAL_CLOSE = 1006;

/**
 * The socket's body for an account that may no longer work, and what the web says (feature-areas
 * §8); the server sends it as a message on the user's topic and as the ERROR that follows.
 */
export const ACCOUNT_NOTICES: Record<string, string> = {
  'account is deactivate': '当前账号已停用，无法进行操作！',
  'account is expired': '当前账号已过期，无法进行操作！',
};

/** The notice for a socket text, if it is one of ACCOUNT_NOTICES' (only their own keys count). */
export function accountNotice(text: string | undefined): string | undefined {
  return text !== undefined && Object.hasOwn(ACCOUNT_NOTICES, text) ? ACCOUNT_NOTICES[text] : undefined;
}

export const messageCenterTopic = (userId: number) => `/user/${userId}/topic/messageCenter`;

export interface MessageSocketHandlers {
  onMessage(message: MessagePush): void;
  /** The account was deactivated or expired: the Chinese notice to show before signing out. */
  onAccountClosed(notice: string): void;
}

/** A screen's interest in a topic of the shared socket: each frame's JSON, and each (re)subscription. */
interface TopicListener {
  onMessage(body: unknown): void;
  /** Subscribed, at first or after a reconnect: what was sent meanwhile was missed, read it afresh. */
  onSubscribed?(): void;
}

const listeners = new Map<string, Set<TopicListener>>();
const subscriptions = new Map<string, StompSubscription>();
/** The session's connected client, if any. */
let connected: Client | null = null;

function subscribeOn(client: Client, destination: string): void {
  if (subscriptions.has(destination)) return;
  subscriptions.set(
    destination,
    client.subscribe(destination, (frame) => {
      let body: unknown;
      try {
        body = JSON.parse(frame.body);
      } catch {
        return;
      }
      for (const listener of listeners.get(destination) ?? []) listener.onMessage(body);
    }),
  );
  for (const listener of listeners.get(destination) ?? []) listener.onSubscribed?.();
}

/**
 * Listens to a topic on the session's one socket (e.g. `/topic/projects/{id}/warnings`): subscribed
 * while anyone listens, again after each reconnect. Answers the function that stops listening.
 */
export function listenToTopic(destination: string, listener: TopicListener): () => void {
  const set = listeners.get(destination) ?? new Set();
  set.add(listener);
  listeners.set(destination, set);
  if (connected?.connected) {
    if (subscriptions.has(destination)) listener.onSubscribed?.();
    else subscribeOn(connected, destination);
  }
  return () => {
    set.delete(listener);
    if (set.size > 0) return;
    listeners.delete(destination);
    const subscription = subscriptions.get(destination);
    subscriptions.delete(destination);
    if (connected?.connected) subscription?.unsubscribe();
  };
}

function socketUrl(token: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/socket?token=${encodeURIComponent(token)}`;
}

/**
 * The signed-in user's STOMP connection (one per session): subscribes to their message-center
 * topic and hands each message on. It comes back 5 s after an abnormal close, and after the server
 * dropped it for a stale token, with a fresh one; any other close (an ERROR, a sign-out) ends it.
 * Answers the function that stops it.
 */
export function connectMessageSocket(userId: number, handlers: MessageSocketHandlers): () => void {
  // Set by an ERROR about the token: the next connection may work with a refreshed one.
  let tokenRefused = false;
  // The account's notice is told once, whether it came as a message, an ERROR or both.
  let accountClosed = false;
  const closeAccount = (notice: string) => {
    if (accountClosed) return;
    accountClosed = true;
    void client.deactivate();
    handlers.onAccountClosed(notice);
  };
  // Subscriptions die with the connection; the next one makes them again.
  const forget = () => {
    if (connected !== client) return;
    connected = null;
    subscriptions.clear();
  };
  const client = new Client({
    webSocketFactory: () => new WebSocket(socketUrl(getSession()?.token ?? '')),
    beforeConnect: async () => {
      // Signed out or another user meanwhile, or no fresh token to be had: this socket ends.
      const session = getSession();
      const usable = session?.userId === userId && (isFresh(session) || (await refreshSession()));
      if (!usable) await client.deactivate();
    },
    reconnectDelay: RECONNECT_MS,
    heartbeatIncoming: HEART_BEAT_MS,
    heartbeatOutgoing: HEART_BEAT_MS,
    debug: () => {},
    onConnect: () => {
      tokenRefused = false;
      connected = client;
      subscriptions.clear();
      for (const destination of listeners.keys()) subscribeOn(client, destination);
      client.subscribe(messageCenterTopic(userId), (frame) => {
        const notice = accountNotice(frame.body);
        if (notice) return closeAccount(notice);
        let body: unknown;
        try {
          body = JSON.parse(frame.body);
        } catch {
          return; // Not ours to show: only well-formed messages become notices.
        }
        const parsed = messagePush.safeParse(body);
        if (parsed.success) handlers.onMessage(parsed.data);
      });
    },
    onStompError: (frame) => {
      const notice = accountNotice(frame.body) ?? accountNotice(frame.headers.message);
      if (notice) closeAccount(notice);
      else tokenRefused = !tokenRefused && /token/.test(frame.headers.message ?? '');
    },
    onWebSocketClose: (event: CloseEvent) => {
      forget();
      // Called before stompjs schedules its reconnect, so deactivating here prevents it.
      if (event.code !== ABNORMAL_CLOSE && !tokenRefused) void client.deactivate();
    },
  });
  client.activate();
  return () => {
    forget();
    void client.deactivate();
  };
}
