import { availability, id, Permission } from '@iot/contracts';
import {
  CAMERA_MENU,
  camera,
  cameraAccount,
  cameraAccountBody,
  cameraBody,
  cameraGroupOption,
  cameraListQuery,
  playbacksAnswer,
  playbacksQuery,
  playUrl,
  preset,
  presetBody,
  presetNameCheckQuery,
  ptzBody,
  snapshotCaptureBody,
  snapshotMap,
  snapshotQuery,
} from '@iot/contracts/cameras';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import type { CamerasService } from './cameras.service.js';

const tags = ['视频监控'];
const base = '/iot/groups/:groupId/cameras';
const accounts = '/iot/groups/:groupId/cameraAccounts';
const groupParams = z.object({ groupId: id });
const params = groupParams.extend({ id });
const presetParams = params.extend({ presetId: id });
const scopeId = ({ params }: { params: { groupId: number } }) => params.groupId;
const read = { menu: CAMERA_MENU, bit: Permission.READ, scope: 'project' as const, scopeId };
// feature-areas §6: PTZ, talk and add-preset need the create bit.
const create = { ...read, bit: Permission.CREATE };
const update = { ...read, bit: Permission.UPDATE };
const remove = { ...read, bit: Permission.DELETE };

/** 视频监控 (docs/decisions/0064-cameras.md): cameras, their calls of feature-areas §7, cloud accounts. */
export function registerCameraRoutes(router: Router, service: CamerasService): void {
  router.route({
    method: 'GET',
    url: base,
    summary: '摄像头列表（该分组及其下级分组的摄像头；onlyOwn=true 只要本分组的）',
    tags,
    params: groupParams,
    query: cameraListQuery,
    access: read,
    response: z.array(camera),
    handler: ({ scope, params, query }) =>
      service.list(
        scope!.id,
        params.groupId,
        query.keyword,
        query.onlyOwn === 'true' || query.onlyOwn === '1',
      ),
  });
  router.route({
    method: 'GET',
    url: `${base}/groupOptions`,
    summary: '摄像头可放的分组（本项目的区域和站点；视频监控的分组选择，无需分组管理权限）',
    tags,
    params: groupParams,
    access: read,
    response: z.array(cameraGroupOption),
    handler: ({ scope }) => service.groupOptions(scope!.id),
  });
  router.route({
    method: 'GET',
    url: `${base}/snapshots`,
    summary:
      "摄像头截图：cameraIds 逗号分隔，time 'YYYY-MM-DD HH:mm:ss'，flag 'W'（预警抓图）；data 为 摄像头编号 → 图片地址",
    tags,
    params: groupParams,
    query: snapshotQuery,
    access: read,
    response: snapshotMap,
    handler: ({ scope, query }) => service.snapshots(scope!.id, query.cameraIds, query.time, query.flag),
  });
  router.route({
    method: 'POST',
    url: `${base}/snapshots`,
    summary: '立即抓取截图（HTTP-FLV 摄像头由服务器的 ffmpeg 抓取一帧）；data 为 摄像头编号 → 图片地址',
    tags,
    params: groupParams,
    body: snapshotCaptureBody,
    access: create,
    response: snapshotMap,
    handler: ({ scope, body }) => service.capture(scope!.id, body.cameraIds, body.flag),
  });
  router.route({
    method: 'GET',
    url: `${base}/:id`,
    summary: '摄像头详情',
    tags,
    params,
    access: read,
    response: camera,
    handler: ({ scope, params }) => service.detail(scope!.id, params.id),
  });
  router.route({
    method: 'POST',
    url: base,
    summary: '新建摄像头（放在路径的分组，或 groupId 指定的本项目分组）',
    tags,
    params: groupParams,
    body: cameraBody,
    access: create,
    response: camera,
    handler: ({ scope, params, body }) => service.create(scope!.id, params.groupId, body),
  });
  router.route({
    method: 'PUT',
    url: `${base}/:id`,
    summary: '修改摄像头（验证码留空则保留原验证码）',
    tags,
    params,
    body: cameraBody,
    access: update,
    response: camera,
    handler: ({ scope, params, body }) => service.update(scope!.id, params.groupId, params.id, body),
  });
  router.route({
    method: 'DELETE',
    url: `${base}/:id`,
    summary: '删除摄像头（连同其预置点和截图）',
    tags,
    params,
    access: remove,
    response: z.null(),
    handler: async ({ scope, params }) => {
      await service.remove(scope!.id, params.id);
      return null;
    },
  });
  router.route({
    method: 'GET',
    url: `${base}/:id/playUrl`,
    summary: '播放地址（每个节点按摄像头缓存 5 分钟）',
    tags,
    params,
    access: read,
    response: playUrl,
    handler: ({ scope, params }) => service.playUrl(scope!.id, params.id),
  });
  router.route({
    method: 'GET',
    url: `${base}/:id/talkUrl`,
    summary: '对讲地址（需新建权限）',
    tags,
    params,
    access: create,
    response: playUrl,
    handler: ({ scope, params }) => service.talkUrl(scope!.id, params.id),
  });
  router.route({
    method: 'GET',
    url: `${base}/:id/playbacks`,
    summary: "回放：beginTime、endTime 'YYYY-MM-DD HH:mm:ss'；data 为回放地址和回放记录",
    tags,
    params,
    query: playbacksQuery,
    access: read,
    response: playbacksAnswer,
    handler: ({ scope, params, query }) =>
      service.playbacks(scope!.id, params.id, query.beginTime, query.endTime),
  });
  router.route({
    method: 'POST',
    url: `${base}/:id/ptz`,
    summary: '云台控制：action start/stop，direction（含 zoomIn/zoomOut），speed（项目调用为 1）；需新建权限',
    tags,
    params,
    body: ptzBody,
    access: create,
    response: z.null(),
    handler: async ({ scope, params, body }) => {
      await service.ptz(scope!.id, params.id, body);
      return null;
    },
  });
  registerPresetRoutes(router, service);
  registerAccountRoutes(router, service);
}

