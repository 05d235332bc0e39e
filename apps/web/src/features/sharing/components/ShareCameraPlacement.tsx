import { type ShareItem, ShareMessages, type ShareTargetGroup } from '@iot/contracts/sharing';
import { useQuery } from '@tanstack/react-query';
import { Form, Select, Spin, Typography } from 'antd';
import { LoadError } from '../../../components/LoadState';
import { sharingApi } from '../api';

/** The form field of a camera's target group: `cameraGroups.{cameraId}`. */
export const cameraGroupField = (cameraId: number) => ['cameraGroups', String(cameraId)];

/** Groups as a tree-ordered list, each label indented by its depth (项目 › 区域 › 站点). */
function indented(groups: ShareTargetGroup[]): { value: number; label: string }[] {
  const children = new Map<number | null, ShareTargetGroup[]>();
  const ids = new Set(groups.map((g) => g.id));
  for (const g of groups) {
    const parent = g.parentId !== null && ids.has(g.parentId) ? g.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), g]);
  }
  const out: { value: number; label: string }[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const g of children.get(parent) ?? []) {
      out.push({ value: g.id, label: `${'\u3000'.repeat(depth)}${g.name}` });
      walk(g.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/**
 * The share's cameras, each with the target project's group it goes to (feature-areas §2, §5:
 * 请选择摄像头所在分组！). The groups load once a target project is chosen; a failed load says why,
 * with 重试, instead of an empty picker.
 */
export function ShareCameraPlacement({
  shareId,
  cameras,
  groupId,
}: {
  shareId: number;
  cameras: ShareItem[];
  groupId: number | undefined;
}) {
  const groups = useQuery({
    queryKey: ['shares', shareId, 'targetGroups', groupId],
    queryFn: () => sharingApi.targetGroups(shareId, groupId!),
    enabled: groupId !== undefined,
    retry: false,
  });
  if (cameras.length === 0) return null;
  const options = groups.data ? indented(groups.data) : [];
  return (
    <div data-testid="share-cameras-placement">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        摄像头（{cameras.length}）：选择放在目标项目的哪个分组
      </Typography.Title>
      {groupId === undefined ? (
        <Typography.Paragraph type="secondary">请先选择目标项目</Typography.Paragraph>
      ) : groups.isError ? (
        <div style={{ marginBottom: 16 }}>
          <LoadError what="目标项目的分组" error={groups.error} onRetry={() => groups.refetch()} inline />
        </div>
      ) : groups.isLoading ? (
        <Spin style={{ display: 'block', marginBottom: 16 }} />
      ) : null}
      {cameras.map((camera) => (
        <Form.Item
          key={camera.id}
          name={cameraGroupField(camera.id)}
          label={camera.name}
          rules={[{ required: true, message: ShareMessages.CAMERA_GROUP_REQUIRED }]}
        >
          <Select
            placeholder="请选择分组"
            data-testid={`share-camera-group-${camera.id}`}
            disabled={groupId === undefined || !groups.isSuccess}
            options={options}
            showSearch
            optionFilterProp="label"
          />
        </Form.Item>
      ))}
    </div>
  );
}
