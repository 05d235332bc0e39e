import {
  ApartmentOutlined,
  ApiOutlined,
  DashboardOutlined,
  MessageOutlined,
  PhoneOutlined,
  ReloadOutlined,
  RobotOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Permission } from '@iot/contracts';
import type { ResourceUsage } from '@iot/contracts/projects';
import type { OrderType } from '@iot/contracts/purchases';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Button,
  Card,
  Col,
  Descriptions,
  Progress,
  Row,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { http } from '../../../api/http';
import { LoadError } from '../../../components/LoadState';
import { usePermission } from '../../../platform/routes/currentRoute';
import { useScopeGroupId } from '../../groups';
import { openPurchase, ProjectOrdersCard, SetMealName } from '../../purchases/index';
import { Note, Of, ResourceCard } from '../components/overview/ResourceCard';
import { PAY_STATUS_LABELS, quotaText } from '../components/payStatus';

/** Figures are asked again this often while the screen is open. */
const REFRESH_MS = 60_000;

/** What each pay state means for the people of the project (spec core §4); D–F never reach here. */
const PAY_STATUS_NOTES: Record<ResourceUsage['payStatus'], string> = {
  A: '服务正常',
  B: '即将逾期，请及时续费',
  C: '已逾期，请尽快续费以免停机',
  D: '欠费停用',
  E: '断卡停用',
  F: '合同终止',
};

/** What a resource warning offers to buy (decision 0068). */
const PURCHASE_OF: Record<ResourceUsage['warnings'][number]['kind'], OrderType> = {
  setMeal: 'GATEWAY_INDICATOR_RENEW',
  indicatorQuota: 'GATEWAY_INDICATOR_UPGRADE_CONFIGURATION',
  smsQuota: 'MESSAGE',
  voiceQuota: 'VOICE',
};

const usageKey = (groupId: number) => ['resourceUsage', groupId] as const;

/**
 * 资源概览 (router-projectOverview, decision 0045): the set meal and pay state, gateway indicators
 * against the limit (-1 不限), SMS and voice calls sent and left, the assistant's allowance, and what
 * the project holds — gateways online and offline, areas, sites, monitoring points, members — with
 * the resource warnings its terms call for now, each with 立即购买, and the latest orders; buying
 * (update bit) opens the purchase dialog (decision 0068). The terms themselves are the system
 * administrator's.
 */
