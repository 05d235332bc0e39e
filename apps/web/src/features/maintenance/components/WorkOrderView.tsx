import { DownOutlined } from '@ant-design/icons';
import {
  type TaskAction,
  TaskActionNames,
  TaskSourceNames,
  type TaskStatus,
  TaskStatusNames,
  type WorkOrderDetail,
} from '@iot/contracts/maintenance';
import {
  Button,
  Card,
  Descriptions,
  Dropdown,
  Empty,
  Flex,
  Spin,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { isNotFound, LoadError } from '../../../components/LoadState';
import { useScopeMenus } from '../../../platform/queries';
import { generateRoutes } from '../../../platform/routes/generate';
import { useScreenHref } from '../../../platform/routes/mobile';
import { useWorkOrder } from '../api';
import { ActionDialog, DANGER_ACTIONS } from './ActionDialog';
import { AttachmentList } from './Attachments';
import { DueText, formatTime, PriorityTag, StatusTag, TypeTags } from './tags';

const WARNING_LEVELS: Record<number, string> = { 1: '严重', 2: '重要', 3: '一般' };

/** The path of a project screen by its menu code, if the user's menu has it. */
function useScreenPath(groupId: number, code: string): string | null {
  const menus = useScopeMenus({ type: 'project', id: groupId });
  return useMemo(
    () =>
      generateRoutes(menus.data ?? [], { type: 'project', id: groupId }).find((r) => r.code === code)?.path ??
      null,
    [menus.data, groupId, code],
  );
}

const statusName = (s: number | null) => (s === null ? '' : (TaskStatusNames[s as TaskStatus] ?? String(s)));

/** The warning the order was made from, read live: released or not, and a way to its curve. */
function WarningCard({ groupId, order }: { groupId: number; order: WorkOrderDetail }) {
  const warningList = useScreenPath(groupId, 'router-warningList');
  const href = useScreenHref();
  const w = order.warning;
  if (!w) return null;
  return (
    <Card size="small" title="关联预警" style={{ marginBottom: 16 }} data-testid="order-warning">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'gateway', label: '网关', children: w.gatewayAlias },
          { key: 'indicator', label: '指标', children: w.indicatorName ?? '—' },
          { key: 'value', label: '触发值', children: w.value || '—' },
          { key: 'threshold', label: '阈值', children: w.threshold || '—' },
          { key: 'level', label: '级别', children: WARNING_LEVELS[w.level] ?? w.level },
          { key: 'start', label: '开始时间', children: formatTime(w.startedAt) },
          {
            key: 'state',
            label: '预警状态',
            children:
              w.releasedAt === null ? (
                <Tag color="error">预警中</Tag>
              ) : (
                <span>
                  <Tag color="success">已解除</Tag>
                  {formatTime(w.releasedAt)}
                </span>
              ),
          },
        ]}
      />
      {warningList && (
        <Link to={href(`${warningList}?warningId=${w.warningId}`)}>查看预警详情与前后曲线</Link>
      )}
    </Card>
  );
}

const expectation = (i: WorkOrderDetail['checklist'][number]) =>
  i.expected ||
  (i.min !== null || i.max !== null ? `${i.min ?? '…'} ~ ${i.max ?? '…'}${i.unit ? ` ${i.unit}` : ''}` : '');

/** What the plan asks for: the checklist (expected reading or range, photo required) and the dosing. */
function PlannedCard({ order }: { order: WorkOrderDetail }) {
  if (order.checklist.length === 0 && order.plannedDosing.length === 0) return null;
  return (
    <Card size="small" title="计划要求" style={{ marginBottom: 16 }} data-testid="order-planned">
      {order.checklist.map((i, n) => (
        <Flex key={i.text} gap={8} wrap align="baseline" style={{ marginBottom: 4 }}>
          <Typography.Text>{`${n + 1}. ${i.text}`}</Typography.Text>
          {expectation(i) && <Typography.Text type="secondary">应为 {expectation(i)}</Typography.Text>}
          {i.photoRequired && <Tag color="blue">需拍照</Tag>}
        </Flex>
      ))}
      {order.plannedDosing.map((d) => (
        <div key={d.medicine}>
          <Typography.Text>{`加药 · ${d.medicine} ${d.quantity} ${d.unit}`}</Typography.Text>
        </div>
      ))}
    </Card>
  );
}

