import { Button, Card, Col, Row, Space, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useSystemInfo } from '../../../platform/queries';
import { useSession } from '../../../platform/session';
import { PORTALS, type Portal } from './portals';
import './portal.css';

/** /wscindex, /yqindex, /nwzwindex: a landing page per kind of customer, and the way in. */
export function PortalPage({ name }: { name: Portal['name'] }) {
  const portal = PORTALS[name];
  const { data: system } = useSystemInfo();
  const systemName = system?.systemName ?? '物联网监测运维平台';
  useDocumentTitle(`${portal.title} · ${systemName}`);
  const session = useSession();
  return (
    <div className="portal" data-testid={`portal-${name}`}>
      <header className="portal-hero" style={{ background: portal.hero }}>
        <div className="portal-brand">
          <img src={system?.logoUrl || '/favicon.svg'} alt="" width={32} height={32} />
          <span>{systemName}</span>
        </div>
        <h1>{portal.title}</h1>
        <p>{portal.tagline}</p>
        <Space wrap>
          <Link to="/login">
            <Button size="large" type="primary">
              登录
            </Button>
          </Link>
          {session && (
            <Link to="/projects">
              <Button size="large">进入平台</Button>
            </Link>
          )}
          <Link to="/videotutorial">
            <Button size="large" type="text" className="portal-link">
              看看怎么用
            </Button>
          </Link>
        </Space>
      </header>
      <main className="portal-main">
        <Row gutter={[16, 16]}>
          {portal.features.map((feature) => (
            <Col key={feature.title} xs={24} sm={12} lg={6}>
              <Card title={feature.title} size="small" style={{ height: '100%' }}>
                <Typography.Paragraph style={{ margin: 0 }}>{feature.text}</Typography.Paragraph>
              </Card>
            </Col>
          ))}
        </Row>
        <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
          {portal.figures.map((figure) => (
            <Col key={figure.label} xs={8}>
              <Card size="small">
                <Statistic title={figure.label} value={figure.value} />
              </Card>
            </Col>
          ))}
        </Row>
        <Typography.Paragraph type="secondary" style={{ marginTop: 24, textAlign: 'center' }}>
          <Link to="/userManual">用户手册</Link> · <Link to="/firmManual">厂商接入手册</Link> ·{' '}
          <Link to="/interfaceDocument">接口文档</Link>
        </Typography.Paragraph>
      </main>
    </div>
  );
}
