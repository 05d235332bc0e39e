import type { Plan, PlanOrder } from '@iot/contracts/maintenance';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { LoadError } from '../../../components/LoadState';
import { planKeys, plansApi } from '../plansApi';

const time = (ms: number | null) => (ms === null ? '—' : dayjs(ms).format('YYYY-MM-DD HH:mm'));
const STATUS_COLORS: Record<number, string> = {
  1: 'gold',
  2: 'orange',
  4: 'orange',
  6: 'blue',
  10: 'processing',
  11: 'green',
  13: 'red',
};

/** The work orders a plan generated, newest occurrence first. */
export function PlanOrdersDrawer({
  projectId,
  plan,
  onClose,
}: {
  projectId: number;
  plan: Plan | null;
  onClose(): void;
}) {
  const [page, setPage] = useState(0);
  const size = 10;
  const id = plan?.id ?? 0;
  const orders = useQuery({
    queryKey: [...planKeys.orders(projectId, id), page],
    queryFn: () => plansApi.orders(projectId, id, { page, size }),
    enabled: id > 0,
  });
  const columns: TableColumnsType<PlanOrder> = [
    { title: '工单号', dataIndex: 'code', width: 150 },
    { title: '对象', dataIndex: 'target', width: 120, ellipsis: true },
    {
      title: '计划时间',
      dataIndex: 'occursAt',
      width: 140,
      // A run-hour order: when it was generated, and the run hours that made it.
      render: (at: number, row) =>
        row.runHours === null ? (
          time(at)
        ) : (
          <>
            {time(at)}
            <div>
              <Typography.Text type="secondary">累计运行满{row.runHours}小时</Typography.Text>
            </div>
          </>
        ),
    },
    { title: '截止时间', dataIndex: 'dueAt', width: 140, render: time },
    {
      title: '状态',
      dataIndex: 'statusName',
      width: 110,
      render: (name: string, row) => <Tag color={STATUS_COLORS[row.status]}>{name}</Tag>,
    },
  ];
  return (
    <Drawer
      open={plan !== null}
      onClose={() => {
        setPage(0);
        onClose();
      }}
      title={plan ? `「${plan.name}」生成的工单` : ''}
      size="large"
      destroyOnHidden
    >
      {orders.isError ? (
        <LoadError what="工单列表" error={orders.error} onRetry={() => orders.refetch()} compact />
      ) : (
        <Table<PlanOrder>
          rowKey="id"
          size="small"
          loading={orders.isLoading}
          columns={columns}
          dataSource={orders.data?.list ?? []}
          scroll={{ x: 660 }}
          locale={{ emptyText: '还没有生成工单' }}
          pagination={{
            current: page + 1,
            pageSize: size,
            total: orders.data?.total ?? 0,
            showTotal: (total) => `共 ${total} 张工单`,
            onChange: (p) => setPage(p - 1),
          }}
        />
      )}
    </Drawer>
  );
}
