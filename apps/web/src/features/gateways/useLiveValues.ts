import { LIVE_PING_INTERVAL_MS, LIVE_PONG_WAIT_MS, type LiveMessage } from '@iot/contracts/live-data';
import { useEffect, useState } from 'react';
import { getSession } from '../../app/session';

/** Spec core §4: the data socket reconnects 1 s after an abnormal close. */
const RECONNECT_MS = 1000;

export interface LiveValues {
  /** Latest values by metric, as the socket pushed them. */
  values: Record<string, { ts: number; value: number | string }>;
  connected: boolean;
}

/**
 * One gateway's values live from /data-server/ws: subscribe with getLastData, ping every 15 s and
 * close when no pong comes within 10 s, reconnect after an abnormal close.
 */
export function useLiveValues(gatewayId: number | null): LiveValues {
  const [state, setState] = useState<LiveValues>({ values: {}, connected: false });

  useEffect(() => {
    if (gatewayId === null) return;
    let socket: WebSocket | null = null;
    let stopped = false;
    let ping: ReturnType<typeof setInterval> | undefined;
    let pongWait: ReturnType<typeof setTimeout> | undefined;
    let reconnect: ReturnType<typeof setTimeout> | undefined;
    let sequence = 0;
    let timedOut = false;

    const open = () => {
      const token = getSession()?.token;
      if (!token || stopped) return;
      const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
      const ws = new WebSocket(
        `${scheme}://${location.host}/data-server/ws?token=${encodeURIComponent(token)}`,
      );
      socket = ws;
      ws.onopen = () => {
        setState((s) => ({ ...s, connected: true }));
        ws.send(
          JSON.stringify({
            id: ++sequence,
            type: 'subscribe',
            gateways: [String(gatewayId)],
            getLastData: true,
          }),
        );
        ping = setInterval(() => {
          ws.send(JSON.stringify({ id: ++sequence, type: 'ping' }));
          clearTimeout(pongWait);
          pongWait = setTimeout(() => {
            timedOut = true;
            ws.close();
          }, LIVE_PONG_WAIT_MS);
        }, LIVE_PING_INTERVAL_MS);
      };
      ws.onmessage = (event) => {
        let message: LiveMessage;
        try {
          message = JSON.parse(String(event.data)) as LiveMessage;
        } catch {
          return;
        }
        if (message.type === 'pong') clearTimeout(pongWait);
        if (message.type === 'notify' && message.data.gateway === String(gatewayId)) {
          const { params, ts } = message.data;
          setState((s) => {
            const values = { ...s.values };
            for (const [metric, value] of Object.entries(params)) values[metric] = { ts, value };
            return { values, connected: true };
          });
        }
      };
      ws.onclose = (event) => {
        clearInterval(ping);
        clearTimeout(pongWait);
        setState((s) => ({ ...s, connected: false }));
        // Abnormal closes (1006) and a missing pong get a new socket; a clean close by the server does not.
        if (!stopped && (event.code === 1006 || !event.wasClean || timedOut)) {
          timedOut = false;
          reconnect = setTimeout(open, RECONNECT_MS);
        }
      };
    };
    open();
    return () => {
      stopped = true;
      clearInterval(ping);
      clearTimeout(pongWait);
      clearTimeout(reconnect);
      socket?.close();
      setState({ values: {}, connected: false });
    };
  }, [gatewayId]);

  return state;
}
