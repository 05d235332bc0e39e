import { Button, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useSystemInfo } from '../../../platform/queries';
import { useSession } from '../../../platform/session';

/** The public landing page: the system's name and the way in. */
export function IndexPage() {
  const { data } = useSystemInfo();
  const session = useSession();
  const name = data?.systemName ?? '物联网监测运维平台';
  useDocumentTitle(name);
  return (
    <div className="centered-page" style={{ flexDirection: 'column', gap: 24, textAlign: 'center' }}>
      <img src="/favicon.svg" alt="" width={72} height={72} />
      <Typography.Title style={{ margin: 0 }}>{name}</Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 560 }}>
        面向水务、泵站与环境监测现场的物联网监测运维平台：网关与指标接入、实时与历史数据、预警与消息、运维工单。
      </Typography.Paragraph>
      <Space>
        {session ? (
          <Link to="/projects">
            <Button type="primary" size="large">
              进入平台
            </Button>
          </Link>
        ) : (
          <Link to="/login">
            <Button type="primary" size="large">
              登 录
            </Button>
          </Link>
        )}
        <Link to="/interfaceDocument">
          <Button size="large">接口文档</Button>
        </Link>
      </Space>
    </div>
  );
}
