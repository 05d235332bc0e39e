import { LIVE_PING_INTERVAL_MS, LIVE_PONG_WAIT_MS, type LiveMessage } from '@iot/contracts/live-data';
import { useEffect, useRef, useState } from 'react';
import { getSession } from '../../../../app/session';

/** Spec core §4: the data socket reconnects 1 s after an abnormal close. */
const RECONNECT_MS = 1000;
/** Our own close of a socket whose pong came too late. */
const PONG_TIMEOUT_CODE = 4000;
/** The server's close of a socket it heard nothing from. */
const IDLE_CLOSE_CODE = 4008;

export type LiveNotify = Extract<LiveMessage, { type: 'notify' }>['data'];
/** idle: nothing to follow, so no socket. */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'closed';

/**
 * Subscribes to gateways on the live data socket /data-server/ws (spec core §4, §7): their last
 * data first, then every new value as it arrives. Pings every 15 s and gives up on a socket whose
 * pong is 10 s late; reconnects 1 s after an abnormal close. A small local hook: the monitoring
 * feature's shared one did not exist when the project home was built.
 */
export function useLiveGateways(gatewayIds: number[], onNotify: (data: LiveNotify) => void): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const handler = useRef(onNotify);
  handler.current = onNotify;
  const ids = [...new Set(gatewayIds)].sort((a, b) => a - b).join(',');

  useEffect(() => {
    if (ids === '') return;
    let disposed = false;
    let socket: WebSocket | null = null;
    let pingTimer: ReturnType<typeof setInterval> | undefined;
    let pongTimer: ReturnType<typeof setTimeout> | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let sequence = 0;

    const connect = () => {
      const token = getSession()?.token;
      if (!token || disposed) return;
      setStatus('connecting');
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const ws = new WebSocket(
        `${scheme}://${window.location.host}/data-server/ws?token=${encodeURIComponent(token)}`,
      );
      socket = ws;
      ws.onopen = () => {
        setStatus('open');
        ws.send(
          JSON.stringify({ id: ++sequence, type: 'subscribe', gateways: ids.split(','), getLastData: true }),
        );
        pingTimer = setInterval(() => {
          ws.send(JSON.stringify({ id: ++sequence, type: 'ping' }));
          clearTimeout(pongTimer);
          pongTimer = setTimeout(() => ws.close(PONG_TIMEOUT_CODE, 'pong timeout'), LIVE_PONG_WAIT_MS);
        }, LIVE_PING_INTERVAL_MS);
      };
      ws.onmessage = (event) => {
        let message: LiveMessage;
        try {
          message = JSON.parse(String(event.data)) as LiveMessage;
        } catch {
          return;
        }
        if (message.type === 'pong') clearTimeout(pongTimer);
        else if (message.type === 'notify') handler.current(message.data);
      };
      ws.onclose = (event) => {
        clearInterval(pingTimer);
        clearTimeout(pongTimer);
        if (disposed) return;
        setStatus('closed');
        // Abnormal (1006, not clean), our own close for a late pong, or the server's idle close: again.
        if (
          !event.wasClean ||
          event.code === 1006 ||
          event.code === PONG_TIMEOUT_CODE ||
          event.code === IDLE_CLOSE_CODE
        ) {
          retryTimer = setTimeout(connect, RECONNECT_MS);
        }
      };
    };
    connect();
    return () => {
      disposed = true;
      clearInterval(pingTimer);
      clearTimeout(pongTimer);
      clearTimeout(retryTimer);
      socket?.close();
    };
  }, [ids]);

  return ids === '' ? 'idle' : status;
}
