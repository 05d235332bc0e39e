import { id, Permission, ResultCode } from '@iot/contracts';
import {
  canShareQuery,
  createShareBody,
  getByCodeQuery,
  ShareMessages,
  share,
  shareByCode,
  shareCapacity,
  shareTargetGroup,
  useShareBody,
} from '@iot/contracts/sharing';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import { SHARE_MENU, type SharingService } from './sharing.service.js';

const tags = ['设备分享'];
const groupParams = z.object({ groupId: id });
const params = z.object({ id });

export function registerSharingRoutes(router: Router, sharing: SharingService): void {
  const projectScope = ({ params }: { params: { groupId: number } }) => params.groupId;
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/shares',
    summary: '本项目的分享码（新到旧），含分享的网关、已使用的项目',
    tags,
    params: groupParams,
    access: { menu: SHARE_MENU, bit: Permission.READ, scope: 'project', scopeId: projectScope },
    response: z.array(share),
    handler: ({ scope }) => sharing.list(scope!.id),
  });
  router.route({
    method: 'POST',
    url: '/iot/groups/:groupId/shares',
    summary: '分享本项目的网关：生成分享码（UUID，36 个字符），可设有效期',
    tags,
    params: groupParams,
    body: createShareBody,
    access: { menu: SHARE_MENU, bit: Permission.CREATE, scope: 'project', scopeId: projectScope },
    response: share,
    handler: ({ scope, body, auth }) => sharing.create(scope!.id, body, auth),
  });
  router.route({
    method: 'DELETE',
    url: '/iot/groups/:groupId/shares/:id',
    summary: '撤销分享：使用它的项目立即失去这些网关（各节点同时生效）',
    tags,
    params: groupParams.extend({ id }),
    access: { menu: SHARE_MENU, bit: Permission.DELETE, scope: 'project', scopeId: projectScope },
    handler: ({ scope, params }) => sharing.revoke(scope!.id, params.id),
  });
  router.route({
    method: 'DELETE',
    url: '/iot/groups/:groupId/sharedGateways/:gatewayId',
    summary: '移除共享：本项目不再使用这个共享网关（分享方的分享不变；该分享码的设备全部移除后可再次使用）',
    tags,
    params: groupParams.extend({ gatewayId: id }),
    access: { menu: SHARE_MENU, bit: Permission.DELETE, scope: 'project', scopeId: projectScope },
    handler: ({ scope, params }) => sharing.leave(scope!.id, params.gatewayId),
  });
  router.route({
    method: 'GET',
    url: '/iot/shares/getByCode',
    summary: '按分享码查询分享（来源项目、分享者、网关与所需监测项数）；失效的分享码给出原因',
    tags,
    query: getByCodeQuery,
    access: 'authenticated',
    response: shareByCode,
    handler: ({ query }) => sharing.byCode(query.code),
  });
  router.route({
    method: 'GET',
    url: '/iot/shares/:id/checkOwner',
    summary: '分享者是否仍存在（data 为 false 时分享码已失效）',
    tags,
    params,
    access: 'authenticated',
    response: z.boolean(),
    handler: ({ params }) => sharing.ownerExists(params.id),
  });
  router.route({
    method: 'GET',
    url: '/iot/shares/:id/canShare',
    summary: '容量检查：目标项目（groupId）剩余监测项与分享所需之差（shortBy 为还差的个数）',
    tags,
    params,
    query: canShareQuery,
    access: {
      menu: SHARE_MENU,
      bit: Permission.CREATE,
      scope: 'project',
      scopeId: ({ query }) => query.groupId,
    },
    response: shareCapacity,
    handler: ({ params, scope }) => sharing.canShare(params.id, scope!.id),
  });
  router.route({
    method: 'GET',
    url: '/iot/shares/:id/targetGroups',
    summary: '目标项目（groupId）中可放置共享摄像头的分组（项目、区域、站点）',
    tags,
    params,
    query: canShareQuery,
    access: {
      menu: SHARE_MENU,
      bit: Permission.CREATE,
      scope: 'project',
      scopeId: ({ query }) => query.groupId,
    },
    response: z.array(shareTargetGroup),
    handler: ({ params, scope }) => sharing.targetGroups(params.id, scope!.id),
  });
  router.route({
    method: 'POST',
    url: '/iot/shares/:id/useShare',
    summary:
      '使用分享码：把分享的网关和摄像头以只读方式加入目标项目（groupId）；摄像头须各选分组（cameras）；成功时 message 说明加入了什么',
    tags,
    params,
    body: useShareBody,
    // The target project is in the body: the service checks the right there (网关管理, 新增).
    access: 'authenticated',
    raw: true,
    handler: async ({ params, body, auth }) => {
      const result = await sharing.use(auth!, params.id, body);
      return {
        code: ResultCode.SUCCESS,
        message: result.message,
        // The message in data too, for clients that read only data (the web shows 创建成功 with it).
        data: {
          gatewayIds: result.gatewayIds,
          cameraIds: result.cameraIds,
          created: ShareMessages.CREATED,
          message: result.message,
        },
      };
    },
  });
}
