import { CloudServerOutlined, HomeOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useSystemInfo } from '../../../platform/queries';

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