export function ProjectOverview() {
  const groupId = useScopeGroupId();
  // Buying needs the update bit on 资源概览 (the server checks it too).
  const canBuy = usePermission(Permission.UPDATE);
  const usage = useQuery({
    queryKey: usageKey(groupId),
    queryFn: () => http.get<ResourceUsage>(`/iot/groups/${groupId}/getResourceUsage`, { quiet: true }),
    enabled: groupId > 0,
    refetchInterval: REFRESH_MS,
  });

  if (usage.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!usage.data) return <LoadError what="资源概览" error={usage.error} onRetry={() => usage.refetch()} />;
  const u = usage.data;
  const ended = u.setMealEndAt !== null && dayjs(u.setMealEndAt).isBefore(dayjs().startOf('day'));
  const daysLeft = u.setMealEndAt === null ? null : dayjs(u.setMealEndAt).diff(dayjs().startOf('day'), 'day');
  const status = PAY_STATUS_LABELS[u.payStatus];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="project-overview">
      <Card
        title="资源概览"
        extra={
          <Button icon={<ReloadOutlined />} loading={usage.isFetching} onClick={() => void usage.refetch()}>
            刷新
          </Button>
        }
      >
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small" data-testid="overview-terms">
          <Descriptions.Item label="项目">{u.name}</Descriptions.Item>
          <Descriptions.Item label="付费状态">
            <Space size={4} wrap>
              <Tag color={status.color} data-testid="overview-pay-status">
                {status.label}
              </Tag>
              <Typography.Text type="secondary">{PAY_STATUS_NOTES[u.payStatus]}</Typography.Text>
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="当前套餐">
            <SetMealName groupId={groupId} max={u.indicators.max} />
          </Descriptions.Item>
          <Descriptions.Item label="套餐到期">
            <span data-testid="overview-set-meal">
              {u.setMealEndAt === null ? (
                <Typography.Text type="secondary">未设置</Typography.Text>
              ) : (
                <Typography.Text
                  type={ended ? 'danger' : daysLeft !== null && daysLeft <= 7 ? 'warning' : undefined}
                >
                  {dayjs(u.setMealEndAt).format('YYYY-MM-DD')}
                  {ended ? '（已到期，监测项资源已过期）' : `（剩余 ${daysLeft} 天）`}
                </Typography.Text>
              )}
            </span>
          </Descriptions.Item>
        </Descriptions>
        {usage.isError && (
          // A failed refresh keeps the last figures and says so.
          <LoadError inline what="最新数据" error={usage.error} onRetry={() => usage.refetch()} />
        )}
      </Card>

      {u.warnings.length > 0 && (
        <Space direction="vertical" size={8} style={{ width: '100%' }} data-testid="overview-warnings">
          {u.warnings.map((w) => (
            <Alert
              key={w.kind}
              type="warning"
              showIcon
              message={w.title}
              description={w.content}
              action={
                canBuy && (
                  <Button
                    size="small"
                    onClick={() => openPurchase({ groupId, orderType: PURCHASE_OF[w.kind] })}
                  >
                    立即购买
                  </Button>
                )
              }
            />
          ))}
        </Space>
      )}

      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} xl={6}>
          <IndicatorCard usage={u} expired={ended} />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <SendCard testId="overview-sms" label="短信" unit="条" icon={<MessageOutlined />} quota={u.sms} />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <SendCard testId="overview-voice" label="语音" unit="次" icon={<PhoneOutlined />} quota={u.voice} />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <ResourceCard
            testId="overview-chat"
            label="AI 助手对话"
            icon={<RobotOutlined />}
            value={u.chat.limit === -1 ? '不限' : u.chat.limit}
            suffix={u.chat.limit === -1 ? undefined : <Of>条</Of>}
          >
            <Note>
              {u.chat.limit === 0
                ? '未开通 AI 助手'
                : u.chat.used === null
                  ? '对话额度；AI 助手上线后统计用量'
                  : `已用 ${u.chat.used} 条`}
            </Note>
          </ResourceCard>
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <ResourceCard
            testId="overview-gateways"
            label="网关"
            icon={<ApiOutlined />}
            value={u.gateways.total}
            suffix={<Of>台</Of>}
          >
            <Space size={16}>
              <Badge status="success" text={`在线 ${u.gateways.online}`} />
              <Badge status="default" text={`离线 ${u.gateways.offline}`} />
            </Space>
          </ResourceCard>
        </Col>
        <Col xs={24} md={8}>
          <ResourceCard
            testId="overview-groups"
            label="分组"
            icon={<ApartmentOutlined />}
            value={u.groups.areas + u.groups.sites + u.groups.monitoringPoints}
            suffix={<Of>个</Of>}
          >
            <Note>
              区域 {u.groups.areas} · 站点 {u.groups.sites} · 监测点 {u.groups.monitoringPoints}
            </Note>
          </ResourceCard>
        </Col>
        <Col xs={24} md={8}>
          <ResourceCard
            testId="overview-members"
            label="成员"
            icon={<TeamOutlined />}
            value={u.members}
            suffix={<Of>人</Of>}
          >
            <Note>在本项目拥有角色的用户</Note>
          </ResourceCard>
        </Col>
      </Row>

      <ProjectOrdersCard groupId={groupId} canBuy={canBuy} />

      <Typography.Text type="secondary">
        付费状态随套餐到期日自动更新；购买后资源在支付确认时到账（银行转账由平台管理员确认收款）。
      </Typography.Text>
    </Space>
  );
}

/** Gateway indicators against accessGatewayIndicatorMaxNum; over the limit and an ended set meal are said. */
function IndicatorCard({ usage, expired }: { usage: ResourceUsage; expired: boolean }) {
  const { max, used, left } = usage.indicators;
  const unlimited = max === -1;
  const over = !unlimited && left < 0;
  const low = !unlimited && !over && left < max * 0.1;
  const percent = unlimited || max === 0 ? (over ? 100 : 0) : Math.min(100, Math.round((used / max) * 100));
  return (
    <ResourceCard
      testId="overview-indicators"
      label="监测项"
      icon={<DashboardOutlined />}
      value={used}
      suffix={<Of>/ {quotaText(max)}</Of>}
      tone={over ? '#f5222d' : undefined}
    >
      {!unlimited && (
        <Progress
          percent={percent}
          size="small"
          showInfo={false}
          status={over ? 'exception' : 'normal'}
          strokeColor={low ? '#faad14' : undefined}
        />
      )}
      <Note type={over ? 'danger' : low ? 'warning' : 'secondary'}>
        {unlimited ? '监测项数量不限' : over ? `已超出上限 ${-left} 个，请减少监测项` : `剩余 ${left} 个`}
      </Note>
      {expired && <Note type="danger">套餐已到期，监测项资源已过期</Note>}
    </ResourceCard>
  );
}

/** SMS or voice calls: what was sent, what is left (-1 不限), and whether anyone is set up to receive them. */
function SendCard({
  testId,
  label,
  unit,
  icon,
  quota,
}: {
  testId: string;
  label: string;
  unit: string;
  icon: ReactNode;
  quota: ResourceUsage['sms'];
}) {
  const unlimited = quota.left === -1;
  const spent = !unlimited && quota.left === 0;
  return (
    <ResourceCard
      testId={testId}
      label={`${label}剩余`}
      icon={icon}
      value={unlimited ? '不限' : quota.left}
      suffix={unlimited ? undefined : <Of>{unit}</Of>}
      tone={spent ? '#f5222d' : undefined}
    >
      <Note>
        已发送 {quota.sent} {unit}
      </Note>
      {!quota.receiving && (
        <Note>
          未设置{label}接收人，预警不会以{label}发送
        </Note>
      )}
    </ResourceCard>
  );
}
