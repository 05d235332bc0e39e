import type { Camera } from '@iot/contracts/cameras';
import { useQuery } from '@tanstack/react-query';
import { Empty, Segmented, Space, Typography } from 'antd';
import { type CSSProperties, useState } from 'react';
import { LoadError } from '../../../components/LoadState';
import { cameraKeys, camerasApi } from '../api';
import { CameraPlayer } from './CameraPlayer';

const LAYOUTS = [2, 3, 4] as const;

/** 实时画面墙: up to 4×4 cameras of the project playing at once, each over its own WebSocket-FLV. */
export function CameraWall({ projectId }: { projectId: number }) {
  const [side, setSide] = useState<(typeof LAYOUTS)[number]>(2);
  const list = useQuery({
    queryKey: cameraKeys.list(projectId, projectId),
    queryFn: () => camerasApi.list(projectId),
  });
  const cameras: Camera[] = (list.data ?? []).slice(0, side * side);
  if (list.isError) return <LoadError what="摄像头列表" error={list.error} onRetry={() => list.refetch()} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Typography.Text>画面布局</Typography.Text>
        <Segmented
          value={side}
          onChange={(v) => setSide(v as (typeof LAYOUTS)[number])}
          options={LAYOUTS.map((n) => ({ value: n, label: `${n}×${n}` }))}
        />
      </Space>
      {!list.isLoading && cameras.length === 0 ? (
        <Empty description="项目还没有摄像头" />
      ) : (
        <div
          className="camera-wall"
          data-testid="camera-wall"
          style={{ '--camera-wall-side': side } as CSSProperties}
        >
          {cameras.map((camera) => (
            <CameraPlayer key={camera.id} projectId={projectId} camera={camera} autoPlay compact />
          ))}
        </div>
      )}
    </Space>
  );
}
