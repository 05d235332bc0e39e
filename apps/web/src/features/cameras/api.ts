import type {
  Camera,
  CameraAccount,
  CameraAccountBody,
  CameraBody,
  CameraGroupOption,
  PlaybackRecord,
  Preset,
  PtzDirection,
} from '@iot/contracts/cameras';
import { http } from '../../api/http';

const cams = (groupId: number) => `/iot/groups/${groupId}/cameras`;
const accounts = (groupId: number) => `/iot/groups/${groupId}/cameraAccounts`;

export const cameraKeys = {
  all: (projectId: number) => ['cameras', projectId] as const,
  list: (projectId: number, groupId: number) => ['cameras', projectId, 'list', groupId] as const,
  accounts: (projectId: number) => ['cameras', projectId, 'accounts'] as const,
  groups: (projectId: number) => ['cameras', projectId, 'groups'] as const,
};

/** 视频监控's calls (docs/decisions/0064-cameras.md). Paths are scoped by the project's group id. */
export const camerasApi = {
  groupOptions: (projectId: number) =>
    http.get<CameraGroupOption[]>(`${cams(projectId)}/groupOptions`, { quiet: true }),
  /** The cameras of the group and the groups below it (the project's own id: all of them). */
  list: (groupId: number) => http.get<Camera[]>(cams(groupId), { quiet: true }),
  create: (projectId: number, body: CameraBody) => http.post<Camera>(cams(projectId), body, { quiet: true }),
  update: (projectId: number, id: number, body: CameraBody) =>
    http.put<Camera>(`${cams(projectId)}/${id}`, body, { quiet: true }),
  remove: (projectId: number, id: number) => http.delete<null>(`${cams(projectId)}/${id}`),
  /** `quiet`: the player shows the failure itself, over the video. */
  playUrl: (projectId: number, id: number) =>
    http.get<{ url: string }>(`${cams(projectId)}/${id}/playUrl`, { quiet: true }),
  talkUrl: (projectId: number, id: number) =>
    http.get<{ url: string }>(`${cams(projectId)}/${id}/talkUrl`, { quiet: true }),
  ptz: (projectId: number, id: number, body: { action: 'start' | 'stop'; direction: PtzDirection }) =>
    http.post<null>(`${cams(projectId)}/${id}/ptz`, { ...body, speed: 1 }, { quiet: true }),
  playbacks: (projectId: number, id: number, beginTime: string, endTime: string) =>
    http.get<{ url: string; playbacks: PlaybackRecord[] }>(`${cams(projectId)}/${id}/playbacks`, {
      params: { beginTime, endTime },
      quiet: true,
    }),
  presetNameAvailable: (projectId: number, id: number, name: string) =>
    http.get<boolean>(`${cams(projectId)}/${id}/presets/checkName`, { params: { name }, quiet: true }),
  addPreset: (projectId: number, id: number, name: string) =>
    http.post<Preset>(`${cams(projectId)}/${id}/presets`, { name }, { quiet: true }),
  /** Per camera the snapshot of this flag nearest the time ('YYYY-MM-DD HH:mm:ss'): id → url. */
  snapshots: (projectId: number, cameraIds: number[], time: string, flag: 'W' | 'M' = 'W') =>
    http.get<Record<string, string>>(`${cams(projectId)}/snapshots`, {
      params: { cameraIds: cameraIds.join(','), time, flag },
      quiet: true,
    }),
  accounts: (projectId: number) => http.get<CameraAccount[]>(accounts(projectId), { quiet: true }),
  createAccount: (projectId: number, body: CameraAccountBody) =>
    http.post<CameraAccount>(accounts(projectId), body, { quiet: true }),
  updateAccount: (projectId: number, id: number, body: CameraAccountBody) =>
    http.put<CameraAccount>(`${accounts(projectId)}/${id}`, body, { quiet: true }),
  removeAccount: (projectId: number, id: number) => http.delete<null>(`${accounts(projectId)}/${id}`),
};

/**
 * The address the player opens: WebSocket-FLV (one socket per player, not held to HTTP/1.1's six
 * connections per host) or HTTP-FLV, on this page's host.
 */
export function streamAddress(path: string, transport: 'ws' | 'http'): string {
  const { protocol, host } = window.location;
  if (transport === 'http') return `${protocol}//${host}${path}`;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${path}`;
}
