import { randomUUID } from 'node:crypto';
import { Permission } from '@iot/contracts';
import {
  type createShareBody,
  missingCameraGroup,
  type Share,
  type ShareByCode,
  type ShareCapacity,
  ShareMessages,
  type ShareTargetGroup,
  type useShareBody,
  useShareMessage,
} from '@iot/contracts/sharing';
import type { z } from 'zod';
import type { AccessService, AuthContext } from '../../platform/auth/access.service.js';
import { camerasChanged } from '../../platform/camera-config.js';
import type { ClusterBus } from '../../platform/cluster-bus.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { gatewayConfigChanged } from '../../platform/gateway-config.js';
import type { ShareRow, SharingRepository } from './sharing.repository.js';

const UNLIMITED = -1;

/**
 * Shares are managed under 网关管理 (router-projectGateway; the gateways feature's menu, named here
 * rather than imported: the gateways feature reads this feature's visibility rule, and the import
 * would run both ways).
 */
export const SHARE_MENU = 'router-projectGateway';

/** Using a share adds gateways to the target project: the same right as adding one there. */
export const USE_SHARE_REQUIREMENT = {
  menu: SHARE_MENU,
  bit: Permission.CREATE,
  scope: 'project',
} as const;

/** What a share needs of a target project against what it has left. */
export function capacityOf(quota: { max: number; used: number }, needed: number): ShareCapacity {
  if (quota.max === UNLIMITED) return { enough: true, needed, left: UNLIMITED, shortBy: 0 };
  const left = Math.max(0, quota.max - quota.used);
  const shortBy = Math.max(0, needed - left);
  return { enough: shortBy === 0, needed, left, shortBy };
}

/**
 * Sharing by code (docs/decisions/0069): a project admin shares the project's gateways; whoever holds
 * the code and may add gateways to another project links them there, read-only.
 */
export class SharingService {
  constructor(
    private readonly repository: SharingRepository,
    private readonly access: AccessService,
    private readonly cluster: ClusterBus,
  ) {}

  list(projectId: number): Promise<Share[]> {
    return this.repository.list(projectId);
  }

  async create(
    projectId: number,
    input: z.output<typeof createShareBody>,
    auth: AuthContext,
  ): Promise<Share> {
    const wanted = [...new Set(input.gatewayIds)];
    const owned = wanted.length === 0 ? [] : await this.repository.gatewaysOfProject(projectId, wanted);
    if (owned.length !== wanted.length) throw badRequest(ShareMessages.GATEWAY_NOT_IN_PROJECT);
    const cameras = [...new Set(input.cameraIds)];
    if ((await this.repository.camerasOfProject(projectId, cameras)).length !== cameras.length)
      throw badRequest(ShareMessages.CAMERA_NOT_IN_PROJECT);
    if (input.expiresAt !== null && input.expiresAt <= Date.now())
      throw badRequest(ShareMessages.EXPIRY_IN_PAST);
    const id = await this.repository.create({
      code: randomUUID(),
      projectId,
      userId: auth.userId,
      gatewayIds: wanted,
      cameraIds: cameras,
      expiresAt: input.expiresAt,
      remark: input.remark,
    });
    const created = (await this.repository.list(projectId)).find((s) => s.id === id);
    if (!created) throw notFound(ShareMessages.NOT_FOUND);
    return created;
  }

  /**
   * Revokes the share: every project that used it loses its gateways and cameras at once. The
   * gateways are announced on the cluster bus, so every node's live sockets re-judge who may watch
   * them; so are the cameras' copies no other share grants, so every node ends their streams and
   * forgets their play URLs (lists read the rule, so they drop the copies at once anyway).
   */
  async revoke(projectId: number, id: number): Promise<void> {
    if (!(await this.repository.isProjectOfShare(projectId, id))) throw notFound(ShareMessages.NOT_FOUND);
    const items = await this.repository.items(id);
    await this.repository.revoke(projectId, id);
    await gatewayConfigChanged(this.cluster, {
      gatewayIds: items.filter((i) => i.kind === 'gateway').map((i) => i.id),
    });
    await camerasChanged(this.cluster, await this.repository.orphanedCopies(id));
  }

  /** 移除共享: the target project gives one shared gateway back (the owner's share stays). */
  async leave(projectId: number, gatewayId: number): Promise<void> {
    if ((await this.repository.leave(projectId, gatewayId)) === 0) throw notFound(ShareMessages.NOT_SHARED);
    await gatewayConfigChanged(this.cluster, { gatewayIds: [gatewayId] });
  }

  /** The share behind a code, if it can still be used; otherwise the reason, in Chinese. */
  async byCode(code: string): Promise<ShareByCode> {
    const share = await this.repository.byCode(code);
    return this.present(await this.usable(share));
  }

  /** The spec's owner check: whether the admin who shared still exists (the code dies with them). */
  async ownerExists(id: number): Promise<boolean> {
    const share = await this.repository.byId(id);
    if (!share) throw notFound(ShareMessages.NOT_FOUND);
    return share.ownerName !== null;
  }

