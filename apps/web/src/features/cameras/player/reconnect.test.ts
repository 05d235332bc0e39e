import { CameraMessages } from '@iot/contracts/cameras';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReconnector, initialReconnectState, type ReconnectEvent, reconnectStep } from './reconnect';

describe('reconnect rules (link back-end, feature-areas §4)', () => {
  it('retries a failed connection 5 s later, 3 times, and gives up with 播放异常 on the 4th failure', () => {
    let state = initialReconnectState();
    const actions = [];
    for (let i = 0; i < 4; i++) {
      const [next, action] = reconnectStep(state, { type: 'connectFailed' });
      state = next;
      actions.push(action);
    }
    expect(actions).toEqual([
      { type: 'retryIn', delayMs: 5000, retry: 1 },
      { type: 'retryIn', delayMs: 5000, retry: 2 },
      { type: 'retryIn', delayMs: 5000, retry: 3 },
      { type: 'giveUp', message: CameraMessages.PLAY_FAILED },
    ]);
    expect(reconnectStep(state, { type: 'iceDisconnected' })[1]).toEqual({ type: 'none' });
  });

  it('reconnects at once on an ICE disconnect, and a success forgets earlier failures', () => {
    const events: ReconnectEvent[] = [
      { type: 'connectFailed' },
      { type: 'connectFailed' },
      { type: 'connected' },
    ];
    const state = events.reduce((s, e) => reconnectStep(s, e)[0], initialReconnectState());
    expect(state.failures).toBe(0);
    expect(reconnectStep(state, { type: 'iceDisconnected' })[1]).toEqual({ type: 'reconnectNow' });
  });

  it('does nothing more once stopped', () => {
    const [stopped] = reconnectStep(initialReconnectState(), { type: 'stopped' });
    expect(reconnectStep(stopped, { type: 'connectFailed' })[1]).toEqual({ type: 'none' });
    expect(reconnectStep(stopped, { type: 'iceDisconnected' })[1]).toEqual({ type: 'none' });
  });
});

describe('createReconnector', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('drives the connection: 3 retries 5 s apart, then gives up', async () => {
    const connect = vi.fn(() => Promise.reject(new Error('no answer')));
    const giveUp = vi.fn();
    const reconnector = createReconnector({ connect, giveUp });
    reconnector.failed();
    await vi.advanceTimersByTimeAsync(4999);
    expect(connect).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(connect).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(connect).toHaveBeenCalledTimes(3);
    expect(giveUp).toHaveBeenCalledWith(CameraMessages.PLAY_FAILED);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(connect).toHaveBeenCalledTimes(3);
  });

  it('reconnects at once on ICE disconnect and keeps playing when that works', async () => {
    const connect = vi.fn(() => Promise.resolve());
    const giveUp = vi.fn();
    const reconnector = createReconnector({ connect, giveUp });
    reconnector.connected();
    reconnector.iceDisconnected();
    expect(connect).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(reconnector.failures).toBe(0);
    expect(giveUp).not.toHaveBeenCalled();
  });

  it('a stop cancels a scheduled retry', async () => {
    const connect = vi.fn(() => Promise.reject(new Error('x')));
    const reconnector = createReconnector({ connect, giveUp: vi.fn() });
    reconnector.failed();
    reconnector.stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(connect).not.toHaveBeenCalled();
  });
});
