import { AudioMutedOutlined, AudioOutlined, LoadingOutlined } from '@ant-design/icons';
import { AggType, type Camera, CameraMessages, CameraTalkTexts } from '@iot/contracts/cameras';
import { App, Button, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { camerasApi } from '../api';
import { startLinkTalk, type TalkSession, type TalkState } from '../player/link-talk';

/**
 * 对讲 (feature-areas §2, §4): a link platform camera talks over WebRTC (player/link-talk.ts) and the
 * button reports the state — 对讲连接中…, then 对讲中 with 结束对讲. The other platforms answer what
 * they can: 不支持对讲 from the server, or 暂时无法对讲 while their talk needs the vendor's player.
 */
export function TalkButton({ projectId, camera }: { projectId: number; camera: Camera }) {
  const { message } = App.useApp();
  const [state, setState] = useState<TalkState | 'idle'>('idle');
  const session = useRef<TalkSession | null>(null);

  const end = () => {
    session.current?.stop();
    session.current = null;
    setState('idle');
  };
  // Leaving the camera (another one chosen, the modal closed) ends its talk.
  const cameraId = camera.id;
  useEffect(
    () => () => {
      void cameraId;
      session.current?.stop();
      session.current = null;
      setState('idle');
    },
    [cameraId],
  );

  const start = () => {
    if (camera.aggType !== AggType.LINK) {
      void camerasApi
        .talkUrl(projectId, camera.id)
        .then(() => message.info(CameraMessages.TALK_UNAVAILABLE))
        .catch((error: Error) => message.warning(error.message || CameraMessages.NO_TALK_URL));
      return;
    }
    // Declared first: the handlers may be called before startLinkTalk returns.
    let mine: TalkSession | null = null;
    mine = startLinkTalk(projectId, camera, {
      onState: (next) => {
        if (session.current === mine) setState(next);
      },
      onFailed: (text) => {
        if (session.current !== mine) return;
        session.current = null;
        setState('idle');
        message.warning(text);
      },
    });
    session.current = mine;
  };

  const busy = state !== 'idle';
  return (
    <>
      <Button
        size="small"
        danger={busy}
        icon={
          state === 'connecting' ? <LoadingOutlined /> : busy ? <AudioMutedOutlined /> : <AudioOutlined />
        }
        onClick={busy ? end : start}
        data-testid="talk-button"
      >
        {state === 'connecting'
          ? CameraTalkTexts.CONNECTING
          : state === 'talking'
            ? CameraTalkTexts.STOP
            : CameraTalkTexts.START}
      </Button>
      {state === 'talking' && (
        <Tag color="processing" data-testid="talk-state">
          {CameraTalkTexts.TALKING}
        </Tag>
      )}
    </>
  );
}
