import {
  DownloadOutlined,
  DownOutlined,
  LinkOutlined,
  PlusOutlined,
  ShareAltOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Permission } from '@iot/contracts';
import {
  GATEWAY_MODELS,
  GATEWAY_TYPES,
  type Gateway,
  type GatewayListItem,
  ONLINE_STATUSES,
} from '@iot/contracts/gateways';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Dropdown,
  Empty,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { tableEmpty } from '../../../components/LoadState';
import { useSavedQuery } from '../../../components/useSavedQuery';
import { useProjectSettings } from '../../../platform/projectSettings';
import { Permission as Can, usePermission } from '../../../platform/routes/currentRoute';
import { LabelFilter } from '../../labels/index';
import { LeaveShareButton, SharedTag, SharesModal } from '../../sharing/index';
import { type GatewayScope, gatewayKeys, gatewaysApi, projectOf, scopeKey } from '../api';
import { BindModal, ChangeBindModal, TransferModal } from './BindingModals';
import { exportGateways } from './exportXlsx';
import { GatewayFormModal, type GatewayFormState } from './GatewayFormModal';
import { ImportModal } from './ImportModal';
import { SecretModal, type ShownSecret } from './SecretModal';
import { ClockTag, OnlineTag } from './StatusTags';

const PAGE_SIZE = 10;
const DEFAULTS = { keyword: '', onlineStatus: '', labelId: 0, page: 0 };

const statusOptions = [
  { value: '', label: '全部状态' },
  { value: 'online', label: ONLINE_STATUSES.online },
  { value: 'offline', label: '离线（全部）' },
  { value: 'offlineNormal', label: ONLINE_STATUSES.offlineNormal },
  { value: 'offlineTimeout', label: ONLINE_STATUSES.offlineTimeout },
];

/** Flags of the project that allow unbinding and changing the group (spec core §3, §6). */
function useProjectFlags(scope: GatewayScope) {
  const groupId = scope.kind === 'project' ? scope.groupId : 0;
  const settings = useProjectSettings(groupId);
  return {
    canUnbind: settings.data?.canUnbindGateway ?? true,
    canChangeBind: settings.data?.canChangeBindGateway ?? true,
  };
}

