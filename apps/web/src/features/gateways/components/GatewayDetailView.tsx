import { ArrowLeftOutlined, KeyOutlined } from '@ant-design/icons';
import { hasPermission, Permission } from '@iot/contracts';
import { GATEWAY_MODELS, GATEWAY_TYPES } from '@iot/contracts/gateways';
import type { MenuEntry } from '@iot/contracts/menus';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Descriptions, Result, Row, Space, Spin, Tabs } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { isNotFound, LoadError } from '../../../components/LoadState';
import { useProjectSettings } from '../../../platform/projectSettings';
import { usePermission } from '../../../platform/routes/currentRoute';
import { useMenusOf } from '../../../platform/routes/useMenusOf';
import { LocationSection } from '../../maps';
import { SharedTag } from '../../sharing/index';
import { type GatewayScope, gatewayKeys, gatewaysApi } from '../api';
import { ConnectionGuide } from './ConnectionGuide';
import { EntryRecordsPanel } from './EntryRecordsPanel';
import { LiveValuesPanel } from './LiveValuesPanel';
import { RejectionsPanel } from './RejectionsPanel';
import { SecretModal, type ShownSecret } from './SecretModal';
import { ClockTag, OnlineTag } from './StatusTags';

// ECharts loads with the detail page only, not with the list.
/** Whether a menu of the tree (by code) grants the bit. */
function menuGrants(menus: MenuEntry[] | undefined, code: string, bit: number): boolean {
  for (const menu of menus ?? []) {
    if (menu.code === code) return hasPermission(menu.permission, bit);
    if (menuGrants(menu.children, code, bit)) return true;
  }
  return false;
}

const TrafficChart = lazy(() => import('./TrafficChart').then((m) => ({ default: m.TrafficChart })));

const time = (at: number | null) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm:ss') : '—');

/** One gateway: its facts, live values, traffic, rejected payloads, connection instructions. */
export function GatewayDetailView({ scope, gatewayId }: { scope: GatewayScope; gatewayId: number }) {
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const canUpdate = usePermission(Permission.UPDATE);
  // The project's canEntryData (decision 0043): the same query as the project gate's, so cached.
  const settings = useProjectSettings(scope.kind === 'project' ? scope.groupId : 0);
  // Entering data is 数据修复's create bit (server: manual-entry.ts).
  const projectMenus = useMenusOf(
    scope.kind === 'project' ? { type: 'project', id: scope.groupId } : { type: 'personal' },
  ).menus;
  const canEntryData =
    (settings.data?.canEntryData ?? false) &&
    menuGrants(projectMenus, 'router-dataRepair', Permission.CREATE);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const detail = useQuery({
    queryKey: gatewayKeys.detail(scope, gatewayId),
    queryFn: () => gatewaysApi.detail(scope, gatewayId),
    // Online status and counters move while the page is open.
    refetchInterval: 30_000,
  });
  const rotate = useMutation({
    mutationFn: () => gatewaysApi.rotateSecret(scope, gatewayId),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: gatewayKeys.all(scope) });
      setSecret({ title: '设备密钥已重置', serialNumber: answer.serialNumber, secret: answer.secret });
      message.success('已生成新的设备密钥，旧密钥已失效');
    },
  });

  const back = () => navigate('.', { relative: 'path' });
  if (detail.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const gateway = detail.data;
  if (!gateway && detail.isError && !isNotFound(detail.error))
    return <LoadError what="网关详情" error={detail.error} onRetry={detail.refetch} />;
  if (!gateway)
    return (
      <Result
        status="404"
        title="网关不存在"
        extra={
          <Button type="primary" onClick={back}>
            返回列表
          </Button>
        }
      />
    );

  const confirmRotate = () =>
    modal.confirm({
      title: `确定重置网关「${gateway.alias}」的设备密钥吗？`,
      content: '旧密钥立即失效，设备须换用新密钥才能重新连接。新密钥只显示一次。',
      okText: '重置',
      okButtonProps: { danger: true },
      onOk: () => rotate.mutateAsync().catch(() => undefined),
    });
  // A firm changes its gateway only while it is unbound (decision 0009).
  // A gateway shared into the project is read-only here (decision 0069).
  const shared = 'shared' in gateway && gateway.shared;
  const canRotate = !shared && canUpdate && (scope.kind === 'project' || gateway.projectId === null);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={back} aria-label="返回列表" />
            {gateway.alias}
            <OnlineTag status={gateway.onlineStatus} />
            {shared && <SharedTag from={gateway.sharedFrom ?? null} />}
          </Space>
        }
        extra={
          canRotate && (
            <Button icon={<KeyOutlined />} onClick={confirmRotate} loading={rotate.isPending}>
              重置密钥
            </Button>
          )
        }
      >
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label="序列号">{gateway.serialNumber}</Descriptions.Item>
          <Descriptions.Item label="网关类型">{GATEWAY_TYPES[gateway.type]}</Descriptions.Item>
          <Descriptions.Item label="网关型号">{GATEWAY_MODELS[gateway.model]}</Descriptions.Item>
          <Descriptions.Item label="ICCID">{gateway.iccid || '—'}</Descriptions.Item>
          <Descriptions.Item label="批次或合同号">{gateway.batchOrContract || '—'}</Descriptions.Item>
          <Descriptions.Item label="时钟状态">
            <ClockTag status={gateway.clockStatus} />
          </Descriptions.Item>
          <Descriptions.Item label="最后通信">{time(gateway.lastSeenAt)}</Descriptions.Item>
          {scope.kind === 'project' ? (
            <>
              <Descriptions.Item label="所属分组">{gateway.groupName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="网关厂商">{gateway.firmName ?? '项目自建'}</Descriptions.Item>
              <Descriptions.Item label="网关指标">{gateway.indicatorCount ?? 0} 个</Descriptions.Item>
            </>
          ) : (
            <Descriptions.Item label="绑定">
              {gateway.projectId === null ? '未绑定' : '已绑定项目'}
            </Descriptions.Item>
          )}
          <Descriptions.Item label="创建时间">{time(gateway.createdAt)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <LiveValuesPanel
            scope={scope}
            gatewayId={gateway.id}
            manualEntry={!shared && scope.kind === 'project' && canEntryData && gateway.lastSeenAt === null}
          />
        </Col>
        <Col xs={24} xl={10}>
          <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
            <TrafficChart gatewayId={gateway.id} />
          </Suspense>
        </Col>
      </Row>
      <Card size="small">
        <Tabs
          items={[
            { key: 'connect', label: '设备接入说明', children: <ConnectionGuide gateway={gateway} /> },
            {
              key: 'rejections',
              label: `被拒数据（${gateway.unknownKeyCount + gateway.rejectedValueCount}）`,
              children: <RejectionsPanel scope={scope} gateway={gateway} />,
            },
            ...(scope.kind === 'project'
              ? [
                  {
                    key: 'records',
                    label: '进出记录',
                    children: <EntryRecordsPanel groupId={scope.groupId} gatewayId={gateway.id} />,
                  },
                  // 位置 (decision 0066): where it stands, or the indicators it reports its position by.
                  {
                    key: 'location',
                    label: '位置',
                    children: (
                      <LocationSection projectId={scope.groupId} kind="gateway" ownerId={gateway.id} />
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <SecretModal shown={secret} onClose={() => setSecret(null)} />
    </Space>
  );
}
