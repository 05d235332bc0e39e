import { http } from '../../../api/http';

const camera = (projectId: number, id: number) => `/iot/groups/${projectId}/cameras/${id}`;

/**
 * The link platform's session calls (decision 0065): our server passes the SDP offer and answer
 * through to the platform. `quiet`: the player and the talk button show failures themselves.
 */
export const linkApi = {
  /** Watching (read bit): the platform's answer to a recvonly offer on a streamPath. */
  playAnswer: (projectId: number, id: number, streamPath: string, offer: string) =>
    http
      .post<{ answer: string }>(`${camera(projectId, id)}/webrtc`, { streamPath, offer }, { quiet: true })
      .then((a) => a.answer),
  /** Talking (create bit): the answer to the microphone's sendonly offer on the talk streamPath. */
  pushAnswer: (projectId: number, id: number, streamPath: string, offer: string) =>
    http
      .post<{ answer: string }>(
        `${camera(projectId, id)}/talk/webrtc`,
        { streamPath, offer },
        { quiet: true },
      )
      .then((a) => a.answer),
  talk: (projectId: number, id: number, streamPath: string, action: 'start' | 'stop') =>
    http.post<null>(`${camera(projectId, id)}/talk`, { streamPath, action }, { quiet: true }),
  /** Ends a play, playback or talk session; the server forgets its cached play URL. */
  bye: (projectId: number, id: number, streamPath: string) =>
    http.post<null>(`${camera(projectId, id)}/bye`, { streamPath }, { quiet: true }),
};
