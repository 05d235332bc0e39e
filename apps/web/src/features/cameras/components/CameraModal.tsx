import { LeftOutlined, RightOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { type Camera, CameraLimits, CameraMessages, type PlaybackRecord } from '@iot/contracts/cameras';
import { Button, DatePicker, List, Modal, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { camerasApi } from '../api';
import { fromChinaTime, toChinaTime } from '../china-time';
import type { PlayRequest } from '../player/source';
import { CameraControls } from './CameraControls';
import { CameraPlayer } from './CameraPlayer';

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * The camera modal of feature-areas §2 and §4: 651 px wide, body 400 px; previous/next arrows when
 * there is more than one camera, cycling; the chosen camera starts 1 s after it is chosen and the
 * previous one stops; PTZ, talk and 添加预置点 for those allowed; playback over a range that
 * defaults to one minute before the warning time until now. Choosing a record (the first is chosen
 * by itself) plays it in the player: the playbacks call over the record's part of the range gives
 * its address. 返回直播 goes back to live.
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
  const [chosen, setChosen] = useState(-1);
  const [playback, setPlayback] = useState<PlayRequest['playback']>();
  const [playbackNote, setPlaybackNote] = useState('');
  /** The range the records were asked for (China time), and which choice is the latest. */
  const asked = useRef<[string, string]>(['', '']);
  const choice = useRef(0);
  const camera = cameras[index % Math.max(1, cameras.length)];
  // By id: a refetched list (new objects, same cameras) must not restart the player.
  const cameraId = camera?.id;

  useEffect(() => {
    if (open) setIndex(initialIndex);
  }, [open, initialIndex]);
  useEffect(() => {
    setPlaying(null);
    setRecords([]);
    setChosen(-1);
    setPlayback(undefined);
    choice.current += 1;
    setPlaybackNote('');
    setRange([dayjs(warningTime ?? Date.now()).subtract(1, 'minute'), dayjs()]);
    if (!open || cameraId === undefined) return;
    const timer = setTimeout(() => setPlaying(cameraId), CameraLimits.PLAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open, cameraId, warningTime]);

  const step = (delta: number) => setIndex((i) => (i + delta + cameras.length) % cameras.length);
  const failure = (error: unknown, fallback: string) =>
    error instanceof Error && error.message ? error.message : fallback;

  /**
   * Plays one record: its part of the asked range, at the address the platform gives for it. When
   * that part is the whole asked range, the address already answered for it is used (on the link
   * platform every address is a session).
   */
  const choose = async (i: number, record: PlaybackRecord | undefined, answered?: string) => {
    if (!camera || !record) return;
    const mine = ++choice.current;
    setChosen(i);
    setPlaybackNote('');
    const [askedBegin, askedEnd] = asked.current;
    const beginTime = later(record.beginTime, askedBegin);
    const endTime = earlier(record.endTime, askedEnd);
    const whole = beginTime === askedBegin && endTime === askedEnd;
    try {
      const answer =
        whole && answered !== undefined
          ? { url: answered }
          : await camerasApi.playbacks(projectId, camera.id, beginTime, endTime);
      if (mine !== choice.current) return;
      if (!answer.url) {
        setPlayback(undefined);
        setPlaybackNote(CameraMessages.PLAYBACK_MISSING);
        return;
      }
      setPlayback({ url: answer.url, beginTime, endTime });
      setPlaying(camera.id);
    } catch (error) {
      if (mine !== choice.current) return;
      setPlayback(undefined);
      setPlaybackNote(failure(error, CameraMessages.PLAYBACK_MISSING));
    }
  };

  const queryPlayback = async () => {
    if (!camera) return;
    if (!range) return setPlaybackNote(CameraMessages.PLAYBACK_RANGE_REQUIRED);
    const mine = ++choice.current;
    asked.current = [toChinaTime(range[0]), toChinaTime(range[1])];
    try {
      const answer = await camerasApi.playbacks(projectId, camera.id, ...asked.current);
      if (mine !== choice.current) return;
      setRecords(answer.playbacks);
      setChosen(-1);
      setPlaybackNote(answer.playbacks.length === 0 ? CameraMessages.PLAYBACK_EMPTY : '');
      // feature-areas §4: playback mode selects the first record automatically.
      if (answer.playbacks.length > 0) await choose(0, answer.playbacks[0], answer.url);
    } catch (error) {
      if (mine !== choice.current) return;
      setRecords([]);
      setPlaybackNote(failure(error, CameraMessages.PLAYBACK_FETCH_FAILED));
    }
  };

  const backToLive = () => {
    choice.current += 1;
    setChosen(-1);
    setPlayback(undefined);
    setPlaybackNote('');
    if (camera) setPlaying(camera.id);
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
                key={camera.id}
                projectId={projectId}
                camera={camera}
                autoPlay={playing === camera.id}
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
            {playback && (
              <Button icon={<VideoCameraOutlined />} onClick={backToLive}>
                返回直播
              </Button>
            )}
          </Space>
          {playbackNote && (
            <Typography.Text type="warning" data-testid="playback-note">
              {playbackNote}
            </Typography.Text>
          )}
          {records.length > 0 && (
            <div data-testid="playback-records">
              <List
                size="small"
                dataSource={records}
                renderItem={(record, i) => (
                  <List.Item
                    onClick={() => void choose(i, record)}
                    aria-current={i === chosen ? 'true' : undefined}
                    className={i === chosen ? 'camera-record camera-record--chosen' : 'camera-record'}
                  >
                    {fromChinaTime(record.beginTime)} ~ {fromChinaTime(record.endTime)}
                  </List.Item>
                )}
              />
            </div>
          )}
        </Space>
      )}
    </Modal>
  );
}
