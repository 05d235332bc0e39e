import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  PushpinOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Permission } from '@iot/contracts';
import { type Camera, CameraMessages, LIVE_CAMERA_TYPE, type PtzDirection } from '@iot/contracts/cameras';
import { App, Button, Input, Modal, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { usePermission } from '../../../platform/routes/currentRoute';
import { camerasApi } from '../api';
import { TalkButton } from './TalkButton';

const PAD: { direction: PtzDirection; label: string; icon: React.ReactNode }[] = [
  { direction: 'up', label: '上', icon: <ArrowUpOutlined /> },
  { direction: 'down', label: '下', icon: <ArrowDownOutlined /> },
  { direction: 'left', label: '左', icon: <ArrowLeftOutlined /> },
  { direction: 'right', label: '右', icon: <ArrowRightOutlined /> },
  { direction: 'zoomIn', label: '放大', icon: <ZoomInOutlined /> },
  { direction: 'zoomOut', label: '缩小', icon: <ZoomOutOutlined /> },
];

/**
 * PTZ (press to move, release to stop), talk and 添加预置点 — shown only with the create bit, for
 * live cameras (type 1) whose icons are on (feature-areas §2, §6). The server's answer says what a
 * back-end cannot do (HTTP-FLV: 不支持云台 / 不支持对讲).
 */
export function CameraControls({ projectId, camera }: { projectId: number; camera: Camera }) {
  const { message } = App.useApp();
  const canCreate = usePermission(Permission.CREATE);
  const [presetOpen, setPresetOpen] = useState(false);
  const [presetName, setPresetName] = useState('');
  const [presetError, setPresetError] = useState('');
  const live = canCreate && camera.type === LIVE_CAMERA_TYPE;
  const ptz = live && camera.showYuntaiIcon === 1;
  const talk = live && camera.showTalkIcon === 1;
  if (!ptz && !talk) return null;

  const move = (direction: PtzDirection, action: 'start' | 'stop') =>
    camerasApi.ptz(projectId, camera.id, { action, direction }).catch((error: Error) => {
      if (action === 'start') message.warning(error.message || CameraMessages.NO_PTZ);
    });
  const savePreset = async () => {
    const name = presetName.trim();
    if (!name) return setPresetError('请输入预置点名称');
    try {
      if (!(await camerasApi.presetNameAvailable(projectId, camera.id, name)))
        return setPresetError('预置点名称已存在');
      await camerasApi.addPreset(projectId, camera.id, name);
      message.success('添加成功');
      setPresetOpen(false);
    } catch (error) {
      setPresetError(error instanceof Error ? error.message : CameraMessages.PRESET_SNAPSHOT_FAILED);
    }
  };

  return (
    <Space wrap size={4} data-testid="camera-controls">
      {ptz &&
        PAD.map(({ direction, label, icon }) => (
          <Tooltip key={direction} title={label}>
            <Button
              size="small"
              aria-label={`云台${label}`}
              icon={icon}
              onPointerDown={() => void move(direction, 'start')}
              onPointerUp={() => void move(direction, 'stop')}
            />
          </Tooltip>
        ))}
      {talk && <TalkButton projectId={projectId} camera={camera} />}
      {ptz && (
        <Button
          size="small"
          icon={<PushpinOutlined />}
          onClick={() => {
            setPresetName('');
            setPresetError('');
            setPresetOpen(true);
          }}
        >
          添加预置点
        </Button>
      )}
      <Modal
        open={presetOpen}
        title="添加预置点"
        onCancel={() => setPresetOpen(false)}
        onOk={() => void savePreset()}
        destroyOnHidden
      >
        <Input
          aria-label="预置点名称"
          maxLength={32}
          value={presetName}
          status={presetError ? 'error' : undefined}
          onChange={(e) => {
            setPresetName(e.target.value);
            setPresetError('');
          }}
        />
        {presetError && (
          <div style={{ color: 'var(--ant-color-error, #ff4d4f)', marginTop: 4 }}>{presetError}</div>
        )}
      </Modal>
    </Space>
  );
}
