import { ENTRY_ACTIONS, type GatewayEntryRecord } from '@iot/contracts/gateways';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { tableEmpty } from '../../../components/LoadState';
import { gatewaysApi } from '../api';

const PAGE_SIZE = 10;

/** What happened to the gateway in this project: created, bound, unbound, moved, secret reset. */
export function EntryRecordsPanel({ groupId, gatewayId }: { groupId: number; gatewayId: number }) {
  const [page, setPage] = useState(0);
  const records = useQuery({
    queryKey: ['gateways', 'entryRecords', gatewayId, page],
    queryFn: () => gatewaysApi.entryRecords(groupId, gatewayId, page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  return (
    <Table<GatewayEntryRecord>
      size="small"
      rowKey="id"
      dataSource={records.data?.list ?? []}
      loading={records.isFetching}
      columns={[
        {
          title: '时间',
          dataIndex: 'createdAt',
          width: 180,
          render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm:ss'),
        },
        {
          title: '操作',
          dataIndex: 'action',
          width: 120,
          render: (action: GatewayEntryRecord['action']) => <Tag>{ENTRY_ACTIONS[action]}</Tag>,
        },
        { title: '操作人', dataIndex: 'realname', render: (name: string | null) => name ?? '—' },
      ]}
      pagination={{
        current: page + 1,
        pageSize: PAGE_SIZE,
        total: records.data?.total ?? 0,
        showSizeChanger: false,
        hideOnSinglePage: true,
        onChange: (next) => setPage(next - 1),
      }}
      locale={{
        emptyText: tableEmpty(
          records,
          '变更记录',
          <Empty description="没有记录" image={Empty.PRESENTED_IMAGE_SIMPLE} />,
        ),
      }}
    />
  );
}
