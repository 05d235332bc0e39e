import { z } from 'zod';
import { id } from '../common/envelope.js';

/**
 * Device sharing by code (feature-areas §2–§5, §7; docs/decisions/0069-sharing-by-code.md).
 * A share holds items of a kind: gateways now, cameras once they exist. The share's items stay
 * with the owner project; using the code links them, read-only, into the target project.
 */

/** The kinds of device a share can hold. Stored as text, so never rename. */
export const SHARE_ITEM_KINDS = ['gateway', 'camera'] as const;
export type ShareItemKind = (typeof SHARE_ITEM_KINDS)[number];

/** Share codes are at most 36 characters (feature-areas §9); ours are UUIDs, exactly 36. */
export const SHARE_CODE_MAX = 36;
/** Most gateways one share holds. */
export const MAX_SHARE_GATEWAYS = 100;
/** Most cameras one share holds. */
export const MAX_SHARE_CAMERAS = 100;

export const ShareMessages = {
  /** feature-areas §5, given in Chinese. */
  PROJECT_REQUIRED: '项目不能为空！',
  CODE_REQUIRED: '分享码不能为空！',
  CODE_TOO_LONG: '最多输入36个字符！',
  CAMERA_GROUP_REQUIRED: '请选择摄像头所在分组！',
  /** feature-areas §5 gives it in English; the mapping is in common/spec-texts.ts. */
  SAME_PROJECT: '分享码的设备来自所选项目，请更换项目！',
  /** feature-areas §8: the web shows this with the server's message. */
  CREATED: '创建成功',
  /** Ours (the spec does not show them). */
  CODE_NOT_FOUND: '分享码不存在或已撤销！',
  CODE_EXPIRED: '分享码已过期！',
  OWNER_GONE: '分享者已不存在，分享码已失效！',
  ALREADY_USED: '该项目已使用过此分享码！',
  NOTHING_TO_SHARE: '分享的设备已不存在！',
  GATEWAYS_REQUIRED: '请选择要分享的网关',
  DEVICES_REQUIRED: '请选择要分享的网关或摄像头',
  GATEWAY_NOT_IN_PROJECT: '只能分享本项目的网关',
  CAMERA_NOT_IN_PROJECT: '只能分享本项目的摄像头',
  CAMERA_GROUP_NOT_IN_TARGET: '摄像头所在分组须为目标项目的区域或站点',
  NOT_FOUND: '分享不存在',
  CAPACITY_SHORT: '项目剩余监测项不足，请先购买',
  READ_ONLY: '共享网关为只读，其配置由分享方项目管理！',
  CAMERA_READ_ONLY: '共享摄像头为只读，只能观看实时画面和回放！',
  NOT_SHARED: '该网关不是共享到本项目的网关',
  EXPIRY_IN_PAST: '有效期须晚于当前时间',
} as const;

/** The use-share dialog's code field: required, at most 36 characters. */
export const shareCode = z
  .string({ error: ShareMessages.CODE_REQUIRED })
  .trim()
  .min(1, ShareMessages.CODE_REQUIRED)
  .max(SHARE_CODE_MAX, ShareMessages.CODE_TOO_LONG);

export const getByCodeQuery = z.object({ code: shareCode });

/**
 * 新建分享 by a project admin: the project's own gateways and cameras (at least one device),
 * optionally an expiry (epoch ms).
 */
export const createShareBody = z
  .object({
    gatewayIds: z.array(id, { error: ShareMessages.DEVICES_REQUIRED }).max(MAX_SHARE_GATEWAYS).default([]),
    cameraIds: z.array(id, { error: ShareMessages.DEVICES_REQUIRED }).max(MAX_SHARE_CAMERAS).default([]),
    expiresAt: z.number().int().positive().nullable().default(null),
    remark: z.string().trim().max(100).default(''),
  })
  .refine((body) => body.gatewayIds.length + body.cameraIds.length > 0, {
    message: ShareMessages.DEVICES_REQUIRED,
    path: ['gatewayIds'],
  });

/** Where each camera of the share goes in the target project (feature-areas §2, §5). */
export const cameraPlacement = z.object({ cameraId: id, groupId: id });

