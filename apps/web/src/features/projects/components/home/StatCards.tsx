import {
  AlertOutlined,
  ApiOutlined,
  DashboardOutlined,
  DisconnectOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { Card, Col, Progress, Row, Skeleton, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError, type QueryLike } from '../../../../components/LoadState';

export interface HomeCounts {
  online: number | undefined;
  offline: number | undefined;
  total: number | undefined;
  indicatorsUsed: number | undefined;
  /** -1 means unlimited. */
  indicatorsMax: number | undefined;
  indicatorsLeft: number | undefined;
  /** Warnings started today and, of all, those still unhandled; null without the warning list's read bit. */
  warnings: { today: number; unhandled: number } | null | undefined;
  /** Orders still open and, of them, those overdue; null without 工单管理's read bit. */
  orders: { open: number; overdue: number } | null | undefined;
}

/** The counts that failed to load, each with its retry. */
export type HomeFailures = Partial<Record<'gateways' | 'indicators' | 'warnings' | 'orders', QueryLike>>;

function StatCard({
  label,
  icon,
  value,
  suffix,
  note,
  testId,
  tone,
  failure,
}: {
  label: string;
  icon: ReactNode;
  value: number | string | undefined;
  suffix?: ReactNode;
  note: ReactNode;
  testId: string;
  tone?: string;
  failure?: QueryLike;
}) {
  return (
    <Card size="small" className="home-stat" data-testid={testId}>
      {failure ? (
        <>
          <Typography.Text type="secondary">
            {icon} {label}
          </Typography.Text>
          <div style={{ marginTop: 8 }}>
            <LoadError inline what="" error={failure.error} onRetry={failure.refetch} />
          </div>
        </>
      ) : value === undefined ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : (
        <Statistic
          title={
            <span>
              {icon} {label}
            </span>
          }
          value={value}
          suffix={suffix}
          valueStyle={tone ? { color: tone } : undefined}
        />
      )}
      <div className="home-stat-note">{note}</div>
    </Card>
  );
}

/** Gateways online and offline, indicators against the quota, today's warnings, open work orders. */
export function StatCards({
  counts,
  failures = {},
  ordersPath,
}: {
  counts: HomeCounts;
  failures?: HomeFailures;
  /** 工单管理 in the user's menu: the card links there. */
  ordersPath?: string | null;
}) {
  const { online, offline, total, indicatorsUsed, indicatorsMax, indicatorsLeft, warnings, orders } = counts;
  const unlimited = indicatorsMax === -1;
  const percent =
    indicatorsUsed !== undefined && indicatorsMax !== undefined && indicatorsMax > 0
      ? Math.min(100, Math.round((indicatorsUsed / indicatorsMax) * 100))
      : 0;
  const soon = (text: string) => (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {text}
    </Typography.Text>
  );
  return (
    <Row gutter={[16, 16]}>
      <Col xs={12} md={8} xl={5}>
        <StatCard
          testId="stat-online"
          failure={failures.gateways}
          label="在线网关"
          icon={<ApiOutlined />}
          value={online}
          suffix={total === undefined ? undefined : <span className="home-stat-suffix">/ {total}</span>}
          tone="#52c41a"
          note={
            <Progress
              percent={total ? Math.round(((online ?? 0) / total) * 100) : 0}
              size="small"
              showInfo={false}
              strokeColor="#52c41a"
            />
          }
        />
      </Col>
      <Col xs={12} md={8} xl={5}>
        <StatCard
          testId="stat-offline"
          failure={failures.gateways}
          label="离线网关"
          icon={<DisconnectOutlined />}
          value={offline}
          tone={offline ? '#fa8c16' : undefined}
          note={soon(total === 0 ? '还没有网关' : offline ? '含正常离线与超时离线' : '全部网关在线')}
        />
      </Col>
      <Col xs={24} md={8} xl={6}>
        <StatCard
          testId="stat-indicators"
          failure={failures.indicators}
          label="监测项"
          icon={<DashboardOutlined />}
          value={indicatorsUsed}
          suffix={
            indicatorsMax === undefined ? undefined : (
              <span className="home-stat-suffix">/ {unlimited ? '不限' : indicatorsMax}</span>
            )
          }
          note={
            unlimited ? (
              soon('监测项数量不限')
            ) : (
              <>
                <Progress
                  percent={percent}
                  size="small"
                  showInfo={false}
                  status={indicatorsLeft !== undefined && indicatorsLeft < 0 ? 'exception' : 'normal'}
                />
                {soon(indicatorsLeft === undefined ? '' : `剩余 ${indicatorsLeft} 个`)}
              </>
            )
          }
        />
      </Col>
      <Col xs={12} md={12} xl={4}>
        <StatCard
          testId="stat-warnings"
          failure={failures.warnings}
          label="今日预警"
          icon={<AlertOutlined />}
          value={warnings === null ? '—' : warnings?.today}
          tone={warnings?.unhandled ? '#f5222d' : undefined}
          note={soon(
            warnings === null
              ? '无预警列表的查看权限'
              : warnings === undefined
                ? ''
                : warnings.unhandled
                  ? `未处理 ${warnings.unhandled} 条`
                  : '没有未处理的预警',
          )}
        />
      </Col>
      <Col xs={12} md={12} xl={4}>
        <StatCard
          testId="stat-orders"
          failure={failures.orders}
          label="未完成工单"
          icon={<ToolOutlined />}
          value={orders === null ? '—' : orders?.open}
          tone={orders?.overdue ? '#f5222d' : undefined}
          note={
            orders === null ? (
              soon('无工单管理的查看权限')
            ) : orders === undefined ? (
              ''
            ) : (
              <>
                {soon(orders.overdue ? `已逾期 ${orders.overdue} 个` : '没有逾期的工单')}
                {ordersPath && (
                  <Link to={ordersPath} style={{ marginLeft: 8, fontSize: 12 }}>
                    查看工单
                  </Link>
                )}
              </>
            )
          }
        />
      </Col>
    </Row>
  );
}
