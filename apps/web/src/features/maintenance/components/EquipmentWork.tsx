import { type MaintenanceRecord, OPEN_STATUSES, type WorkOrder } from '@iot/contracts/maintenance';
import { useQuery } from '@tanstack/react-query';
import { Space, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { ShortList } from '../../../components/ShortList';
import { fetchWorkOrders, workOrdersKey } from '../api';
import { fetchRecords } from '../records/api';
import { DueText, StatusTag } from './tags';

/** Rows shown in a detail or a card; the rest are on the screen the link opens. */
const SHOWN = 10;
const isOpen = (status: number) => (OPEN_STATUSES as readonly number[]).includes(status);
const names = (people: { realname: string }[]) => people.map((p) => p.realname).join('、');

/** One order: its title opening it in 工单管理 (`?orderId=`), code, status, due time, assignees. */
function OrderRow({ order, screenPath, now }: { order: WorkOrder; screenPath: string; now: number }) {
  return (
    <Space direction="vertical" size={2} style={{ width: '100%' }}>
      <Space size={[8, 2]} wrap>
        <Link to={`${screenPath}?orderId=${order.id}`} data-testid="open-order">
          {order.title}
        </Link>
        <StatusTag status={order.status} submitted={order.submitted} />
      </Space>
      <Space size={[12, 2]} wrap style={{ fontSize: 12 }}>
        <Typography.Text type="secondary">{order.code}</Typography.Text>
        {isOpen(order.status) && (
          <span>
            <Typography.Text type="secondary">截止 </Typography.Text>
            <DueText order={order} now={now} />
          </span>
        )}
        {order.assignees.length > 0 && (
          <Typography.Text type="secondary">执行人 {names(order.assignees)}</Typography.Text>
        )}
      </Space>
    </Space>
  );
}

/**
 * The equipment detail's 工单: the piece's orders, the unfinished ones first, then the latest
 * finished or cancelled ones (each group newest first); each opens in 工单管理.
 */
export function EquipmentWorkOrders({
  projectId,
  equipmentId,
  screenPath,
}: {
  projectId: number;
  equipmentId: number;
  /** 工单管理's address in the caller's menu. */
  screenPath: string;
}) {
  const key = [...workOrdersKey(projectId), 'equipment', equipmentId] as const;
  const open = useQuery({
    queryKey: [...key, 'open'],
    queryFn: () => fetchWorkOrders(projectId, { equipmentId, open: true, page: 0, size: SHOWN }, true),
    retry: false,
  });
  const latest = useQuery({
    queryKey: [...key, 'latest'],
    queryFn: () => fetchWorkOrders(projectId, { equipmentId, page: 0, size: SHOWN }, true),
    retry: false,
  });
  const failed = open.isError ? open : latest;
  const rows = [...(open.data?.list ?? []), ...(latest.data?.list ?? []).filter((o) => !isOpen(o.status))];
  const now = Date.now();
  return (
    <>
      {open.data && latest.data && (
        <Typography.Text type="secondary" data-testid="equipment-orders-count">
          未完成 {open.data.total} 张 · 共 {latest.data.total} 张
        </Typography.Text>
      )}
      <ShortList<WorkOrder>
        testId="equipment-work-orders"
        query={{
          isLoading: open.isLoading || latest.isLoading,
          isError: open.isError || latest.isError,
          error: failed.error,
          refetch: () => Promise.all([open.refetch(), latest.refetch()]),
        }}
        rows={rows}
        what="工单"
        empty="该设备没有工单"
        rowKey={(o) => o.id}
        more={{ to: `${screenPath}?equipmentId=${equipmentId}`, label: '在工单管理中查看全部' }}
        renderRow={(o) => <OrderRow order={o} screenPath={screenPath} now={now} />}
      />
    </>
  );
}

/** The equipment detail's 维保记录: the piece's finished work, latest first; the link opens 维保记录 filtered to it. */
export function EquipmentRecords({
  projectId,
  equipmentId,
  screenPath,
}: {
  projectId: number;
  equipmentId: number;
  /** 维保记录's address in the caller's menu. */
  screenPath: string;
}) {
  const records = useQuery({
    queryKey: ['maintenanceRecords', 'list', projectId, 'equipment', equipmentId],
    queryFn: () => fetchRecords(projectId, { equipmentId }, 0, SHOWN, true),
    retry: false,
  });
  return (
    <ShortList<MaintenanceRecord>
      testId="equipment-records"
      query={records}
      rows={records.data?.list ?? []}
      what="维保记录"
      empty="该设备还没有完成的维保工作"
      rowKey={(r) => r.id}
      total={records.data?.total}
      more={{ to: `${screenPath}?equipmentId=${equipmentId}`, label: '在维保记录中查看' }}
      renderRow={(r) => (
        <Space direction="vertical" size={2} style={{ width: '100%' }}>
          <Space size={[8, 2]} wrap>
            <Typography.Text>{dayjs(r.finishedAt).format('YYYY-MM-DD HH:mm')}</Typography.Text>
            <Typography.Text strong>{r.title}</Typography.Text>
            <StatusTag status={r.status} />
          </Space>
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: '100%', fontSize: 12 }}>
            {[r.code, r.assignees.length > 0 && `执行人 ${names(r.assignees)}`, r.result]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
        </Space>
      )}
    />
  );
}

/**
 * 站点首页's 未完成工单: how many orders of the site (and below) are unfinished, and the latest few,
 * each opening in 工单管理. `groupId` is the site: the server reads it under its project (0041).
 */
export function SiteOpenWorkOrders({ siteId, screenPath }: { siteId: number; screenPath: string }) {
  const open = useQuery({
    queryKey: [...workOrdersKey(siteId), 'site', 'open'],
    queryFn: () => fetchWorkOrders(siteId, { siteId, open: true, page: 0, size: 5 }, true),
    retry: false,
    refetchInterval: 30_000,
  });
  const now = Date.now();
  return (
    <>
      {open.data && (
        <Statistic
          value={open.data.total}
          suffix="张"
          data-testid="site-open-orders-count"
          style={{ marginBottom: 4 }}
        />
      )}
      <ShortList<WorkOrder>
        testId="site-open-orders"
        query={open}
        rows={open.data?.list ?? []}
        what="未完成工单"
        empty="站点没有未完成的工单"
        rowKey={(o) => o.id}
        more={{ to: screenPath, label: '打开工单管理' }}
        renderRow={(o) => <OrderRow order={o} screenPath={screenPath} now={now} />}
      />
    </>
  );
}