/** 使用分享码: the target project (its root group id) and a group per camera of the share. */
export const useShareBody = z.object({
  groupId: z.coerce
    .number({ error: ShareMessages.PROJECT_REQUIRED })
    .int(ShareMessages.PROJECT_REQUIRED)
    .positive(ShareMessages.PROJECT_REQUIRED),
  cameras: z.array(cameraPlacement).default([]),
});

export const canShareQuery = z.object({ groupId: id });

/** A group of the target project a shared camera may be placed in (the use-share dialog's picker). */
export const shareTargetGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
});
export type ShareTargetGroup = z.infer<typeof shareTargetGroup>;

export const shareItem = z.object({
  kind: z.enum(SHARE_ITEM_KINDS),
  id: z.number().int(),
  name: z.string(),
  /** Gateway indicators the item brings (0 for cameras): what the target's quota is charged. */
  indicatorCount: z.number().int(),
});
export type ShareItem = z.infer<typeof shareItem>;

/** What a project admin sees of the project's own shares. */
export const share = z.object({
  id: z.number().int(),
  code: z.string(),
  remark: z.string(),
  sourceGroupId: z.number().int(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.number().int(),
  expiresAt: z.number().int().nullable(),
  revokedAt: z.number().int().nullable(),
  items: z.array(shareItem),
  /** Projects that used the code and still hold its links. */
  uses: z.array(z.object({ groupId: z.number().int(), name: z.string(), usedAt: z.number().int() })),
});
export type Share = z.infer<typeof share>;

/** What the code shows to whoever holds it (getByCode): enough to pick a target project. */
export const shareByCode = z.object({
  id: z.number().int(),
  code: z.string(),
  sourceGroupId: z.number().int(),
  sourceGroupName: z.string(),
  ownerName: z.string(),
  expiresAt: z.number().int().nullable(),
  gateways: z.array(shareItem),
  cameras: z.array(shareItem),
  /** Gateway indicators the share needs in the target project. */
  indicatorCount: z.number().int(),
});
export type ShareByCode = z.infer<typeof shareByCode>;

/** canShare: whether the target project has room; shortBy = how many more monitoring items are needed. */
export const shareCapacity = z.object({
  enough: z.boolean(),
  needed: z.number().int(),
  /** -1 when the project is unlimited. */
  left: z.number().int(),
  shortBy: z.number().int(),
});
export type ShareCapacity = z.infer<typeof shareCapacity>;

/** The capacity-short dialog's sentence (the web shows it with a link to 资源概览). */
export const capacityShortText = (shortBy: number) =>
  `该分享需要的监测项比项目剩余的多${shortBy}个，请先购买监测项。`;

/**
 * Each camera of the share needs a target group (feature-areas §5). Answers the message for the
 * first camera without one, or undefined when all have one.
 */
export function missingCameraGroup(
  shareCameraIds: number[],
  placements: { cameraId: number; groupId: number }[],
): string | undefined {
  const placed = new Set(placements.map((p) => p.cameraId));
  return shareCameraIds.some((cameraId) => !placed.has(cameraId))
    ? ShareMessages.CAMERA_GROUP_REQUIRED
    : undefined;
}

/** useShare's success message: what came in, from which project. */
export function useShareMessage(gateways: number, cameras: number, sourceName: string): string {
  const parts = [
    ...(gateways > 0 || cameras === 0 ? [`${gateways}个共享网关`] : []),
    ...(cameras > 0 ? [`${cameras}个共享摄像头`] : []),
  ];
  return `已添加${parts.join('、')}（来自项目“${sourceName}”）`;
}

/**
 * The refusal when an owner adds indicators to a shared gateway and a project it is shared into
 * lacks room (decision 0069): the data is the spec's 411 quota refusal of that project, with its id.
 */
export const sharedTargetShortText = (name: string, max: number, used: number, needed: number) =>
  `该网关已共享给项目“${name}”，其监测项不足（最多${max}个，已接入${used}个，本次需新增${needed}个），请该项目购买后再添加`;

/** A gateway as the target project lists it: marked shared, naming the owner project. */
export const SHARED_TAG = '共享';
