import { describe, expect, it } from 'vitest';
import {
  capacityShortText,
  createShareBody,
  getByCodeQuery,
  missingCameraGroup,
  SHARE_CODE_MAX,
  ShareMessages,
  useShareBody,
  useShareMessage,
} from './index.js';

describe('use-share validation (feature-areas §5)', () => {
  it('requires the code, at most 36 characters', () => {
    const message = (code: unknown) => getByCodeQuery.safeParse({ code }).error?.issues[0]?.message;
    expect(message('')).toBe('分享码不能为空！');
    expect(message(undefined)).toBe('分享码不能为空！');
    expect(message('a'.repeat(SHARE_CODE_MAX + 1))).toBe('最多输入36个字符！');
    expect(getByCodeQuery.safeParse({ code: 'a'.repeat(36) }).success).toBe(true);
  });

  it('requires the target project', () => {
    expect(useShareBody.safeParse({}).error?.issues[0]?.message).toBe('项目不能为空！');
    expect(useShareBody.safeParse({ groupId: '' }).error?.issues[0]?.message).toBe('项目不能为空！');
    expect(useShareBody.parse({ groupId: 7 })).toEqual({ groupId: 7, cameras: [] });
  });

  it('requires a target group for each camera of the share', () => {
    expect(missingCameraGroup([], [])).toBeUndefined();
    expect(missingCameraGroup([3, 4], [{ cameraId: 3, groupId: 9 }])).toBe('请选择摄像头所在分组！');
    expect(
      missingCameraGroup(
        [3, 4],
        [
          { cameraId: 3, groupId: 9 },
          { cameraId: 4, groupId: 9 },
        ],
      ),
    ).toBeUndefined();
    expect(ShareMessages.CAMERA_GROUP_REQUIRED).toBe('请选择摄像头所在分组！');
  });

  it('says how many more monitoring items the share needs', () => {
    expect(capacityShortText(5)).toBe('该分享需要的监测项比项目剩余的多5个，请先购买监测项。');
  });

  it('a share holds gateways, cameras or both, at least one device', () => {
    expect(createShareBody.safeParse({}).error?.issues[0]?.message).toBe('请选择要分享的网关或摄像头');
    expect(createShareBody.parse({ cameraIds: [2] })).toMatchObject({ gatewayIds: [], cameraIds: [2] });
    expect(createShareBody.parse({ gatewayIds: [1] })).toMatchObject({ gatewayIds: [1], cameraIds: [] });
  });

  it('says what a use brought in', () => {
    expect(useShareMessage(2, 0, '水厂')).toBe('已添加2个共享网关（来自项目“水厂”）');
    expect(useShareMessage(0, 1, '水厂')).toBe('已添加1个共享摄像头（来自项目“水厂”）');
    expect(useShareMessage(1, 2, '水厂')).toBe('已添加1个共享网关、2个共享摄像头（来自项目“水厂”）');
  });
});
