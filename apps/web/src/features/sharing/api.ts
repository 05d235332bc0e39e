import type { Page } from '@iot/contracts';
import type { Camera } from '@iot/contracts/cameras';
import type { GatewayListItem } from '@iot/contracts/gateways';
import type {
  createShareBody,
  Share,
  ShareByCode,
  ShareCapacity,
  ShareTargetGroup,
} from '@iot/contracts/sharing';
import type { z } from 'zod';
import { http } from '../../api/http';

/** Query keys of sharing; mutations invalidate by prefix. */
export const shareKeys = {
  list: (groupId: number) => ['shares', groupId] as const,
};

export interface UseShareAnswer {
  gatewayIds: number[];
  cameraIds: number[];
  created: string;
  message: string;
}

/** The calls of feature-areas §7 (Sharing) and the owner project's share management. */
export const sharingApi = {
  list: (groupId: number) => http.get<Share[]>(`/iot/groups/${groupId}/shares`),
  create: (groupId: number, body: z.input<typeof createShareBody>) =>
    http.post<Share>(`/iot/groups/${groupId}/shares`, body),
  revoke: (groupId: number, id: number) => http.delete<null>(`/iot/groups/${groupId}/shares/${id}`),
  /** Quiet: the dialog shows the reason under the code field. */
  getByCode: (code: string) =>
    http.get<ShareByCode>('/iot/shares/getByCode', { params: { code }, quiet: true }),
  canShare: (id: number, groupId: number) =>
    http.get<ShareCapacity>(`/iot/shares/${id}/canShare`, { params: { groupId }, quiet: true }),
  /** Where the share's cameras may go in the target project (quiet: the dialog shows 重试). */
  targetGroups: (id: number, groupId: number) =>
    http.get<ShareTargetGroup[]>(`/iot/shares/${id}/targetGroups`, { params: { groupId }, quiet: true }),
  /** useShare (feature-areas §7): the target project and a group per camera of the share. */
  applyShare: (id: number, groupId: number, cameras: { cameraId: number; groupId: number }[]) =>
    http.post<UseShareAnswer>(`/iot/shares/${id}/useShare`, { groupId, cameras }, { quiet: true }),
  /** 移除共享: the target gives one shared gateway back. */
  leave: (groupId: number, gatewayId: number) =>
    http.delete<null>(`/iot/groups/${groupId}/sharedGateways/${gatewayId}`),
  /** The project's own gateways, for choosing what to share (shared-in ones cannot be shared on). */
  ownGateways: async (groupId: number) =>
    (
      await http.get<Page<GatewayListItem>>(`/iot/groups/${groupId}/gateways`, {
        params: { page: 0, size: 1000 },
      })
    ).list.filter((g) => !g.shared),
  /**
   * The project's own cameras (视频监控's list; shared-in ones cannot be shared on). Quiet: without
   * 视频监控 the dialog offers gateways only.
   */
  ownCameras: async (groupId: number) =>
    (await http.get<Camera[]>(`/iot/groups/${groupId}/cameras`, { quiet: true })).filter(
      (c) => c.shareOwnerId === null,
    ),
};
