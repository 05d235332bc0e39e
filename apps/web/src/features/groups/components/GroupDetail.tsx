import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  LinkOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Permission } from '@iot/contracts';
import type { GroupNode } from '@iot/contracts/groups';
import { useMutation } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Popconfirm,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { tableEmpty } from '../../../components/LoadState';
import { usePermission } from '../../../platform/routes/currentRoute';
import { useProjectId } from '../../../platform/routes/useProjectId';
import { GroupGateways } from '../../gateways/index';
import { LocationSection } from '../../maps';
import { groupsApi, useMonitorIndicators, useRefreshGroups } from '../api';
import { GROUP_TYPE_LABELS, GroupIcon, siteTypeLabel } from './groupLabels';

export interface GroupActions {
  create(parent: GroupNode, groupType: 'area' | 'site'): void;
  edit(group: GroupNode): void;
  link(point: GroupNode): void;
  move(group: GroupNode, step: -1 | 1): void;
  deleted(group: GroupNode): void;
}

/** The chosen group: its fields, what may be done with it, and a monitoring point's linked indicators. */
export function GroupDetail({
  group,
  siblings,
  actions,
}: {
  group: GroupNode;
  siblings: GroupNode[];
  actions: GroupActions;
}) {
  const projectId = useProjectId();
  const canCreate = usePermission(Permission.CREATE);
  const canUpdate = usePermission(Permission.UPDATE);
  const canDelete = usePermission(Permission.DELETE);
  const { message } = App.useApp();
  const refresh = useRefreshGroups();
  const isRoot = group.parentId === null || siblings.length === 0;
  const index = siblings.findIndex((s) => s.id === group.id);
  const takesChildren = group.groupType !== 'site' && !group.isMonitor;

  const remove = useMutation({
    mutationFn: () => groupsApi.remove(group.id),
    onSuccess: () => {
      message.success(`「${group.name}」已删除`);
      void refresh();
      actions.deleted(group);
    },
  });

  return (
    <Card
      data-testid="group-detail"
      title={
        <Space>
          <GroupIcon group={group} />
          <span data-testid="group-detail-name">{group.name}</span>
          {group.isMonitor && <Tag color="processing">监测点</Tag>}
        </Space>
      }
      extra={
        <Space wrap size={4}>
          {canCreate && takesChildren && (
            <>
              <Button size="small" icon={<PlusOutlined />} onClick={() => actions.create(group, 'area')}>
                新建区域
              </Button>
              <Button size="small" icon={<PlusOutlined />} onClick={() => actions.create(group, 'site')}>
                新建站点
              </Button>
            </>
          )}
          {canUpdate && !isRoot && (
            <>
              <Button size="small" icon={<EditOutlined />} onClick={() => actions.edit(group)}>
                编辑
              </Button>
              <Tooltip title="上移">
                <Button
                  size="small"
                  aria-label="上移"
                  icon={<ArrowUpOutlined />}
                  disabled={index <= 0}
                  onClick={() => actions.move(group, -1)}
                />
              </Tooltip>
              <Tooltip title="下移">
                <Button
                  size="small"
                  aria-label="下移"
                  icon={<ArrowDownOutlined />}
                  disabled={index < 0 || index >= siblings.length - 1}
                  onClick={() => actions.move(group, 1)}
                />
              </Tooltip>
            </>
          )}
          {canDelete && !isRoot && (
            <Popconfirm
              title={`确定删除「${group.name}」吗？`}
              description={
                group.isMonitor ? '监测点与网关指标的关联会一并删除。' : '放在这里的网关将不再属于任何分组。'
              }
              okText="删除"
              okButtonProps={{ danger: true }}
              disabled={group.children.length > 0}
              onConfirm={() => remove.mutateAsync().catch(() => undefined)}
            >
              <Tooltip title={group.children.length > 0 ? '该分组下还有子分组，不能删除' : undefined}>
                <Button size="small" danger icon={<DeleteOutlined />} disabled={group.children.length > 0}>
                  删除
                </Button>
              </Tooltip>
            </Popconfirm>
          )}
        </Space>
      }
    >
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label="类型">{GROUP_TYPE_LABELS[group.groupType]}</Descriptions.Item>
        <Descriptions.Item label="站点类型">{siteTypeLabel(group.siteType) ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="上级">{group.parentName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="下级分组">{group.children.length}</Descriptions.Item>
        <Descriptions.Item label="监测点" span={2}>
          {group.isMonitor ? '是（叶子节点，可关联网关指标）' : '否'}
        </Descriptions.Item>
      </Descriptions>
      {group.isMonitor && (
        <LinkedIndicators point={group} canUpdate={canUpdate} onLink={() => actions.link(group)} />
      )}
      {/* 位置 (decision 0066): an area's or site's coordinates, address and drawn area. */}
      {projectId > 0 && !group.isMonitor && (
        <div style={{ marginTop: 12 }}>
          <LocationSection
            key={`location-${group.id}`}
            projectId={projectId}
            kind="site"
            ownerId={group.id}
          />
        </div>
      )}
      {projectId > 0 && (
        <GroupGateways
          key={group.id}
          projectId={projectId}
          groupId={group.id}
          site={group.groupType === 'site'}
        />
      )}
    </Card>
  );
}

function LinkedIndicators({
  point,
  canUpdate,
  onLink,
}: {
  point: GroupNode;
  canUpdate: boolean;
  onLink(): void;
}) {
  const linked = useMonitorIndicators(point.id);
  return (
    <div style={{ marginTop: 16 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Text strong>关联的网关指标</Typography.Text>
        {canUpdate && (
          <Button size="small" type="primary" icon={<LinkOutlined />} onClick={onLink}>
            关联网关指标
          </Button>
        )}
      </Space>
      <Table
        size="small"
        rowKey="id"
        loading={linked.isFetching}
        dataSource={linked.data ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        columns={[
          { title: '网关', dataIndex: 'gatewayAlias', ellipsis: true },
          { title: '指标', dataIndex: 'alias', ellipsis: true },
          { title: '标识', dataIndex: 'dataIdentification', width: 120 },
        ]}
        locale={{
          emptyText: tableEmpty(
            linked,
            '关联的网关指标',
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有关联网关指标" />,
          ),
        }}
      />
    </div>
  );
}
