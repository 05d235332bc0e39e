import { CameraLimits, CameraMessages } from '@iot/contracts/cameras';

/**
 * The link back-end player's reconnect rules (feature-areas §4, §9): an ICE disconnect of a playing
 * stream reconnects at once; a connection attempt that fails is retried 5 s later, up to 3 retries —
 * the 4th failure in a row gives up with 播放异常. A success forgets earlier failures. Pure: the
 * player feeds it events and carries out the actions (decision 0065).
 */
export type ReconnectEvent =
  /** The peer connection reached connected. */
  | { type: 'connected' }
  /** iceConnectionState became disconnected or failed while playing. */
  | { type: 'iceDisconnected' }
  /** Setting up the connection failed (SDP exchange refused, no answer, ICE never connected). */
  | { type: 'connectFailed' }
  /** The user stopped, or the camera changed: nothing more is scheduled. */
  | { type: 'stopped' };

export type ReconnectAction =
  | { type: 'none' }
  | { type: 'reconnectNow' }
  | { type: 'retryIn'; delayMs: number; retry: number }
  | { type: 'giveUp'; message: string };

export interface ReconnectPolicy {
  retries: number;
  intervalMs: number;
}

export const LINK_RECONNECT_POLICY: ReconnectPolicy = {
  retries: CameraLimits.RECONNECT_RETRIES,
  intervalMs: CameraLimits.RECONNECT_INTERVAL_MS,
};

export interface ReconnectState {
  /** Failed attempts in a row. */
  failures: number;
  stopped: boolean;
}

export const initialReconnectState = (): ReconnectState => ({ failures: 0, stopped: false });

/** The next state and what to do about an event. */
export function reconnectStep(
  state: ReconnectState,
  event: ReconnectEvent,
  policy: ReconnectPolicy = LINK_RECONNECT_POLICY,
): [ReconnectState, ReconnectAction] {
  if (event.type === 'stopped') return [{ failures: 0, stopped: true }, { type: 'none' }];
  if (state.stopped) return [state, { type: 'none' }];
  switch (event.type) {
    case 'connected':
      return [{ failures: 0, stopped: false }, { type: 'none' }];
    case 'iceDisconnected':
      return [state, { type: 'reconnectNow' }];
    case 'connectFailed': {
      const failures = state.failures + 1;
      if (failures > policy.retries)
        return [
          { failures, stopped: true },
          { type: 'giveUp', message: CameraMessages.PLAY_FAILED },
        ];
      return [
        { failures, stopped: false },
        { type: 'retryIn', delayMs: policy.intervalMs, retry: failures },
      ];
    }
  }
}

export interface ReconnectorHandlers {
  /** Opens the connection again (new offer, new answer); resolves when connected, rejects on failure. */
  connect: () => Promise<void>;
  /** Shows the message and leaves the player stopped. */
  giveUp: (message: string) => void;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * Drives reconnectStep with real timers: the player calls `iceDisconnected()` from its
 * oniceconnectionstatechange, `failed()` when its first connection fails, and `stop()` on stop.
 */
export function createReconnector(
  handlers: ReconnectorHandlers,
  policy: ReconnectPolicy = LINK_RECONNECT_POLICY,
) {
  const setTimer = handlers.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = handlers.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let state = initialReconnectState();
  let timer: unknown = null;

  const attempt = () => {
    timer = null;
    handlers.connect().then(
      () => dispatch({ type: 'connected' }),
      () => dispatch({ type: 'connectFailed' }),
    );
  };

  function dispatch(event: ReconnectEvent): void {
    const [next, action] = reconnectStep(state, event, policy);
    state = next;
    if (timer !== null && action.type !== 'none') {
      clearTimer(timer);
      timer = null;
    }
    if (action.type === 'reconnectNow') attempt();
    else if (action.type === 'retryIn') timer = setTimer(attempt, action.delayMs);
    else if (action.type === 'giveUp') handlers.giveUp(action.message);
  }

  return {
    connected: () => dispatch({ type: 'connected' }),
    iceDisconnected: () => dispatch({ type: 'iceDisconnected' }),
    failed: () => dispatch({ type: 'connectFailed' }),
    stop: () => {
      if (timer !== null) clearTimer(timer);
      timer = null;
      dispatch({ type: 'stopped' });
    },
    /** Failed attempts in a row so far. */
    get failures() {
      return state.failures;
    },
  };
}
