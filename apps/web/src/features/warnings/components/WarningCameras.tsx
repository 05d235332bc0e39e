import { VideoCameraOutlined } from '@ant-design/icons';
import { zh } from '@iot/contracts';
import type { Camera } from '@iot/contracts/cameras';
import type { Warning } from '@iot/contracts/warnings';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Image, Row, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { CameraModal, cameraKeys, camerasApi } from '../../cameras/index';

/** The snapshots call's time: 'YYYY-MM-DD HH:mm:ss' in China time (feature-areas §7). */
export const specTime = (ms: number) =>
  new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** What one of the warning's cameras shows: its snapshot, or the spec's message why not (§8). */
export type CameraShot =
  | { id: number; state: 'deleted' }
  | { id: number; state: 'none'; camera: Camera }
  | { id: number; state: 'image'; camera: Camera; url: string };

export function cameraShots(
  ids: number[],
  cameras: Camera[],
  snapshots: Record<string, string> | undefined,
): CameraShot[] {
  const byId = new Map(cameras.map((c) => [c.id, c]));
  return ids.map((id) => {
    const camera = byId.get(id);
    if (!camera) return { id, state: 'deleted' };
    const url = snapshots?.[String(id)];
    return url ? { id, state: 'image', camera, url } : { id, state: 'none', camera };
  });
}

function Shot({ shot, failed }: { shot: CameraShot; failed: boolean }) {
  const [broken, setBroken] = useState(false);
  const title = shot.state === 'deleted' ? `摄像头 ${shot.id}` : shot.camera.name;
  let body: React.ReactNode;
  if (shot.state === 'deleted')
    body = <Typography.Text type="secondary">{zh('Associated camera has been deleted')}</Typography.Text>;
  else if (failed || broken)
    body = <Typography.Text type="danger">{zh('Snapshot image fetch failed')}</Typography.Text>;
  else if (shot.state === 'none')
    body = (
      <Typography.Text type="secondary">
        {zh('{name} camera has no snapshot image yet').replace('{name}', shot.camera.name)}
      </Typography.Text>
    );
  else
    body = (
      <Image
        src={shot.url}
        alt={`${shot.camera.name}截图`}
        width="100%"
        style={{ aspectRatio: '16 / 9', objectFit: 'cover' }}
        onError={() => setBroken(true)}
      />
    );
  return (
    <Card size="small" title={title} data-testid="warning-snapshot">
      <div style={{ minHeight: 60, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {body}
      </div>
    </Card>
  );
}

/**
 * 关联摄像头 of a warning (decision 0064, "Warnings with cameras"): the snapshot of each camera taken
 * nearest the warning's time (flag 'W'), the spec's message where a camera was deleted, has none or
 * the fetch failed, and 查看视频 opening the camera modal with playback from a minute before it.
 * Hidden for a user who may not see the cameras (the list answers a refusal).
 */
export function WarningCameras({ warning }: { warning: Warning }) {
  const projectId = warning.projectId;
  const [open, setOpen] = useState(false);
  const cameras = useQuery({
    queryKey: cameraKeys.list(projectId, projectId),
    queryFn: () => camerasApi.list(projectId),
    retry: false,
  });
  const existing = (cameras.data ?? []).filter((c) => warning.cameraIds.includes(c.id));
  const time = specTime(warning.startedAt);
  const snapshots = useQuery({
    queryKey: ['cameras', projectId, 'snapshots', existing.map((c) => c.id).join(','), time],
    queryFn: () =>
      camerasApi.snapshots(
        projectId,
        existing.map((c) => c.id),
        time,
        'W',
      ),
    enabled: existing.length > 0,
    retry: false,
  });
  if (warning.cameraIds.length === 0 || cameras.isError) return null;
  const shots = cameraShots(warning.cameraIds, cameras.data ?? [], snapshots.data);
  const loading = cameras.isPending || (existing.length > 0 && snapshots.isPending);
  return (
    <div style={{ marginBottom: 24 }} data-testid="warning-cameras">
      <Row justify="space-between" align="middle" style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          关联摄像头
        </Typography.Title>
        {existing.length > 0 && (
          <Button icon={<VideoCameraOutlined />} onClick={() => setOpen(true)}>
            查看视频
          </Button>
        )}
      </Row>
      {loading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <>
          {snapshots.isError && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 8 }}
              message={zh('Snapshot image fetch failed')}
              action={
                <Button size="small" onClick={() => snapshots.refetch()}>
                  重试
                </Button>
              }
            />
          )}
          <Row gutter={[12, 12]}>
            {shots.map((shot) => (
              <Col key={shot.id} xs={24} sm={12}>
                <Shot shot={shot} failed={snapshots.isError} />
              </Col>
            ))}
          </Row>
        </>
      )}
      {existing.length > 0 && (
        <CameraModal
          projectId={projectId}
          cameras={existing}
          warningTime={warning.startedAt}
          open={open}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}
