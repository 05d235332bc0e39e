import { PlusOutlined } from '@ant-design/icons';
import { formatDuration, Permission } from '@iot/contracts';
import { IO_TYPES } from '@iot/contracts/gateways';
import {
  GATEWAY_INDICATOR_PAGE_SIZE,
  type GatewayIndicator,
  INDICATOR_TYPES,
} from '@iot/contracts/indicators';
import { GatewayDataMessages } from '@iot/contracts/manual-entry';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  App,
  Button,
  Empty,
  Input,
  Popconfirm,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { tableEmpty } from '../../../components/LoadState';
import { useSavedQuery } from '../../../components/useSavedQuery';
import { useProjectSettings } from '../../../platform/projectSettings';
import { Permission as Can, usePermission } from '../../../platform/routes/currentRoute';
import { gatewayIndicatorsApi, indicatorKeys, indicatorsApi } from '../api';
import { GatewayIndicatorFormModal, type GatewayIndicatorFormState } from './GatewayIndicatorFormModal';
import { ThingModelImport } from './ThingModelImport';

export interface GatewayIndicatorsPanelProps {
  /** The project (group) the gateway is bound to. */
  groupId: number;
  gatewayId: number;
}

const DEFAULT_QUERY = { keyword: '' };

/** 网关指标配额 of the project: used of the maximum, or unlimited. */
export function QuotaText({ groupId }: { groupId: number }) {
  const quota = useQuery({
    queryKey: indicatorKeys.quota(groupId),
    queryFn: () => indicatorsApi.quota(groupId),
  });
  if (!quota.data) return null;
  const { max, used, left } = quota.data;
  const over = max !== -1 && left < 0;
  return (
    <Typography.Text type={over ? 'danger' : 'secondary'} data-testid="indicator-quota">
      网关指标配额：已用 {used} / {max === -1 ? '不限' : max}
      {max !== -1 && `，剩余 ${Math.max(left, 0)}`}
    </Typography.Text>
  );
}

/**
 * A gateway's indicators: the first 64 and then 64 more at a time (spec core §9), searchable by
 * alias and data identification; add, edit, delete, and thing-model import.
 */
