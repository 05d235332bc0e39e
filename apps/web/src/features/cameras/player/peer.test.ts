import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connected, isLost, negotiate, type PeerLike, watchLoss } from './peer';

/** A stand-in for the browser's RTCPeerConnection: states set by the test, events dispatched. */
class StandInPeer extends EventTarget implements PeerLike {
  iceGatheringState: RTCIceGatheringState = 'new';
  connectionState: RTCPeerConnectionState = 'new';
  iceConnectionState: RTCIceConnectionState = 'new';
  localDescription: { sdp: string } | null = null;
  remote: RTCSessionDescriptionInit | null = null;
  candidates = 0;
  async createOffer() {
    return { type: 'offer' as const, sdp: 'v=0\r\n' };
  }
  async setLocalDescription(description: RTCSessionDescriptionInit) {
    this.localDescription = { sdp: description.sdp ?? '' };
    this.iceGatheringState = 'gathering';
  }
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remote = description;
  }
  gather(complete: boolean) {
    this.candidates++;
    this.localDescription = { sdp: `v=0\r\na=candidate:${this.candidates}\r\n` };
    if (complete) this.iceGatheringState = 'complete';
    this.dispatchEvent(new Event('icegatheringstatechange'));
  }
  set(connection: RTCPeerConnectionState, ice: RTCIceConnectionState = this.iceConnectionState) {
    this.connectionState = connection;
    this.iceConnectionState = ice;
    this.dispatchEvent(new Event('iceconnectionstatechange'));
    this.dispatchEvent(new Event('connectionstatechange'));
  }
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('negotiate', () => {
  it('sends the offer only once the candidates are gathered, then applies the answer', async () => {
    const peer = new StandInPeer();
    const exchange = vi.fn(async (offer: string) => `answer to ${offer.length}`);
    const done = negotiate(peer, exchange, 2000);
    await vi.advanceTimersByTimeAsync(100);
    expect(exchange).not.toHaveBeenCalled();
    peer.gather(true);
    await done;
    expect(exchange).toHaveBeenCalledWith('v=0\r\na=candidate:1\r\n');
    expect(peer.remote?.type).toBe('answer');
  });

  it('sends what it has when gathering does not finish in time', async () => {
    const peer = new StandInPeer();
    const exchange = vi.fn(async () => 'v=0');
    const done = negotiate(peer, exchange, 2000);
    await vi.advanceTimersByTimeAsync(0);
    peer.gather(false);
    await vi.advanceTimersByTimeAsync(1999);
    expect(exchange).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(exchange).toHaveBeenCalledWith('v=0\r\na=candidate:1\r\n');
  });

  it('fails when the platform refuses the offer', async () => {
    const peer = new StandInPeer();
    const done = negotiate(peer, () => Promise.reject(new Error('播放异常')), 2000);
    const outcome = done.catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(0);
    peer.gather(true);
    expect(await outcome).toBe('播放异常');
    expect(peer.remote).toBeNull();
  });
});

describe('connected', () => {
  it('resolves when the connection is up', async () => {
    const peer = new StandInPeer();
    const done = connected(peer, 1000);
    peer.set('connecting', 'checking');
    peer.set('connected', 'connected');
    await expect(done).resolves.toBeUndefined();
  });

  it('rejects when ICE fails, and when the time is up (the talk gets 1000 ms)', async () => {
    const failing = new StandInPeer();
    const failed = connected(failing, 1000);
    failing.set('connecting', 'failed');
    await expect(failed).rejects.toThrow();

    const slow = new StandInPeer();
    const late = connected(slow, 1000);
    const outcome = late.then(
      () => 'connected',
      () => 'timed out',
    );
    await vi.advanceTimersByTimeAsync(999);
    slow.set('connecting', 'checking');
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('timed out');
  });
});

describe('watchLoss', () => {
  it('reports a lost connection once: ICE disconnected, then failed', () => {
    const peer = new StandInPeer();
    peer.set('connected', 'connected');
    const lost = vi.fn();
    watchLoss(peer, lost);
    expect(lost).not.toHaveBeenCalled();
    peer.set('connected', 'disconnected');
    peer.set('failed', 'failed');
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it('stays quiet after unsubscribing', () => {
    const peer = new StandInPeer();
    const lost = vi.fn();
    const stop = watchLoss(peer, lost);
    stop();
    peer.set('failed', 'failed');
    expect(lost).not.toHaveBeenCalled();
    expect(isLost(peer)).toBe(true);
  });
});
