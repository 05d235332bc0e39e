import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { useState } from 'react';
import { useProjectId } from '../../../platform/routes/useProjectId';
import { cameraKeys, camerasApi } from '../api';
import { AccountsTab } from '../components/AccountsTab';
import { CameraList } from '../components/CameraList';
import { CameraWall } from '../components/CameraWall';
import '../components/cameras.css';

/** 视频监控 (router-videoSurveillance; docs/decisions/0064-cameras.md): cameras, the live wall, accounts. */
export function VideoSurveillance() {
  const projectId = useProjectId();
  const tree = useQuery({
    queryKey: cameraKeys.groups(projectId),
    queryFn: () => camerasApi.groupOptions(projectId),
  });
  const [tab, setTab] = useState('cameras');
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      destroyOnHidden
      items={[
        { key: 'cameras', label: '摄像头', children: <CameraList projectId={projectId} tree={tree.data} /> },
        { key: 'wall', label: '实时画面墙', children: <CameraWall projectId={projectId} /> },
        { key: 'accounts', label: '摄像头账号', children: <AccountsTab projectId={projectId} /> },
      ]}
    />
  );
}