export function GatewayIndicatorsPanel({ groupId, gatewayId }: GatewayIndicatorsPanelProps) {
  const [query, setQuery] = useSavedQuery(`gatewayIndicators.${groupId}`, DEFAULT_QUERY);
  const [draft, setDraft] = useState(query.keyword);
  const [form, setForm] = useState<GatewayIndicatorFormState>(null);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  // canManageGatewayData off: the indicators are read-only for everyone (decision 0043).
  const manageable = useProjectSettings(groupId).data?.canManageGatewayData ?? true;
  const canUpdate = usePermission(Permission.UPDATE) && manageable;
  const canDelete = usePermission(Permission.DELETE) && manageable;

  const list = useInfiniteQuery({
    queryKey: [...indicatorKeys.gatewayIndicators(groupId, gatewayId), query.keyword],
    queryFn: ({ pageParam }) =>
      gatewayIndicatorsApi.list(groupId, gatewayId, {
        page: pageParam,
        size: GATEWAY_INDICATOR_PAGE_SIZE,
        keyword: query.keyword,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      pages.length * GATEWAY_INDICATOR_PAGE_SIZE < last.total ? pages.length : undefined,
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.pages.flatMap((p) => p.list) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;

  const remove = useMutation({
    mutationFn: (row: GatewayIndicator) => gatewayIndicatorsApi.remove(groupId, gatewayId, row.id),
    onSuccess: (_, row) => {
      message.success(`网关指标「${row.alias}」已删除`);
      void queryClient.invalidateQueries({ queryKey: indicatorKeys.gatewayIndicators(groupId, gatewayId) });
      void queryClient.invalidateQueries({ queryKey: indicatorKeys.quota(groupId) });
      void queryClient.invalidateQueries({ queryKey: indicatorKeys.indicators(groupId) });
      void queryClient.invalidateQueries({ queryKey: indicatorKeys.modbus(groupId, gatewayId) });
    },
  });

  const search = () => {
    const keyword = draft.trim();
    setQuery((q) => (q.keyword === keyword ? q : { keyword }));
  };

  const columns: TableColumnsType<GatewayIndicator> = [
    { title: '别名', dataIndex: 'alias', width: 160, ellipsis: true },
    { title: '数据标识', dataIndex: 'dataIdentification', width: 140, ellipsis: true },
    { title: '指标', key: 'indicator', width: 150, ellipsis: true, render: (_, row) => row.indicator.name },
    {
      title: '类型',
      key: 'type',
      width: 80,
      render: (_, row) => <Tag>{INDICATOR_TYPES[row.indicator.type]}</Tag>,
    },
    { title: '单位', key: 'unit', width: 80, render: (_, row) => row.indicator.unit || '—' },
    {
      title: '读写类型',
      dataIndex: 'ioType',
      width: 90,
      render: (io: GatewayIndicator['ioType']) => IO_TYPES[io],
    },
    {
      title: '小数位数',
      key: 'decimalPlaces',
      width: 110,
      render: (_, row) =>
        row.indicator.type !== 'float'
          ? '—'
          : row.decimalPlaces === null
            ? `${row.indicator.decimalPlaces}（跟随指标）`
            : row.decimalPlaces,
    },
    {
      title: '自动复位',
      key: 'reposition',
      width: 100,
      render: (_, row) => (row.isAutoReposition ? `${formatDuration(row.repositionDelay * 1000)}后` : '否'),
    },
  ];
  if (canUpdate || canDelete)
    columns.push({
      title: '操作',
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          {canUpdate && (
            <Button type="link" size="small" onClick={() => setForm({ mode: 'edit', gatewayIndicator: row })}>
              编辑
            </Button>
          )}
          {canDelete && (
            <Popconfirm
              title={`确定删除网关指标「${row.alias}」吗？`}
              description="删除后该数据标识上报的数据将不再保存。"
              okText="删除"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutateAsync(row).catch(() => undefined)}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });

  return (
    <div data-testid="gateway-indicators-panel">
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Space.Compact>
            <Input
              allowClear
              placeholder="别名或数据标识"
              aria-label="别名或数据标识"
              value={draft}
              maxLength={64}
              onChange={(event) => setDraft(event.target.value)}
              onPressEnter={search}
              style={{ width: 220 }}
            />
            <Button type="primary" onClick={search}>
              查询
            </Button>
          </Space.Compact>
          <QuotaText groupId={groupId} />
        </Space>
        <Can bit={Permission.CREATE}>
          {manageable ? (
            <Space>
              <ThingModelImport groupId={groupId} gatewayId={gatewayId} />
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ mode: 'create' })}>
                新建网关指标
              </Button>
            </Space>
          ) : (
            <Tooltip title={GatewayDataMessages.NOT_ALLOWED}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled
                data-testid="gateway-indicator-create-locked"
              >
                新建网关指标
              </Button>
            </Tooltip>
          )}
        </Can>
      </Space>
      <Table<GatewayIndicator>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching && !list.isFetchingNextPage}
        scroll={{ x: 1000 }}
        pagination={false}
        locale={{
          emptyText: tableEmpty(
            list,
            '网关指标',
            <Empty
              description={query.keyword ? `没有匹配“${query.keyword}”的网关指标` : '该网关还没有网关指标'}
            />,
          ),
        }}
        footer={
          total > 0
            ? () => (
                <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                  <span data-testid="gateway-indicators-count">
                    已显示 {rows.length} / 共 {total} 个网关指标
                  </span>
                  {list.hasNextPage && (
                    <Button loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                      加载更多
                    </Button>
                  )}
                </Space>
              )
            : undefined
        }
      />
      <GatewayIndicatorFormModal
        groupId={groupId}
        gatewayId={gatewayId}
        state={form}
        onClose={() => setForm(null)}
      />
    </div>
  );
}