  /** canShare: the target's remaining monitoring items against what the share brings. */
  async canShare(id: number, targetProjectId: number): Promise<ShareCapacity> {
    const share = await this.usable(await this.repository.byId(id));
    if (share.projectId === targetProjectId) throw badRequest(ShareMessages.SAME_PROJECT);
    const needed = await this.neededIn(share.id, targetProjectId);
    return capacityOf(await this.repository.quota(targetProjectId), needed.indicators);
  }

  /** The target project's groups a shared camera may go to (the use-share dialog's picker). */
  async targetGroups(id: number, targetProjectId: number): Promise<ShareTargetGroup[]> {
    await this.usable(await this.repository.byId(id));
    return this.repository.targetGroups(targetProjectId);
  }

  /**
   * useShare: links the share's gateways and cameras into the target project, if every rule holds.
   * The quota, the project's pay state and "used once" are decided by the one quota gate inside the
   * use's transaction (decision 0068), so racing uses cannot overspend or link twice.
   */
  async use(
    auth: AuthContext,
    id: number,
    body: z.output<typeof useShareBody>,
  ): Promise<{ message: string; gatewayIds: number[]; cameraIds: number[] }> {
    const target = await this.access.authorize(auth, USE_SHARE_REQUIREMENT, body.groupId);
    const share = await this.usable(await this.repository.byId(id));
    if (share.projectId === target.id) throw badRequest(ShareMessages.SAME_PROJECT);
    const items = await this.repository.items(share.id);
    const cameraIds = items.filter((i) => i.kind === 'camera').map((i) => i.id);
    const missing = missingCameraGroup(cameraIds, body.cameras);
    if (missing) throw badRequest(missing);
    const groups = new Set((await this.repository.targetGroups(target.id)).map((g) => g.id));
    const cameras = cameraIds.map((cameraId) => ({
      cameraId,
      groupId: body.cameras.find((c) => c.cameraId === cameraId)!.groupId,
    }));
    if (cameras.some((c) => !groups.has(c.groupId)))
      throw badRequest(ShareMessages.CAMERA_GROUP_NOT_IN_TARGET);
    if (await this.repository.wasUsedBy(share.id, target.id)) throw conflict(ShareMessages.ALREADY_USED);
    const result = await this.repository.use(
      { id: share.id, gatewayIds: items.filter((i) => i.kind === 'gateway').map((i) => i.id), cameras },
      { projectId: target.id, userId: auth.userId },
      // Short of monitoring items: the capacity, for the web's dialog (feature-areas §5).
      (quota, needed) => badRequest(ShareMessages.CAPACITY_SHORT, capacityOf(quota, needed)),
    );
    if (result.outcome === 'used') throw conflict(ShareMessages.ALREADY_USED);
    return {
      message: useShareMessage(result.gatewayIds.length, cameras.length, share.projectName),
      gatewayIds: result.gatewayIds,
      cameraIds: result.cameraCopyIds,
    };
  }

  /** The share's gateways not yet visible in the target, and the indicators they bring. */
  private async neededIn(shareId: number, targetProjectId: number) {
    const gateways = (await this.repository.items(shareId)).filter((i) => i.kind === 'gateway');
    const already = await this.repository.alreadyShared(
      targetProjectId,
      gateways.map((g) => g.id),
    );
    const fresh = gateways.filter((g) => !already.has(g.id));
    return {
      gatewayIds: fresh.map((g) => g.id),
      indicators: fresh.reduce((sum, g) => sum + g.indicatorCount, 0),
    };
  }

  /** Refuses a share that is gone, revoked, expired, whose owner is gone, or that holds nothing. */
  private async usable(share: ShareRow | undefined): Promise<ShareRow> {
    if (!share || share.revokedAt !== null) throw notFound(ShareMessages.CODE_NOT_FOUND);
    if (share.expiresAt !== null && share.expiresAt <= Date.now())
      throw badRequest(ShareMessages.CODE_EXPIRED);
    if (share.ownerName === null) throw badRequest(ShareMessages.OWNER_GONE);
    if ((await this.repository.items(share.id)).length === 0)
      throw badRequest(ShareMessages.NOTHING_TO_SHARE);
    return share;
  }

  private async present(share: ShareRow): Promise<ShareByCode> {
    const items = await this.repository.items(share.id);
    const gateways = items.filter((i) => i.kind === 'gateway');
    return {
      id: share.id,
      code: share.code,
      sourceGroupId: share.projectId,
      sourceGroupName: share.projectName,
      ownerName: share.ownerName ?? '',
      expiresAt: share.expiresAt,
      gateways,
      cameras: items.filter((i) => i.kind === 'camera'),
      indicatorCount: gateways.reduce((sum, g) => sum + g.indicatorCount, 0),
    };
  }
}
