import {
  CaretRightOutlined,
  FullscreenOutlined,
  MutedOutlined,
  PauseOutlined,
  SoundOutlined,
} from '@ant-design/icons';
import { AggType, type Camera, CameraMessages } from '@iot/contracts/cameras';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import type Mpegts from 'mpegts.js';
import { useCallback, useEffect, useRef, useState } from 'react';
import { cameraKeys, camerasApi, streamAddress } from '../api';

type State = 'stopped' | 'loading' | 'playing' | 'error';

/**
 * One camera's live player: play/stop, mute, fullscreen. HTTP-FLV cameras play through the server's
 * relay with mpegts.js — over WebSocket-FLV by default, so a wall of 16 is not held to six HTTP
 * connections. Other platforms show the server's answer (该摄像头平台未配置 until their adapter is in).
 */
export function FlvPlayer({
  projectId,
  camera,
  autoPlay = false,
  compact = false,
  transport = 'ws',
}: {
  projectId: number;
  camera: Camera;
  autoPlay?: boolean;
  /** A wall tile: no unsupported-feature row, smaller controls. */
  compact?: boolean;
  transport?: 'ws' | 'http';
}) {
  const box = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const player = useRef<Mpegts.Player | null>(null);
  const [state, setState] = useState<State>('stopped');
  const [error, setError] = useState('');
  const [muted, setMuted] = useState(true);
  const client = useQueryClient();

  const stop = useCallback(() => {
    const current = player.current;
    player.current = null;
    if (current) {
      current.pause();
      current.unload();
      current.detachMediaElement();
      current.destroy();
    }
    setState((s) => (s === 'error' ? s : 'stopped'));
  }, []);

  const play = useCallback(async () => {
    stop();
    setError('');
    setState('loading');
    let created: Mpegts.Player | null = null;
    try {
      const { url } = await camerasApi.playUrl(projectId, camera.id);
      if (!url) throw new Error(CameraMessages.NO_PLAY_URL);
      const { default: mpegts } = await import('mpegts.js');
      if (!mpegts.isSupported() || !video.current) throw new Error(CameraMessages.PLAY_FAILED);
      created = mpegts.createPlayer(
        { type: 'flv', isLive: true, url: streamAddress(url, transport) },
        {
          enableWorker: false,
          lazyLoad: false,
          liveBufferLatencyChasing: true,
          autoCleanupSourceBuffer: true,
        },
      );
      player.current = created;
      const mine = created;
      const fail = () => {
        if (player.current !== mine) return;
        stop();
        setError(CameraMessages.PLAY_FAILED);
        setState('error');
        // The server has just judged the camera offline: the lists say so.
        void client.invalidateQueries({ queryKey: cameraKeys.all(projectId) });
      };
      created.on(mpegts.Events.ERROR, fail);
      // A live stream never completes: the relay closed it (camera unreachable, or gone).
      created.on(mpegts.Events.LOADING_COMPLETE, fail);
      created.attachMediaElement(video.current);
      created.load();
      await Promise.resolve(created.play());
      if (player.current === created) setState('playing');
    } catch (cause) {
      // Already judged (an error event stopped it, or another play replaced it).
      if (created && player.current !== created) return;
      stop();
      setError(cause instanceof Error && cause.message ? cause.message : CameraMessages.NO_PLAY_URL);
      setState('error');
    }
  }, [camera.id, client, projectId, stop, transport]);

  useEffect(() => {
    if (autoPlay) void play();
    return stop;
  }, [autoPlay, play, stop]);

  const toggleMute = () => {
    if (!video.current) return;
    video.current.muted = !muted;
    setMuted(!muted);
  };
  const fullscreen = () => void box.current?.requestFullscreen?.().catch(() => undefined);
  const playing = state === 'playing' || state === 'loading';
  const flv = camera.aggType === AggType.HTTP_FLV;

  return (
    <div ref={box} className="camera-player" data-testid={`camera-player-${camera.id}`}>
      <div className="camera-player__screen">
        <video
          ref={video}
          muted={muted}
          playsInline
          poster={camera.imgUrl || undefined}
          data-testid="camera-video"
          data-state={state}
        />
        {state !== 'playing' && (
          <div className="camera-player__overlay">
            {state === 'loading' && (
              <Typography.Text className="camera-player__hint">连接中…</Typography.Text>
            )}
            {state === 'error' && (
              <Typography.Text className="camera-player__hint" type="danger" data-testid="camera-error">
                {error}
              </Typography.Text>
            )}
            {state === 'stopped' && (
              <Button
                shape="circle"
                size={compact ? 'middle' : 'large'}
                icon={<CaretRightOutlined />}
                aria-label="播放"
                onClick={() => void play()}
              />
            )}
          </div>
        )}
      </div>
      <div className="camera-player__bar">
        <Typography.Text ellipsis className="camera-player__name">
          {camera.name}
        </Typography.Text>
        <Space size={2}>
          <Tooltip title={playing ? '停止' : '播放'}>
            <Button
              type="text"
              size="small"
              aria-label={playing ? '停止' : '播放'}
              icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
              onClick={() => (playing ? stop() : void play())}
            />
          </Tooltip>
          <Tooltip title={muted ? '打开声音' : '静音'}>
            <Button
              type="text"
              size="small"
              aria-label={muted ? '打开声音' : '静音'}
              icon={muted ? <MutedOutlined /> : <SoundOutlined />}
              onClick={toggleMute}
            />
          </Tooltip>
          <Tooltip title="全屏">
            <Button
              type="text"
              size="small"
              aria-label="全屏"
              icon={<FullscreenOutlined />}
              onClick={fullscreen}
            />
          </Tooltip>
        </Space>
      </div>
      {flv && !compact && (
        <Space size={4} wrap className="camera-player__unsupported" data-testid="camera-unsupported">
          <Tag>{CameraMessages.NO_PTZ}</Tag>
          <Tag>{CameraMessages.NO_TALK}</Tag>
          <Tag>{CameraMessages.NO_PLAYBACK}</Tag>
        </Space>
      )}
    </div>
  );
}
