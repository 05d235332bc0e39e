import { EnvironmentOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { WorkOrder } from '@iot/contracts/maintenance';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Segmented, Space, Spin, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/LoadState';
import { useProjectId } from '../../../platform/routes/useProjectId';
import { fetchWorkOrders, type WorkOrderFilter, workOrdersKey } from '../api';
import { DueText, PriorityTag, StatusTag, TypeTags } from '../components/tags';
import { WorkOrderView } from '../components/WorkOrderView';

const PAGE_SIZE = 10;
const ORDER_PARAM = 'orderId';
const TAB_PARAM = 'tab';

/** The field's three lists: my open work, the pool anyone may claim, everything given to me. */
const TABS = {
  todo: { label: '我的待办', filter: { mine: true, open: true }, empty: '没有待办工单' },
  pool: { label: '待领取', filter: { status: 4 }, empty: '没有待领取的工单' },
  mine: { label: '我的全部', filter: { mine: true }, empty: '还没有分配给你的工单' },
} satisfies Record<string, { label: string; filter: WorkOrderFilter; empty: string }>;
type Tab = keyof typeof TABS;

/**
 * 工单管理 under /m (decision 0057): the field worker's orders as cards a thumb can hit — status,
 * type, priority, due or late, site — and, tapped, the order at phone width with its steps in a bar
 * at the bottom (领取, 开始执行, 提交结果 with the checklist and the camera). `?tab=` and `?orderId=`
 * keep the place, so the phone's back button returns from an order to its list.
 */
export function MobileWorkOrders() {
  const groupId = useProjectId();
  const [params, setParams] = useSearchParams();
  const orderId = Number(params.get(ORDER_PARAM)) || null;
  const tab: Tab = (params.get(TAB_PARAM) as Tab) in TABS ? (params.get(TAB_PARAM) as Tab) : 'todo';
  const set = (key: string, value: string | null, push = false) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: !push },
    );

  if (orderId !== null)
    return (
      <div data-testid="mobile-order">
        <Button
          type="text"
          icon={<LeftOutlined />}
          style={{ marginBottom: 8, paddingInline: 4 }}
          onClick={() => set(ORDER_PARAM, null)}
        >
          {TABS[tab].label}
        </Button>
        <WorkOrderView groupId={groupId} id={orderId} mobile />
      </div>
    );
  return (
    <div data-testid="mobile-orders">
      <Typography.Title level={5} style={{ margin: '4px 0 12px' }}>
        工单
      </Typography.Title>
      <Segmented<Tab>
        block
        value={tab}
        options={(Object.keys(TABS) as Tab[]).map((key) => ({ value: key, label: TABS[key].label }))}
        onChange={(value) => set(TAB_PARAM, value)}
        style={{ marginBottom: 12 }}
      />
      <OrderCards key={tab} groupId={groupId} tab={tab} onOpen={(id) => set(ORDER_PARAM, String(id), true)} />
    </div>
  );
}

function OrderCards({ groupId, tab, onOpen }: { groupId: number; tab: Tab; onOpen: (id: number) => void }) {
  const query = useInfiniteQuery({
    queryKey: [...workOrdersKey(groupId), 'mobile', tab],
    queryFn: ({ pageParam }) =>
      fetchWorkOrders(groupId, { ...TABS[tab].filter, page: pageParam, size: PAGE_SIZE }),
    initialPageParam: 0,
    getNextPageParam: (last) => ((last.page + 1) * last.size < last.total ? last.page + 1 : undefined),
    enabled: groupId > 0,
  });
  if (query.isError && !query.data)
    return <LoadError compact what="工单列表" error={query.error} onRetry={query.refetch} />;
  if (!query.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const orders = query.data.pages.flatMap((p) => p.list);
  const total = query.data.pages[0]?.total ?? 0;
  if (orders.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TABS[tab].empty} />;
  const now = Date.now();
  return (
    <Space direction="vertical" size={10} style={{ width: '100%' }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        共 {total} 个工单
      </Typography.Text>
      {orders.map((order) => (
        <OrderCard key={order.id} order={order} now={now} onOpen={() => onOpen(order.id)} />
      ))}
      {query.isFetchNextPageError && (
        <LoadError inline what="更多工单" error={query.error} onRetry={() => query.fetchNextPage()} />
      )}
      {query.hasNextPage && (
        <Button block loading={query.isFetchingNextPage} onClick={() => query.fetchNextPage()}>
          加载更多
        </Button>
      )}
    </Space>
  );
}

function OrderCard({ order, now, onOpen }: { order: WorkOrder; now: number; onOpen: () => void }) {
  return (
    <Card
      size="small"
      hoverable
      onClick={onOpen}
      role="link"
      tabIndex={0}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onOpen();
      }}
      aria-label={order.title}
      data-testid="order-card"
      className="mobile-order-card"
    >
      <Flex justify="space-between" align="start" gap={8}>
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong style={{ fontSize: 15 }}>
            {order.title}
          </Typography.Text>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {order.code}
            </Typography.Text>
          </div>
        </div>
        <StatusTag status={order.status} submitted={order.submitted} />
      </Flex>
      <Flex gap={4} wrap align="center" style={{ marginTop: 8 }}>
        <PriorityTag priority={order.priority} />
        <TypeTags type={order.type} />
      </Flex>
      <Flex justify="space-between" align="center" gap={8} style={{ marginTop: 8, fontSize: 13 }}>
        <Typography.Text type="secondary" ellipsis style={{ minWidth: 0 }}>
          <EnvironmentOutlined /> {order.groupName ?? '整个项目'}
        </Typography.Text>
        <Flex gap={4} align="center" style={{ flex: 'none' }}>
          <Typography.Text type="secondary">截止</Typography.Text>
          <DueText order={order} now={now} />
          <RightOutlined style={{ opacity: 0.5 }} />
        </Flex>
      </Flex>
    </Card>
  );
}
