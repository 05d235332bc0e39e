/**
 * RTCPeerConnection steps shared by the link platform's player and its talk (decision 0065). The
 * platform takes one offer and gives one answer — no trickled candidates — so the offer is sent once
 * the browser has gathered its candidates.
 */

/** The subset of RTCPeerConnection these helpers use (a stand-in can drive them in unit tests). */
export interface PeerLike {
  iceGatheringState: RTCIceGatheringState;
  connectionState: RTCPeerConnectionState;
  iceConnectionState: RTCIceConnectionState;
  localDescription: { sdp: string } | null;
  createOffer(): Promise<RTCSessionDescriptionInit>;
  setLocalDescription(description: RTCSessionDescriptionInit): Promise<void>;
  setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void>;
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/** Resolves when `check` holds, re-checked on each `event`; rejects when `fails` holds or after `ms`. */
function waitFor(
  peer: PeerLike,
  events: string[],
  check: () => boolean,
  fails: () => boolean,
  ms: number,
  onTimeout: 'resolve' | 'reject',
): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      for (const event of events) peer.removeEventListener(event, listener);
      if (error) reject(error);
      else resolve();
    };
    const listener = () => {
      if (check()) done();
      else if (fails()) done(new Error(`peer ${peer.connectionState}`));
    };
    const timer = setTimeout(
      () => (onTimeout === 'resolve' ? done() : done(new Error(`peer not connected in ${ms} ms`))),
      ms,
    );
    for (const event of events) peer.addEventListener(event, listener);
    listener();
  });
}

/** Creates the offer, waits for the candidates (at most gatherMs), sends it and applies the answer. */
export async function negotiate(
  peer: PeerLike,
  exchange: (offer: string) => Promise<string>,
  gatherMs: number,
): Promise<void> {
  await peer.setLocalDescription(await peer.createOffer());
  // An interface that never finishes gathering must not hold the offer: send what there is.
  await waitFor(
    peer,
    ['icegatheringstatechange'],
    () => peer.iceGatheringState === 'complete',
    () => false,
    gatherMs,
    'resolve',
  );
  const offer = peer.localDescription?.sdp;
  if (!offer) throw new Error('no local description');
  const answer = await exchange(offer);
  await peer.setRemoteDescription({ type: 'answer', sdp: answer });
}

/** Resolves when the peer is connected (ICE and DTLS); rejects when it fails, closes or takes over ms. */
export function connected(peer: PeerLike, ms: number): Promise<void> {
  return waitFor(
    peer,
    ['connectionstatechange', 'iceconnectionstatechange'],
    () => peer.connectionState === 'connected',
    () =>
      peer.connectionState === 'failed' ||
      peer.connectionState === 'closed' ||
      peer.iceConnectionState === 'failed',
    ms,
    'reject',
  );
}

/** Whether a connected peer has lost its way: ICE or the whole connection disconnected or failed. */
export function isLost(peer: Pick<PeerLike, 'connectionState' | 'iceConnectionState'>): boolean {
  return (
    peer.iceConnectionState === 'disconnected' ||
    peer.iceConnectionState === 'failed' ||
    peer.connectionState === 'disconnected' ||
    peer.connectionState === 'failed'
  );
}

/** Calls onLost once, the first time a connected peer is lost (see isLost). Returns an unsubscribe. */
export function watchLoss(peer: PeerLike, onLost: () => void): () => void {
  const events = ['connectionstatechange', 'iceconnectionstatechange'];
  const listener = () => {
    if (!isLost(peer)) return;
    stop();
    onLost();
  };
  const stop = () => {
    for (const event of events) peer.removeEventListener(event, listener);
  };
  for (const event of events) peer.addEventListener(event, listener);
  listener();
  return stop;
}
