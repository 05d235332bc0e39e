import { CameraMessages } from '@iot/contracts/cameras';
import { camerasApi } from '../api';
import { linkApi } from './link-api';
import { connected, negotiate, watchLoss } from './peer';
import { createReconnector } from './reconnect';
import type { MediaSession, MediaSource } from './source';

/** Ours (the spec gives none for watching): how long one attempt may take to connect before it failed. */
export const LINK_CONNECT_TIMEOUT_MS = 10_000;
/** How long the offer waits for the browser's candidates before it is sent with those it has. */
export const LINK_GATHER_TIMEOUT_MS = 2_000;

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * The link platform's player (AggType 3, feature-areas §2/§4/§9): the play URL (or the playback's
 * url) is a streamPath; a recvonly video+audio peer sends its offer through our session route and
 * plays the platform's answer. Reconnects by reconnect.ts: an ICE loss reconnects at once, a failed
 * attempt is retried 5 s later up to 3 times, the 4th failure in a row is 播放异常 — before the first
 * connection as after it. stop closes the peer and says bye, which also ends the server's cached
 * play URL (decision 0065).
 */
export const webrtcSource: MediaSource = async (video, request, fail) => {
  const { projectId, camera } = request;
  const live = !request.playback;
  const livePath = async () => {
    const { url } = await camerasApi.playUrl(projectId, camera.id);
    if (!url) throw new Error(CameraMessages.NO_PLAY_URL);
    return url;
  };
  let streamPath =
    request.playback?.url ??
    (await livePath().catch((error: unknown) => {
      throw new Error(messageOf(error, CameraMessages.NO_PLAY_URL));
    }));
  if (!streamPath) throw new Error(CameraMessages.NO_PLAY_URL);

  let peer: RTCPeerConnection | null = null;
  let unwatch = () => {};
  let stopped = false;
  /** The platform refused the last offer: the live stream may be gone, so the next attempt invites anew. */
  let refused = false;

  const bye = (path: string) => void linkApi.bye(projectId, camera.id, path).catch(() => undefined);
  const close = () => {
    unwatch();
    peer?.close();
    peer = null;
  };

  const connect = async () => {
    close();
    if (stopped) throw new Error('stopped');
    if (live && refused) {
      // The bye also ends the server's cached play URL, so the play URL that follows invites anew.
      await linkApi.bye(projectId, camera.id, streamPath).catch(() => undefined);
      streamPath = await livePath();
      refused = false;
    }
    const pc = new RTCPeerConnection();
    peer = pc;
    pc.addTransceiver('video', { direction: 'recvonly' });
    pc.addTransceiver('audio', { direction: 'recvonly' });
    const stream = new MediaStream();
    pc.addEventListener('track', (event) => stream.addTrack(event.track));
    try {
      await negotiate(
        pc,
        (offer) =>
          linkApi.playAnswer(projectId, camera.id, streamPath, offer).catch((error: unknown) => {
            refused = true;
            throw error;
          }),
        LINK_GATHER_TIMEOUT_MS,
      );
      await connected(pc, LINK_CONNECT_TIMEOUT_MS);
    } catch (error) {
      if (peer === pc) close();
      else pc.close();
      throw error;
    }
    if (stopped || peer !== pc) {
      pc.close();
      throw new Error('stopped');
    }
    video.srcObject = stream;
    // Muted by default (CameraPlayer), so autoplay is allowed; a refusal leaves the poster, not an error.
    void video.play().catch(() => undefined);
    unwatch = watchLoss(pc, () => {
      if (peer === pc && !stopped) reconnector.iceDisconnected();
    });
  };

  const release = () => {
    if (stopped) return;
    stopped = true;
    reconnector.stop();
    close();
    video.srcObject = null;
    bye(streamPath);
  };
  const session: MediaSession = { stop: release };

  let started = false;
  let settle: { resolve: (s: MediaSession) => void; reject: (e: Error) => void } | null = null;
  const reconnector = createReconnector({
    connect: async () => {
      await connect();
      if (!started) {
        started = true;
        settle?.resolve(session);
      }
    },
    giveUp: (message) => {
      const before = started;
      release();
      if (before) fail(message);
      else settle?.reject(new Error(message));
    },
  });

  return new Promise<MediaSession>((resolve, reject) => {
    settle = { resolve, reject };
    connect().then(
      () => {
        started = true;
        reconnector.connected();
        resolve(session);
      },
      () => reconnector.failed(),
    );
  });
};