/** The server-paged gateway list of a project or a gateway firm, with its actions. */
export function GatewayList({ scope, title }: { scope: GatewayScope; title: string }) {
  const [query, setQuery] = useSavedQuery(`gateways.${scopeKey(scope)}`, DEFAULTS);
  const [draft, setDraft] = useState(query.keyword);
  const [form, setForm] = useState<GatewayFormState>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [binding, setBinding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [changing, setChanging] = useState<Gateway | null>(null);
  const [moving, setMoving] = useState<Gateway | null>(null);
  const [exporting, setExporting] = useState(false);
  const [sharing, setSharing] = useState(false);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canUpdate = usePermission(Permission.UPDATE);
  const canDelete = usePermission(Permission.DELETE);
  const flags = useProjectFlags(scope);
  const project = scope.kind === 'project';

  const params = {
    keyword: query.keyword,
    onlineStatus: query.onlineStatus,
    ...(project && query.labelId ? { labelId: query.labelId } : {}),
    page: query.page,
    size: PAGE_SIZE,
  };
  const gateways = useQuery({
    queryKey: gatewayKeys.list(scope, params),
    queryFn: () => gatewaysApi.list(scope, params),
    placeholderData: keepPreviousData,
  });

  // A remembered page past the end (gateways removed since): fall back to the last page.
  const total = gateways.data?.total ?? 0;
  useEffect(() => {
    if (gateways.data && gateways.data.list.length === 0 && query.page > 0) {
      setQuery((q) => ({ ...q, page: Math.max(0, Math.ceil(total / PAGE_SIZE) - 1) }));
    }
  }, [gateways.data, query.page, total, setQuery]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: gatewayKeys.all(scope) });
  const remove = useMutation({
    mutationFn: (gateway: Gateway) => gatewaysApi.remove(scope, gateway.id),
    onSuccess: (_, gateway) => {
      message.success(`网关「${gateway.alias}」已删除`);
      void refresh();
    },
  });
  const unbind = useMutation({
    mutationFn: (gateway: Gateway) => gatewaysApi.unbind(projectOf(scope)!, gateway.id),
    onSuccess: (_, gateway) => {
      message.success(`网关「${gateway.alias}」已解绑`);
      void refresh();
    },
  });

  const search = () => {
    const keyword = draft.trim();
    // Enter may arrive twice (this input and the shell's 查 询 shortcut): keep the same state then.
    setQuery((q) => (q.keyword === keyword && q.page === 0 ? q : { ...q, keyword, page: 0 }));
  };

  const download = async () => {
    setExporting(true);
    try {
      const count = await exportGateways(scope, { keyword: query.keyword, onlineStatus: query.onlineStatus });
      message.success(`已导出 ${count} 个网关`);
    } catch {
      // The HTTP client has shown why.
    } finally {
      setExporting(false);
    }
  };

  /** Less frequent actions of a project's gateway: another group of the project, another project. */
  const moreItems = (gateway: Gateway) => [
    ...(canUpdate && flags.canChangeBind
      ? [{ key: 'changeBind', label: '更换分组', onClick: () => setChanging(gateway) }]
      : []),
    ...(canDelete ? [{ key: 'transfer', label: '转移到其它项目', onClick: () => setMoving(gateway) }] : []),
  ];

  const detailLink = (gateway: Gateway) =>
    `?gatewayId=${gateway.id}&gatewayAlias=${encodeURIComponent(gateway.alias)}`;

  const columns: TableColumnsType<GatewayListItem> = [
    {
      title: '网关别名',
      dataIndex: 'alias',
      width: 140,
      ellipsis: true,
      render: (alias: string, gateway) => (
        // The tag first: a long alias is cut with an ellipsis, the tag must stay in sight.
        <>
          {gateway.shared && <SharedTag from={gateway.sharedFrom} />}
          <Link to={detailLink(gateway)}>{alias}</Link>
        </>
      ),
    },
    { title: '序列号', dataIndex: 'serialNumber', width: 170, ellipsis: true },
    ...(project
      ? [
          {
            title: '分组',
            dataIndex: 'groupName',
            width: 120,
            ellipsis: true,
            render: (name: string | null) => name ?? <span title="项目根目录">—</span>,
          },
        ]
      : []),
    {
      title: '类型',
      dataIndex: 'type',
      width: 90,
      render: (type: Gateway['type']) => GATEWAY_TYPES[type],
    },
    {
      title: '型号',
      dataIndex: 'model',
      width: 110,
      ellipsis: true,
      render: (model: Gateway['model']) => GATEWAY_MODELS[model],
    },
    {
      title: '在线状态',
      dataIndex: 'onlineStatus',
      width: 100,
      render: (status: Gateway['onlineStatus']) => <OnlineTag status={status} />,
    },
    {
      title: '异常状态',
      key: 'exceptions',
      width: 140,
      render: (_, gateway) => (
        <Space size={4} wrap>
          <ClockTag status={gateway.clockStatus} />
          {gateway.unknownKeyCount + gateway.rejectedValueCount > 0 && (
            <Tooltip
              title={`未知数据键 ${gateway.unknownKeyCount} 次，被拒数值 ${gateway.rejectedValueCount} 次`}
            >
              <Tag color="orange">数据被拒 {gateway.unknownKeyCount + gateway.rejectedValueCount}</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: '最后通信',
      dataIndex: 'lastSeenAt',
      width: 120,
      render: (at: number | null) =>
        at ? (
          <span title={dayjs(at).format('YYYY-MM-DD HH:mm:ss')}>{dayjs(at).format('MM-DD HH:mm')}</span>
        ) : (
          '—'
        ),
    },
  ];
  if (!project) {
    columns.push({
      title: '绑定',
      dataIndex: 'projectId',
      width: 90,
      render: (projectId: number | null) =>
        projectId === null ? <Tag>未绑定</Tag> : <Tag color="processing">已绑定</Tag>,
    });
  }
  // As wide as the actions this user has (a read-only operator sees only 详情): a fixed column wider
  // than its buttons pushed the table past a desk-width card, and hid 最后通信 under it.
  const actionButtons =
    1 + (canUpdate ? 1 : 0) + (project && canDelete && flags.canUnbind ? 1 : 0) + (canDelete ? 1 : 0);
  const hasMore = project && ((canUpdate && flags.canChangeBind) || canDelete);
  columns.push({
    title: '操作',
    key: 'actions',
    width: 32 + actionButtons * 48 + (hasMore ? 72 : 0),
    fixed: 'right',
    render: (_, gateway) =>
      // A shared gateway is read-only here: its configuration stays with the owner project.
      gateway.shared ? (
        <Space size={0}>
          <Link to={detailLink(gateway)}>
            <Button type="link" size="small">
              详情
            </Button>
          </Link>
          {scope.kind === 'project' && canDelete && (
            <LeaveShareButton groupId={scope.groupId} gateway={gateway} />
          )}
        </Space>
      ) : (
        <Space size={0}>
          <Link to={detailLink(gateway)}>
            <Button type="link" size="small">
              详情
            </Button>
          </Link>
          {canUpdate && (project || gateway.projectId === null) && (
            <Button type="link" size="small" onClick={() => setForm({ mode: 'edit', gateway })}>
              编辑
            </Button>
          )}
          {project && canDelete && flags.canUnbind && (
            <Popconfirm
              title={`确定解绑网关「${gateway.alias}」吗？`}
              description="解绑后网关离开本项目，它的网关指标一并删除；需凭绑定码重新绑定。"
              okText="解绑"
              okButtonProps={{ danger: true }}
              onConfirm={() => unbind.mutateAsync(gateway).catch(() => undefined)}
            >
              <Button type="link" size="small" danger>
                解绑
              </Button>
            </Popconfirm>
          )}
          {canDelete && (project ? gateway.firmId === null : gateway.projectId === null) && (
            <Popconfirm
              title={`确定删除网关「${gateway.alias}」吗？`}
              description="删除后设备无法再连接平台，数据与指标一并删除。"
              okText="删除"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutateAsync(gateway).catch(() => undefined)}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
          {project && moreItems(gateway).length > 0 && (
            <Dropdown menu={{ items: moreItems(gateway) }} trigger={['click']}>
              <Button type="link" size="small">
                更多 <DownOutlined />
              </Button>
            </Dropdown>
          )}
        </Space>
      ),
  });

  return (
    <Card
      title={title}
      extra={
        <Space wrap>
          {scope.kind === 'project' && (
            <LabelFilter
              projectId={scope.groupId}
              value={query.labelId}
              onChange={(labelId) => setQuery((q) => ({ ...q, labelId, page: 0 }))}
            />
          )}
          <Select
            aria-label="在线状态"
            value={query.onlineStatus}
            options={statusOptions}
            style={{ width: 130 }}
            onChange={(onlineStatus) => setQuery((q) => ({ ...q, onlineStatus, page: 0 }))}
          />
          <Space.Compact>
            <Input
              allowClear
              placeholder="序列号或别名"
              aria-label="序列号或别名"
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
          <Can bit={Permission.CREATE}>
            <Button icon={<PlusOutlined />} onClick={() => setForm({ mode: 'create' })}>
              新建
            </Button>
            {project && (
              <>
                <Button icon={<LinkOutlined />} onClick={() => setBinding(true)}>
                  绑定
                </Button>
                <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                  导入
                </Button>
                <Button
                  icon={<ShareAltOutlined />}
                  onClick={() => setSharing(true)}
                  data-testid="open-shares"
                >
                  分享
                </Button>
              </>
            )}
          </Can>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void download()}>
            导出
          </Button>
        </Space>
      }
    >
      <Table<GatewayListItem>
        rowKey="id"
        columns={columns}
        dataSource={gateways.data?.list ?? []}
        loading={gateways.isFetching}
        scroll={{ x: columns.reduce((sum, c) => sum + Number(c.width ?? 0), 0) }}
        pagination={{
          current: query.page + 1,
          pageSize: PAGE_SIZE,
          total,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (count) => `共 ${count} 个网关`,
          onChange: (page) => setQuery((q) => ({ ...q, page: page - 1 })),
        }}
        locale={{
          emptyText: tableEmpty(
            gateways,
            '网关列表',
            <Empty description={query.keyword ? `没有匹配“${query.keyword}”的网关` : '还没有网关'} />,
          ),
        }}
      />
      <GatewayFormModal scope={scope} state={form} onClose={() => setForm(null)} onCreated={setSecret} />
      <SecretModal shown={secret} onClose={() => setSecret(null)} />
      {scope.kind === 'project' && (
        <>
          <BindModal groupId={scope.groupId} open={binding} onClose={() => setBinding(false)} />
          <ImportModal groupId={scope.groupId} open={importing} onClose={() => setImporting(false)} />
          <ChangeBindModal groupId={scope.groupId} gateway={changing} onClose={() => setChanging(null)} />
          <TransferModal groupId={scope.groupId} gateway={moving} onClose={() => setMoving(null)} />
          <SharesModal groupId={scope.groupId} open={sharing} onClose={() => setSharing(false)} />
        </>
      )}
    </Card>
  );
}
