import type { GatewayListItem } from '@iot/contracts/gateways';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { tableEmpty } from '../../../components/LoadState';
import { gatewayKeys, gatewaysApi } from '../api';
import { OnlineTag } from './StatusTags';

const PAGE_SIZE = 10;

/**
 * The gateways placed in a group of a project (a site's own; for an area, those of its sites too),
 * each with its online status and last contact, linking to the gateway's detail. Server-paged.
 */
export function GroupGateways({
  projectId,
  groupId,
  site,
}: {
  projectId: number;
  groupId: number;
  /** A site lists only its own gateways; an area or the project adds the column of where each sits. */
  site: boolean;
}) {
  const [page, setPage] = useState(0);
  const scope = { kind: 'project', groupId: projectId } as const;
  const params = { keyword: '', onlineStatus: '', page, size: PAGE_SIZE, groupId };
  const gateways = useQuery({
    queryKey: gatewayKeys.list(scope, params),
    queryFn: () => gatewaysApi.list(scope, params),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<GatewayListItem> = [
    {
      title: '网关',
      dataIndex: 'alias',
      ellipsis: true,
      render: (alias: string, g) => (
        <Link
          to={`/projects/groups/${projectId}/gateways?gatewayId=${g.id}&gatewayAlias=${encodeURIComponent(alias)}`}
        >
          {alias}
        </Link>
      ),
    },
    { title: '序列号', dataIndex: 'serialNumber', ellipsis: true, responsive: ['md'] },
    ...(site
      ? []
      : [
          {
            title: '所在分组',
            dataIndex: 'groupName',
            ellipsis: true,
            render: (n: string | null) => n ?? '—',
          },
        ]),
    {
      title: '状态',
      dataIndex: 'onlineStatus',
      width: 100,
      render: (status: GatewayListItem['onlineStatus']) => <OnlineTag status={status} />,
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

  return (
    <div style={{ marginTop: 16 }} data-testid="group-gateways">
      <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
        {site ? '本站点的网关' : '网关（含下级分组）'}
        {gateways.data ? `（${gateways.data.total}）` : ''}
      </Typography.Text>
      <Table<GatewayListItem>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={gateways.data?.list ?? []}
        loading={gateways.isFetching}
        pagination={{
          current: page + 1,
          pageSize: PAGE_SIZE,
          total: gateways.data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: (next) => setPage(next - 1),
        }}
        locale={{
          emptyText: tableEmpty(
            gateways,
            '网关',
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={site ? '本站点还没有网关' : '还没有网关'}
            />,
          ),
        }}
      />
    </div>
  );
}