/** What the assignee reported: checklist, measured values, dosing, result, photos. */
function ExecutionCard({ order }: { order: WorkOrderDetail }) {
  const e = order.execution;
  if (!e) return null;
  const photos = order.timeline.findLast((t) => t.action.startsWith('submit'))?.attachments ?? [];
  return (
    <Card size="small" title="执行结果" style={{ marginBottom: 16 }} data-testid="order-execution">
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'result',
            label: '处理结果',
            children: <span style={{ whiteSpace: 'pre-wrap' }}>{e.result}</span>,
          },
          {
            key: 'by',
            label: '提交',
            children: `${e.submittedBy?.realname ?? '—'} · ${formatTime(e.submittedAt)}`,
          },
        ]}
      />
      {e.checklist.length > 0 && (
        <Table
          size="small"
          rowKey={(_, i) => String(i)}
          pagination={false}
          style={{ marginTop: 8 }}
          dataSource={e.checklist}
          columns={[
            { title: '检查项', dataIndex: 'item' },
            {
              title: '结果',
              dataIndex: 'ok',
              width: 70,
              render: (ok: boolean) => (ok ? <Tag color="success">正常</Tag> : <Tag color="error">异常</Tag>),
            },
            { title: '说明', dataIndex: 'value' },
          ]}
        />
      )}
      {(e.measurements.length > 0 || e.dosing.length > 0) && (
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          style={{ marginTop: 8 }}
          items={[
            ...e.measurements.map((m, i) => ({
              key: `m${i}`,
              label: m.name,
              children: `${m.value} ${m.unit}`,
            })),
            ...e.dosing.map((d, i) => ({
              key: `d${i}`,
              label: `加药 · ${d.medicine}`,
              children: `${d.quantity} ${d.unit}`,
            })),
          ]}
        />
      )}
      <AttachmentList urls={photos} size={80} />
    </Card>
  );
}

/** Every event of the order: who, when, from → to, the note, the attachments. */
function OrderTimeline({ order }: { order: WorkOrderDetail }) {
  return (
    <div data-testid="order-timeline">
      <Timeline
        items={order.timeline.map((e) => ({
          key: e.id,
          color:
            DANGER_ACTIONS.includes(e.action) || e.action === 'overdue'
              ? 'red'
              : e.toStatus === 11
                ? 'green'
                : 'blue',
          children: (
            <div data-testid="timeline-entry">
              <Flex gap={8} wrap align="baseline">
                <Typography.Text strong>{e.actionName}</Typography.Text>
                <Typography.Text type="secondary">
                  {e.fromStatus === null ? '' : `${statusName(e.fromStatus)} → `}
                  {statusName(e.toStatus)}
                </Typography.Text>
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {e.user?.realname ?? '系统'} · {formatTime(e.createdAt)}
              </Typography.Text>
              {e.note && (
                <Typography.Paragraph style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>
                  {e.note}
                </Typography.Paragraph>
              )}
              <AttachmentList urls={e.attachments} />
            </div>
          ),
        }))}
      />
    </div>
  );
}

/** The buttons of the steps the caller may take now (the detail's `actions`, from the one table). */
export function OrderActions({
  order,
  onAct,
  block = false,
}: {
  order: WorkOrderDetail;
  onAct: (action: TaskAction) => void;
  block?: boolean;
}) {
  if (order.actions.length === 0) return null;
  return (
    <Flex gap={8} wrap data-testid="order-actions" role="toolbar" aria-label="工单操作">
      {order.actions.map((a, i) => (
        <Button
          key={a}
          type={i === 0 && !DANGER_ACTIONS.includes(a) ? 'primary' : 'default'}
          danger={DANGER_ACTIONS.includes(a)}
          block={block}
          onClick={() => onAct(a as TaskAction)}
        >
          {TaskActionNames[a as TaskAction] ?? a}
        </Button>
      ))}
    </Flex>
  );
}

/** The field's next step first: what moves the work forward, then the rest, stopping last. */
const FORWARD: readonly string[] = [
  'claim',
  'start',
  'submitResolved',
  'submitUnresolved',
  'acceptPass',
  'close',
  'auditPass',
  'allocate',
  'reassign',
  'publish',
  'askReassign',
];
const rank = (a: string) => (FORWARD.includes(a) ? FORWARD.indexOf(a) : FORWARD.length);

