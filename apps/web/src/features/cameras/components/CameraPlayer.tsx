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
import { useCallback, useEffect, useRef, useState } from 'react';
import { cameraKeys } from '../api';
import type { MediaSession, PlayRequest } from '../player/source';
import { sourceFor } from '../player/sources';

type State = 'stopped' | 'loading' | 'playing' | 'error';

/**
 * One camera's player: play/stop, mute, fullscreen. The stream comes from the camera platform's
 * browser-side back-end (player/sources.ts): HTTP-FLV through the server's relay with mpegts.js, the
 * vendors' platforms through theirs. Given a playback, it plays that range instead of live (marked
 * 回放 beside the name) and stops at its end.
 */
export function CameraPlayer({
  projectId,
  camera,
  autoPlay = false,
  compact = false,
  transport = 'ws',
  playback,
}: {
  projectId: number;
  camera: Camera;
  autoPlay?: boolean;
  /** A wall tile: no unsupported-feature row, smaller controls. */
  compact?: boolean;
  transport?: 'ws' | 'http';
  playback?: PlayRequest['playback'];
}) {
  const box = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const session = useRef<MediaSession | null>(null);
  /** Bumped by every play and stop: a start that finishes after it was replaced is dropped. */
  const attempt = useRef(0);
  const [state, setState] = useState<State>('stopped');
  const [error, setError] = useState('');
  const [muted, setMuted] = useState(true);
  const client = useQueryClient();

  const release = useCallback(() => {
    attempt.current += 1;
    const current = session.current;
    session.current = null;
    current?.stop();
  }, []);

  const stop = useCallback(() => {
    release();
    setState((s) => (s === 'error' ? s : 'stopped'));
  }, [release]);

  const play = useCallback(async () => {
    release();
    const mine = attempt.current;
    setError('');
    setState('loading');
    const failWith = (message: string) => {
      if (attempt.current !== mine) return;
      release();
      setError(message);
      setState('error');
      // The server may just have judged the camera offline: the lists say so.
      void client.invalidateQueries({ queryKey: cameraKeys.all(projectId) });
    };
    try {
      if (!video.current) throw new Error(CameraMessages.PLAY_FAILED);
      const start = sourceFor(camera.aggType);
      const started = await start(video.current, { projectId, camera, playback, transport }, failWith);
      if (attempt.current !== mine) {
        started.stop();
        return;
      }
      session.current = started;
      setState('playing');
    } catch (cause) {
      failWith(cause instanceof Error && cause.message ? cause.message : CameraMessages.NO_PLAY_URL);
    }
  }, [camera, client, playback, projectId, release, transport]);

  useEffect(() => {
    if (autoPlay) void play();
    return release;
  }, [autoPlay, play, release]);

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
          data-mode={playback ? 'playback' : 'live'}
          // A playback read to its end is over; play starts it again.
          onEnded={() => {
            if (playback) stop();
          }}
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
          {playback && (
            <Tag color="processing" data-testid="camera-playback-tag" style={{ marginInlineEnd: 6 }}>
              回放
            </Tag>
          )}
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
