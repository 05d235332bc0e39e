import { AggTypeNames, CameraMessages } from '@iot/contracts/cameras';
import { camerasApi } from '../api';
import type { PlayRequest } from './source';

/** Addresses a browser opens itself: a path on this host (our relay) or http(s)/ws(s) elsewhere. */
const OPENABLE = /^(\/(?!\/)|https?:\/\/|wss?:\/\/)/i;

/**
 * The address a source opens: the chosen playback's, or the camera's play URL. An empty one is
 * 无法播放，未获得播放地址 (live) or 回放不存在 (playback); one only the vendor's own web SDK opens
 * (ezopen://, imou://) says so instead of handing a player something it cannot load.
 */
export async function playAddress(request: PlayRequest): Promise<string> {
  const url = request.playback
    ? request.playback.url
    : (await camerasApi.playUrl(request.projectId, request.camera.id)).url;
  if (!url) throw new Error(request.playback ? CameraMessages.PLAYBACK_MISSING : CameraMessages.NO_PLAY_URL);
  if (!OPENABLE.test(url)) {
    const platform = AggTypeNames[request.camera.aggType as keyof typeof AggTypeNames] ?? '摄像头厂商';
    throw new Error(CameraMessages.VENDOR_PLAYER_ONLY(platform));
  }
  return url;
}

/** What a stream that broke says: a playback address that cannot be read is 回放不存在. */
export function failureMessage(request: PlayRequest): string {
  return request.playback ? CameraMessages.PLAYBACK_MISSING : CameraMessages.PLAY_FAILED;
}