function registerPresetRoutes(router: Router, service: CamerasService): void {
  router.route({
    method: 'GET',
    url: `${base}/:id/presets`,
    summary: '预置点列表',
    tags,
    params,
    access: read,
    response: z.array(preset),
    handler: ({ scope, params }) => service.presets(scope!.id, params.id),
  });
  router.route({
    method: 'GET',
    url: `${base}/:id/presets/checkName`,
    summary: '预置点名称唯一性校验（同一摄像头内；data 为 true 表示可用）',
    tags,
    params,
    query: presetNameCheckQuery,
    access: read,
    response: availability,
    handler: ({ scope, params, query }) =>
      service.presetNameAvailable(scope!.id, params.id, query.name, query.excludeId),
  });
  router.route({
    method: 'POST',
    url: `${base}/:id/presets`,
    summary: '添加预置点（摄像头当前位置；需新建权限）',
    tags,
    params,
    body: presetBody,
    access: create,
    response: preset,
    handler: ({ scope, params, body }) => service.addPreset(scope!.id, params.id, body.name),
  });
  router.route({
    method: 'PUT',
    url: `${base}/:id/presets/:presetId/goto`,
    summary: '转到预置点（需新建权限）',
    tags,
    params: presetParams,
    access: create,
    response: z.null(),
    handler: async ({ scope, params }) => {
      await service.gotoPreset(scope!.id, params.id, params.presetId);
      return null;
    },
  });
  router.route({
    method: 'DELETE',
    url: `${base}/:id/presets/:presetId`,
    summary: '删除预置点（需新建权限）',
    tags,
    params: presetParams,
    access: create,
    response: z.null(),
    handler: async ({ scope, params }) => {
      await service.removePreset(scope!.id, params.id, params.presetId);
      return null;
    },
  });
}

function registerAccountRoutes(router: Router, service: CamerasService): void {
  router.route({
    method: 'GET',
    url: accounts,
    summary: '摄像头账号（云平台）列表；不含密钥',
    tags,
    params: groupParams,
    access: read,
    response: z.array(cameraAccount),
    handler: ({ scope }) => service.accounts.list(scope!.id),
  });
  router.route({
    method: 'POST',
    url: accounts,
    summary: '新建摄像头账号（AppSecret 加密保存，从不返回）',
    tags,
    params: groupParams,
    body: cameraAccountBody,
    access: create,
    response: cameraAccount,
    handler: ({ scope, body }) => service.accounts.create(scope!.id, body),
  });
  router.route({
    method: 'PUT',
    url: `${accounts}/:id`,
    summary: '修改摄像头账号（AppSecret 留空则保留）',
    tags,
    params,
    body: cameraAccountBody,
    access: update,
    response: cameraAccount,
    handler: ({ scope, params, body }) => service.accounts.update(scope!.id, params.id, body),
  });
  router.route({
    method: 'DELETE',
    url: `${accounts}/:id`,
    summary: '删除摄像头账号（账号下没有摄像头时）',
    tags,
    params,
    access: remove,
    response: z.null(),
    handler: async ({ scope, params }) => {
      await service.accounts.remove(scope!.id, params.id);
      return null;
    },
  });
}
