import type { Gateway, GatewayRejection } from '@iot/contracts/gateways';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Space, Statistic, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { tableEmpty } from '../../../components/LoadState';
import { type GatewayScope, gatewaysApi } from '../api';

const PAGE_SIZE = 10;

/**
 * Payloads the server refused for this gateway (unknown keys, values its indicators refuse,
 * unparseable messages), newest first, with the counts kept on the gateway.
 */
export function RejectionsPanel({ scope, gateway }: { scope: GatewayScope; gateway: Gateway }) {
  const [page, setPage] = useState(0);
  const rejections = useQuery({
    queryKey: ['gateways', 'rejections', gateway.id, page],
    queryFn: () => gatewaysApi.rejections(scope, gateway.id, page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const columns: TableColumnsType<GatewayRejection> = [
    {
      title: '接收时间',
      dataIndex: 'receivedAt',
      width: 170,
      render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm:ss'),
    },
    { title: '主题', dataIndex: 'topic', width: 220, ellipsis: true },
    { title: '原因', dataIndex: 'reason', width: 240 },
    {
      title: '原始数据',
      dataIndex: 'payload',
      render: (payload: string) =>
        payload ? (
          <Typography.Text code ellipsis={{ tooltip: payload }} style={{ maxWidth: 420 }}>
            {payload}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space size="large">
        <Statistic title="未知数据键（累计）" value={gateway.unknownKeyCount} />
        <Statistic title="被拒数值（累计）" value={gateway.rejectedValueCount} />
      </Space>
      <Table<GatewayRejection>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={rejections.data?.list ?? []}
        loading={rejections.isFetching}
        scroll={{ x: 900 }}
        pagination={{
          current: page + 1,
          pageSize: PAGE_SIZE,
          total: rejections.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (count) => `最近 ${count} 条`,
          onChange: (next) => setPage(next - 1),
        }}
        locale={{
          emptyText: tableEmpty(
            rejections,
            '被拒绝的数据',
            <Empty description="没有被拒绝的数据" image={Empty.PRESENTED_IMAGE_SIMPLE} />,
          ),
        }}
      />
    </Space>
  );
}
