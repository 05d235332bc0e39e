import { ReloadOutlined } from '@ant-design/icons';
import type { GatewayIndicator } from '@iot/contracts/indicators';
import {
  InstructionMessages,
  type InstructionRecord,
  type InstructionStatus,
} from '@iot/contracts/remote-control';
import { Button, Card, Empty, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { tableEmpty } from '../../../components/LoadState';
import { RECORDS_PAGE_SIZE, useInstructionRecords } from '../api';
import { awaitingDevice } from '../awaiting';
import { display } from '../values';

/** Tag colour per status: open ones process, success green, failures red, timeout orange. */
const COLOURS: Record<number, string> = {
  20100: 'processing',
  20101: 'processing',
  20103: 'processing',
  20000: 'success',
  20102: 'success',
  20104: 'default',
  40000: 'error',
  40800: 'warning',
};

const time = (at: number | null) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm:ss') : '—');

/** 指令记录: newest first, server-paged, refreshed every second while a record is still open. */
export function InstructionRecords({
  gatewayId,
  indicators,
  page,
  onPage,
}: {
  gatewayId: number;
  indicators: GatewayIndicator[];
  page: number;
  onPage: (page: number) => void;
}) {
  const records = useInstructionRecords(gatewayId, page, indicators);
  const byMetric = new Map(indicators.map((gi) => [gi.dataIdentification, gi]));
  const waiting = awaitingDevice(records.data?.list ?? [], indicators);

  const columns: TableColumnsType<InstructionRecord> = [
    { title: '下发时间', dataIndex: 'createdAt', width: 170, render: time },
    {
      title: '指标',
      dataIndex: 'metric',
      ellipsis: true,
      render: (metric: string) => {
        const gi = byMetric.get(metric);
        return gi ? `${gi.alias}（${metric}）` : metric;
      },
    },
    {
      title: '控制值',
      dataIndex: 'value',
      width: 140,
      render: (value: string, r) => display(byMetric.get(r.metric), value),
    },
    {
      title: '状态',
      key: 'status',
      width: 300,
      render: (_, r) => {
        const label = InstructionMessages[r.status as InstructionStatus] ?? String(r.status);
        return (
          <Space size={4} wrap>
            <Tag color={COLOURS[r.status] ?? 'default'} data-status={r.status}>
              {label}
            </Tag>
            {r.message && r.message !== label && (
              <Typography.Text type="secondary">{r.message}</Typography.Text>
            )}
          </Space>
        );
      },
    },
    {
      title: '来源',
      key: 'source',
      width: 100,
      render: (_, r) => (r.repositionOf !== null ? <Tag color="purple">自动复位</Tag> : '人工下发'),
    },
    { title: '响应时间', dataIndex: 'acknowledgedAt', width: 170, render: time },
  ];

  return (
    <Card
      size="small"
      title="指令记录"
      extra={
        <Space>
          {waiting && <Typography.Text type="secondary">等待设备响应，自动刷新中…</Typography.Text>}
          <Button size="small" icon={<ReloadOutlined />} onClick={() => void records.refetch()}>
            刷新
          </Button>
        </Space>
      }
    >
      <Table<InstructionRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={records.data?.list ?? []}
        loading={records.isLoading}
        locale={{
          emptyText: tableEmpty(
            records,
            '指令记录',
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无指令记录" />,
          ),
        }}
        pagination={{
          current: page + 1,
          pageSize: RECORDS_PAGE_SIZE,
          total: records.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (p) => onPage(p - 1),
        }}
        data-testid="instruction-records"
      />
    </Card>
  );
}
