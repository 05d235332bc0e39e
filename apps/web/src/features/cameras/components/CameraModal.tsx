import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { type Camera, CameraLimits, CameraMessages, type PlaybackRecord } from '@iot/contracts/cameras';
import { Button, DatePicker, List, Modal, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { camerasApi } from '../api';
import { CameraControls } from './CameraControls';
import { CameraPlayer } from './CameraPlayer';

const FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * The camera modal of feature-areas §2 and §4: 651 px wide, body 400 px; previous/next arrows when
 * there is more than one camera, cycling; the chosen camera starts 1 s after it is chosen and the
 * previous one stops; PTZ, talk and 添加预置点 for those allowed; playback over a range that
 * defaults to one minute before the warning time until now, its first record chosen.
 */
export function CameraModal({
  projectId,
  cameras,
  initialIndex = 0,
  warningTime,
  open,
  onClose,
}: {
  projectId: number;
  cameras: Camera[];
  initialIndex?: number;
  /** The warning the cameras are shown for (ms); the playback range starts a minute before it. */
  warningTime?: number;
  open: boolean;
  onClose(): void;
}) {
  const [index, setIndex] = useState(initialIndex);
  const [playing, setPlaying] = useState<number | null>(null);
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [records, setRecords] = useState<PlaybackRecord[]>([]);
  const [chosen, setChosen] = useState(0);
  const [playbackNote, setPlaybackNote] = useState('');
  const [playbackUrl, setPlaybackUrl] = useState('');
  const camera = cameras[index % Math.max(1, cameras.length)];
  // By id: a refetched list (new objects, same cameras) must not restart the player.
  const cameraId = camera?.id;

  useEffect(() => {
    if (open) setIndex(initialIndex);
  }, [open, initialIndex]);
  useEffect(() => {
    setPlaying(null);
    setRecords([]);
    setPlaybackNote('');
    setRange([dayjs(warningTime ?? Date.now()).subtract(1, 'minute'), dayjs()]);
    if (!open || cameraId === undefined) return;
    const timer = setTimeout(() => setPlaying(cameraId), CameraLimits.PLAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open, cameraId, warningTime]);

  // The chosen record plays (a link platform's url is the range's streamPath); none chosen: live.
  const record = records[chosen];
  const playback = useMemo(
    () => (record && playbackUrl ? { url: playbackUrl, ...record } : undefined),
    [record, playbackUrl],
  );
  const step = (delta: number) => setIndex((i) => (i + delta + cameras.length) % cameras.length);
  const queryPlayback = async () => {
    if (!camera) return;
    if (!range) return setPlaybackNote(CameraMessages.PLAYBACK_RANGE_REQUIRED);
    try {
      const answer = await camerasApi.playbacks(
        projectId,
        camera.id,
        range[0].format(FORMAT),
        range[1].format(FORMAT),
      );
      setRecords(answer.playbacks);
      setPlaybackUrl(answer.url);
      setChosen(0);
      setPlaybackNote(answer.playbacks.length === 0 ? CameraMessages.PLAYBACK_EMPTY : '');
    } catch (error) {
      setPlaybackNote(
        error instanceof Error && error.message ? error.message : CameraMessages.PLAYBACK_FETCH_FAILED,
      );
    }
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={651}
      destroyOnHidden
      title={
        camera ? `${camera.name}${cameras.length > 1 ? `（${index + 1}/${cameras.length}）` : ''}` : '视频'
      }
      styles={{ body: { minHeight: 400 } }}
    >
      {camera && (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="camera-modal">
          <div style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
            {cameras.length > 1 && (
              <Button type="text" aria-label="上一个" icon={<LeftOutlined />} onClick={() => step(-1)} />
            )}
            <div style={{ flex: 1, minWidth: 0 }}>
              <CameraPlayer
                key={playback ? `${camera.id}:${chosen}` : camera.id}
                projectId={projectId}
                camera={camera}
                autoPlay={playing === camera.id || playback !== undefined}
                playback={playback}
              />
            </div>
            {cameras.length > 1 && (
              <Button type="text" aria-label="下一个" icon={<RightOutlined />} onClick={() => step(1)} />
            )}
          </div>
          <CameraControls projectId={projectId} camera={camera} />
          <Space wrap>
            <DatePicker.RangePicker
              showTime
              value={range}
              onChange={(v) => setRange(v?.[0] && v[1] ? [v[0], v[1]] : null)}
              aria-label="回放时间"
            />
            <Button onClick={() => void queryPlayback()}>回放</Button>
          </Space>
          {playbackNote && (
            <Typography.Text type="warning" data-testid="playback-note">
              {playbackNote}
            </Typography.Text>
          )}
          {records.length > 0 && (
            <List
              size="small"
              dataSource={records}
              renderItem={(record, i) => (
                <List.Item
                  onClick={() => setChosen(i)}
                  style={{ cursor: 'pointer', fontWeight: i === chosen ? 600 : undefined }}
                >
                  {record.beginTime} ~ {record.endTime}
                </List.Item>
              )}
            />
          )}
        </Space>
      )}
    </Modal>
  );
}
