import {
  CloudServerOutlined,
  HomeOutlined,
  PlayCircleOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { Button, Result, Space } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useSystemInfo } from '../../../platform/queries';
import { useSession } from '../../../platform/session';

const DEFAULT_NAME = '物联网监测运维平台';

function useSystemName(): string {
  const { data } = useSystemInfo();
  const name = data?.systemName ?? DEFAULT_NAME;
  useDocumentTitle(name);
  return name;
}

const homeLink = (
  <Link to="/index">
    <Button type="primary" icon={<HomeOutlined />}>
      返回首页
    </Button>
  </Link>
);

/** A public page whose feature arrives in a later release: what it will provide, and the way home. */
function InfoPage(props: {
  icon: ReactNode;
  title: string;
  description: string;
  testId: string;
  children?: ReactNode;
}) {
  useSystemName();
  return (
    <div className="centered-page">
      <Result
        icon={props.icon}
        title={props.title}
        subTitle={`${props.description}该功能随后续版本上线。`}
        extra={homeLink}
        style={{ maxWidth: 720 }}
        data-testid={props.testId}
      >
        {props.children}
      </Result>
    </div>
  );
}

export function VideoTutorialPage() {
  return (
    <InfoPage
      icon={<PlayCircleOutlined />}
      title="视频教程"
      testId="video-tutorial"
      description="此处将提供平台主要功能的操作演示视频。"
    />
  );
}

export function CloudConfigurationPage() {
  return (
    <InfoPage
      icon={<CloudServerOutlined />}
      title="云组态"
      testId="cloud-configuration"
      description="此处将提供在浏览器中绘制监控画面并绑定实时数据的组态功能。"
    />
  );
}

export function WarrantyTestPage() {
  return (
    <InfoPage
      icon={<SafetyCertificateOutlined />}
      title="质保检测"
      testId="warranty-test"
      description="此处将提供设备的质保检测，随质保管理功能一同提供。"
    />
  );
}

/** Customer portal entry (/wscindex, /yqindex, /nwzwindex): the system's name and the way in. */
export function PortalPage({ name }: { name: string }) {
  const systemName = useSystemName();
  const session = useSession();
  return (
    <div className="centered-page">
      <Result
        icon={<img src="/favicon.svg" alt="" width={72} height={72} />}
        title={systemName}
        subTitle="欢迎访问，请登录后使用平台的监测与运维功能。"
        data-testid={`portal-${name}`}
        extra={
          <Space wrap style={{ justifyContent: 'center' }}>
            <Link to="/login">
              <Button type="primary" size="large">
                登录
              </Button>
            </Link>
            {session && (
              <Link to="/projects">
                <Button size="large">进入平台</Button>
              </Link>
            )}
          </Space>
        }
      />
    </div>
  );
}
