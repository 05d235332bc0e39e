import { type Camera, CameraLimits, CameraMessages } from '@iot/contracts/cameras';
import { camerasApi } from '../api';
import { linkApi } from './link-api';
import { connected, negotiate, watchLoss } from './peer';
import { LINK_GATHER_TIMEOUT_MS } from './webrtc-source';

/** What the talk button shows: connecting (SDP, ICE, the 2 s before the microphone goes live), talking. */
export type TalkState = 'connecting' | 'talking';

export interface TalkHandlers {
  onState(state: TalkState): void;
  /** The talk could not start, or was lost while talking: the message to show. Already stopped. */
  onFailed(message: string): void;
}

export interface TalkSession {
  /** Ends the talk at any point: talk stop (if started), close the peer and the microphone, bye. */
  stop(): void;
}

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

class Stopped extends Error {}

/**
 * Talk (对讲) with a link platform camera (feature-areas §4, §8, §9): the talk URL is a streamPath;
 * the microphone goes out on a sendonly peer pushed through our talk route (create bit). The
 * connection must come up within 1000 ms; the platform is told to start 2 s after it did. Each
 * failure says its §8 text: no talk address 无法对讲，未获得对讲地址, no microphone
 * 对讲失败，可能没有麦克风, no connection 对讲失败，无法建立语音通道, a refused start the server's
 * words, a connection lost later 对讲异常.
 */
export function startLinkTalk(projectId: number, camera: Camera, handlers: TalkHandlers): TalkSession {
  let streamPath = '';
  let microphone: MediaStream | null = null;
  let peer: RTCPeerConnection | null = null;
  let talking = false;
  let stopped = false;
  let unwatch = () => {};

  const stop = () => {
    if (stopped) return;
    stopped = true;
    unwatch();
    const wasTalking = talking;
    talking = false;
    peer?.close();
    for (const track of microphone?.getTracks() ?? []) track.stop();
    if (!streamPath) return;
    // talk stop before bye: the platform ends the device's talk, then the session.
    void (async () => {
      if (wasTalking) await linkApi.talk(projectId, camera.id, streamPath, 'stop').catch(() => undefined);
      await linkApi.bye(projectId, camera.id, streamPath).catch(() => undefined);
    })();
  };
  /** Each step may find the talk stopped meanwhile: then nothing more happens, nothing is shown. */
  const step = async <T>(work: Promise<T>, message: (error: unknown) => string): Promise<T> => {
    let value: T;
    try {
      value = await work;
    } catch (error) {
      if (stopped) throw new Stopped();
      throw new Error(message(error));
    }
    if (stopped) throw new Stopped();
    return value;
  };

  const run = async () => {
    handlers.onState('connecting');
    streamPath = (
      await step(camerasApi.talkUrl(projectId, camera.id), (e) => messageOf(e, CameraMessages.NO_TALK_URL))
    ).url;
    if (!streamPath) throw new Error(CameraMessages.NO_TALK_URL);
    const mic = await step(
      navigator.mediaDevices
        ? navigator.mediaDevices.getUserMedia({ audio: true })
        : Promise.reject(new Error('no mediaDevices')),
      () => CameraMessages.TALK_NO_MICROPHONE,
    );
    microphone = mic;
    const pc = new RTCPeerConnection();
    peer = pc;
    for (const track of mic.getAudioTracks())
      pc.addTransceiver(track, { direction: 'sendonly', streams: [mic] });
    await step(
      negotiate(
        pc,
        (offer) => linkApi.pushAnswer(projectId, camera.id, streamPath, offer),
        LINK_GATHER_TIMEOUT_MS,
      ),
      () => CameraMessages.TALK_NO_CHANNEL,
    );
    await step(connected(pc, CameraLimits.TALK_CONNECT_TIMEOUT_MS), () => CameraMessages.TALK_NO_CHANNEL);
    unwatch = watchLoss(pc, () => {
      if (stopped) return;
      stop();
      handlers.onFailed(CameraMessages.TALK_FAILED);
    });
    // §9: the microphone talk starts 2 s after the connection.
    await step(
      new Promise((resolve) => setTimeout(resolve, CameraLimits.TALK_START_DELAY_MS)),
      () => CameraMessages.TALK_FAILED,
    );
    await step(linkApi.talk(projectId, camera.id, streamPath, 'start'), (e) =>
      messageOf(e, CameraMessages.TALK_NO_CHANNEL),
    );
    talking = true;
    handlers.onState('talking');
  };

  // After returning: the caller holds the session before the first state arrives.
  Promise.resolve()
    .then(run)
    .catch((error: unknown) => {
      if (error instanceof Stopped || stopped) return;
      stop();
      handlers.onFailed(messageOf(error, CameraMessages.TALK_FAILED));
    });
  return { stop };
}