/** On a phone: the next step as one wide button, the others under 更多. */
function MobileActionBar({ order, onAct }: { order: WorkOrderDetail; onAct: (action: TaskAction) => void }) {
  const [first, ...rest] = [...order.actions].sort((a, b) => rank(a) - rank(b)) as TaskAction[];
  if (!first) return null;
  return (
    <Flex
      gap={8}
      className="mobile-action-bar"
      data-testid="order-actions"
      role="toolbar"
      aria-label="工单操作"
    >
      <Button
        type="primary"
        danger={DANGER_ACTIONS.includes(first)}
        style={{ flex: 1 }}
        onClick={() => onAct(first)}
      >
        {TaskActionNames[first] ?? first}
      </Button>
      {rest.length > 0 && (
        <Dropdown
          trigger={['click']}
          placement="topRight"
          menu={{
            items: rest.map((a) => ({
              key: a,
              label: TaskActionNames[a] ?? a,
              danger: DANGER_ACTIONS.includes(a),
            })),
            onClick: ({ key }) => onAct(key as TaskAction),
          }}
        >
          <Button>
            更多 <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Flex>
  );
}

/**
 * 工单详情: the order's fields, the warning it came from, the execution report, the timeline and
 * the buttons of the caller's steps, each behind its dialog. Reusable at phone width (/m pages).
 */
export function WorkOrderView({
  groupId,
  id,
  now = Date.now(),
  mobile = false,
}: {
  groupId: number;
  id: number;
  now?: number;
  /** On a phone (/m): the next step in a bar at the bottom, within the thumb's reach; the rest under 更多. */
  mobile?: boolean;
}) {
  const detail = useWorkOrder(groupId, id);
  const [action, setAction] = useState<TaskAction | null>(null);
  const order = detail.data;
  if (detail.isError)
    return isNotFound(detail.error) ? (
      <Empty description="工单不存在或已被删除" />
    ) : (
      <LoadError what="工单详情" error={detail.error} onRetry={detail.refetch} />
    );
  if (!order) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return (
    <div data-testid="work-order-view">
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
        <Flex gap={8} align="center" wrap>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {order.title}
          </Typography.Title>
          <StatusTag status={order.status} submitted={order.submitted} />
        </Flex>
        {!mobile && <OrderActions order={order} onAct={setAction} />}
      </Flex>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        style={{ marginBottom: 16 }}
        styles={mobile ? { label: { whiteSpace: 'nowrap' } } : undefined}
        items={[
          { key: 'code', label: '工单编号', children: order.code },
          { key: 'type', label: '类型', children: <TypeTags type={order.type} /> },
          { key: 'priority', label: '优先级', children: <PriorityTag priority={order.priority} /> },
          { key: 'source', label: '来源', children: TaskSourceNames[order.source] },
          { key: 'site', label: '站点', children: order.groupName ?? '整个项目' },
          {
            key: 'assignees',
            label: '执行人',
            children: order.assignees.map((a) => a.realname).join('、') || '未分配',
          },
          { key: 'due', label: '截止时间', children: <DueText order={order} now={now} /> },
          {
            key: 'created',
            label: '创建',
            children: `${order.createdBy?.realname ?? '—'} · ${formatTime(order.createdAt)}`,
          },
          ...(order.closedAt
            ? [{ key: 'closed', label: '关闭时间', children: formatTime(order.closedAt) }]
            : []),
          {
            key: 'description',
            label: '描述',
            span: { xs: 1, sm: 2 },
            children: <span style={{ whiteSpace: 'pre-wrap' }}>{order.description || '—'}</span>,
          },
        ]}
      />
      <WarningCard groupId={groupId} order={order} />
      <PlannedCard order={order} />
      <ExecutionCard order={order} />
      <Typography.Title level={5}>流转记录</Typography.Title>
      <OrderTimeline order={order} />
      {mobile && <MobileActionBar order={order} onAct={setAction} />}
      <ActionDialog groupId={groupId} order={order} action={action} onClose={() => setAction(null)} />
    </div>
  );
}
