import { LIVE_PING_INTERVAL_MS, LIVE_PONG_WAIT_MS, type LiveMessage } from '@iot/contracts/live-data';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { getSession } from '../../../platform/session';
import { type LivePoint, LiveStore } from './liveStore';

/** Spec core §4/§9: the data socket reconnects 1 s after an abnormal close. */
export const LIVE_RECONNECT_MS = 1000;

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'closed';

export interface LiveGateways {
  store: LiveStore;
  status: LiveStatus;
  /** Gateways the server refused (not readable by this user, or not of a demo project when anonymous). */
  refused: string[];
}

interface SocketState {
  ws: WebSocket | null;
  /** Gateways subscribed on the open socket. */
  subscribed: Set<string>;
  /** Gateways the screen wants: subscribed again after a reconnect. */
  wanted: Set<string>;
  send(command: object): void;
}

export type LiveNotify = Extract<LiveMessage, { type: 'notify' }>['data'];

export interface LiveOptions {
  /** Connect without a token (public pages, spec core §7 isAnonymous): demo projects only. */
  anonymous?: boolean;
  /** Every pushed message of a watched gateway as it arrives, for views that keep a series, not only the last value. */
  onNotify?: (data: LiveNotify) => void;
}

/**
 * The data socket /data-server/ws for a set of gateways (spec core §4, §7): subscribes with
 * getLastData, then receives every new value; a changed set subscribes the new gateways and
 * unsubscribes the dropped ones on the same socket; leaving unsubscribes everything and closes.
 * Pings every 15 s and closes a socket whose pong is 10 s late; reconnects 1 s after an abnormal
 * close. Values land in a LiveStore, batched per animation frame.
 */
export function useLiveGateways(gatewayIds: (number | string)[], options: LiveOptions = {}): LiveGateways {
  const [store] = useState(() => new LiveStore());
  const [status, setStatus] = useState<LiveStatus>('idle');
  const [refused, setRefused] = useState<string[]>([]);
  const ids = [...new Set(gatewayIds.map(String))].sort().join(',');
  const socketRef = useRef<SocketState | null>(null);
  const idsRef = useRef(ids);
  idsRef.current = ids;
  const anonymous = options.anonymous === true;
  const onNotify = useRef(options.onNotify);
  onNotify.current = options.onNotify;

  // One socket for the life of the screen (or until anonymity changes).
  useEffect(() => {
    let disposed = false;
    let ws: WebSocket | null = null;
    let pingTimer: ReturnType<typeof setInterval> | undefined;
    let pongTimer: ReturnType<typeof setTimeout> | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let sequence = 0;
    const state: SocketState = {
      ws: null,
      subscribed: new Set<string>(),
      wanted: new Set(idsRef.current === '' ? [] : idsRef.current.split(',')),
      send(command: object) {
        if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ id: ++sequence, ...command }));
      },
    };
    socketRef.current = state;

    const connect = () => {
      if (disposed) return;
      const token = getSession()?.token;
      const query = anonymous || !token ? 'isAnonymous=true' : `token=${encodeURIComponent(token)}`;
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      setStatus('connecting');
      const socket = new WebSocket(`${scheme}://${window.location.host}/data-server/ws?${query}`);
      ws = socket;
      state.ws = socket;
      socket.onopen = () => {
        setStatus('open');
        state.subscribed.clear();
        const wanted = [...state.wanted];
        if (wanted.length > 0) {
          state.send({ type: 'subscribe', gateways: wanted, getLastData: true });
          for (const id of wanted) state.subscribed.add(id);
        }
        pingTimer = setInterval(() => {
          state.send({ type: 'ping' });
          clearTimeout(pongTimer);
          pongTimer = setTimeout(() => socket.close(4000, 'pong timeout'), LIVE_PONG_WAIT_MS);
        }, LIVE_PING_INTERVAL_MS);
      };
      socket.onmessage = (event) => {
        let message: LiveMessage;
        try {
          message = JSON.parse(String(event.data)) as LiveMessage;
        } catch {
          return;
        }
        if (message.type === 'pong') clearTimeout(pongTimer);
        else if (message.type === 'notify') {
          if (state.subscribed.has(message.data.gateway)) {
            store.push(message.data);
            onNotify.current?.(message.data);
          }
        } else if (message.type === 'subscribed') setRefused(message.refused);
      };
      socket.onclose = (event) => {
        clearInterval(pingTimer);
        clearTimeout(pongTimer);
        if (disposed) return;
        setStatus('closed');
        // Abnormal (1006, not clean), our own close for a late pong, or the server's idle close: again.
        if (!event.wasClean || event.code === 1006 || event.code === 4000 || event.code === 4008) {
          retryTimer = setTimeout(connect, LIVE_RECONNECT_MS);
        }
      };
    };
    connect();
    return () => {
      disposed = true;
      clearInterval(pingTimer);
      clearTimeout(pongTimer);
      clearTimeout(retryTimer);
      if (state.subscribed.size > 0) state.send({ type: 'unsubscribe', gateways: [...state.subscribed] });
      state.subscribed.clear();
      ws?.close(1000, 'leaving');
      socketRef.current = null;
    };
  }, [anonymous, store]);

  // The gateways watched: subscribe the added ones (with their last data), unsubscribe the dropped.
  useEffect(() => {
    const state = socketRef.current;
    if (!state) return;
    const next = new Set(ids === '' ? [] : ids.split(','));
    state.wanted = next;
    const added = [...next].filter((id) => !state.subscribed.has(id));
    const dropped = [...state.subscribed].filter((id) => !next.has(id));
    if (state.ws?.readyState === WebSocket.OPEN) {
      if (dropped.length > 0) {
        state.send({ type: 'unsubscribe', gateways: dropped });
        for (const id of dropped) state.subscribed.delete(id);
      }
      if (added.length > 0) {
        state.send({ type: 'subscribe', gateways: added, getLastData: true });
        for (const id of added) state.subscribed.add(id);
      }
    }
    if (dropped.length > 0) store.drop(dropped);
  }, [ids, store]);

  return { store, status, refused };
}

/** One live value; re-renders only when that key changes. */
export function useLivePoint(store: LiveStore, key: string): LivePoint | undefined {
  return useSyncExternalStore(
    (listener) => store.subscribe(key, listener),
    () => store.get(key),
  );
}

/** Re-renders whenever any value changes (batched per frame): for views that list what arrived. */
export function useLiveVersion(store: LiveStore): number {
  return useSyncExternalStore(store.subscribeAll, store.getVersion);
}
