import { PlusOutlined } from '@ant-design/icons';
import { Permission } from '@iot/contracts';
import { TaskSourceNames, type WorkOrder } from '@iot/contracts/maintenance';
import { Button, Card, Drawer, type TableColumnsType, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { createdAtColumn, PagedTable, usePagedList } from '../../../components/PagedList';
import { usePermission } from '../../../platform/routes/currentRoute';
import { useInMobileLayout } from '../../../platform/routes/mobile';
import { useProjectId } from '../../../platform/routes/useProjectId';
import { fetchWorkOrders, workOrdersKey } from '../api';
import { DueText, PriorityTag, StatusTag, TypeTags } from '../components/tags';
import {
  NO_CONDITIONS,
  toFilter,
  type WorkOrderConditions,
  WorkOrderFilters,
} from '../components/WorkOrderFilters';
import { WorkOrderFormModal } from '../components/WorkOrderFormModal';
import { WorkOrderView } from '../components/WorkOrderView';
import { MobileWorkOrders } from './MobileWorkOrders';

type Conditions = WorkOrderConditions & { page: number; size: number };
const DEFAULTS: Conditions = { ...NO_CONDITIONS, page: 0, size: 10 };
/** `?orderId=` opens that order's detail (a link from 转工单, a message, a bookmark). */
export const ORDER_PARAM = 'orderId';
/** `?equipmentId=` lists that equipment's orders (the equipment detail's link), other filters cleared. */
export const EQUIPMENT_PARAM = 'equipmentId';

/**
 * 工单管理 (maintenance/Tasks): the project's work orders, server-paged with their filters and
 * 我的工单; 新建 for holders of create; the detail in a drawer at `?orderId=`, with the buttons of
 * the steps the caller may take (decision 0050's table, read from the detail's `actions`).
 */
export function WorkOrders() {
  // Under /m the field's cards and a phone-width detail (decision 0057); the same route and menu.
  return useInMobileLayout() ? <MobileWorkOrders /> : <DeskWorkOrders />;
}

function DeskWorkOrders() {
  const groupId = useProjectId();
  const canCreate = usePermission(Permission.CREATE);
  const [creating, setCreating] = useState(false);
  const [params, setParams] = useSearchParams();
  const list = usePagedList<WorkOrder, Conditions>({
    savedAs: `workOrders.list.${groupId}`,
    defaults: DEFAULTS,
    queryKey: [...workOrdersKey(groupId), 'list'],
    fetchPage: (c, page, size) => fetchWorkOrders(groupId, { ...toFilter(c), page, size }),
    enabled: groupId > 0,
  });
  const { query, setQuery } = list;
  const linkedEquipment = Number(params.get(EQUIPMENT_PARAM)) || 0;
  useEffect(() => {
    if (!linkedEquipment) return;
    setQuery((q) => ({ ...DEFAULTS, size: q.size, equipmentId: linkedEquipment }));
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(EQUIPMENT_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [linkedEquipment, setQuery, setParams]);
  const detailId = Number(params.get(ORDER_PARAM)) || null;
  const showDetail = (id: number | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id === null) next.delete(ORDER_PARAM);
      else next.set(ORDER_PARAM, String(id));
      return next;
    });
  const now = Date.now();
  const columns: TableColumnsType<WorkOrder> = [
    {
      title: '工单',
      key: 'title',
      width: 240,
      render: (_, o) => (
        <>
          <Typography.Link onClick={() => showDetail(o.id)}>{o.title}</Typography.Link>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {o.code}
            </Typography.Text>
          </div>
        </>
      ),
    },
    {
      title: '状态',
      key: 'status',
      width: 130,
      render: (_, o) => <StatusTag status={o.status} submitted={o.submitted} />,
    },
    { title: '类型', dataIndex: 'type', width: 130, render: (type: number) => <TypeTags type={type} /> },
    {
      title: '优先级',
      dataIndex: 'priority',
      width: 80,
      render: (p: number) => <PriorityTag priority={p} />,
    },
    {
      title: '站点',
      dataIndex: 'groupName',
      width: 130,
      ellipsis: true,
      render: (n: string | null) => n ?? '整个项目',
    },
    {
      title: '执行人',
      key: 'assignees',
      width: 130,
      ellipsis: true,
      render: (_, o) =>
        o.assignees.map((a) => a.realname).join('、') || (
          <Typography.Text type="secondary">未分配</Typography.Text>
        ),
    },
    { title: '截止时间', key: 'due', width: 200, render: (_, o) => <DueText order={o} now={now} /> },
    {
      title: '来源',
      dataIndex: 'source',
      width: 110,
      render: (s: WorkOrder['source']) => TaskSourceNames[s],
    },
    createdAtColumn<WorkOrder>(170),
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, o) => (
        <Button type="link" size="small" onClick={() => showDetail(o.id)}>
          详情
        </Button>
      ),
    },
  ];
  const filtered = Object.keys(toFilter(query)).length > 0;
  return (
    <Card
      title="工单管理"
      variant="borderless"
      extra={
        canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            新建工单
          </Button>
        )
      }
    >
      <WorkOrderFilters
        groupId={groupId}
        value={query}
        onChange={(next) => setQuery((q) => ({ ...q, ...next, page: 0 }))}
      />
      <PagedTable<WorkOrder, Conditions>
        paged={list}
        columns={columns}
        size="middle"
        what="工单列表"
        counted="个工单"
        empty={filtered ? '没有符合条件的工单' : '还没有工单'}
        sizes={[10, 20, 50, 100]}
      />
      <Drawer
        title="工单详情"
        size="min(760px, 100vw)"
        open={detailId !== null}
        onClose={() => showDetail(null)}
        destroyOnHidden
      >
        {detailId !== null && <WorkOrderView groupId={groupId} id={detailId} />}
      </Drawer>
      <WorkOrderFormModal
        groupId={groupId}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(order) => showDetail(order.id)}
      />
    </Card>
  );
}
