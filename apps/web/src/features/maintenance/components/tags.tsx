import {
  FINAL_STATUSES,
  TASK_PRIORITIES,
  TaskPriorityNames,
  type TaskStatus,
  TaskStatusNames,
  TaskType,
  TaskTypeNames,
  type WorkOrder,
} from '@iot/contracts/maintenance';
import { Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';

/** Each of the 13 statuses in a colour of what it asks for: waiting, working, done, stopped. */
const STATUS_COLORS: Record<TaskStatus, string> = {
  1: 'gold',
  2: 'orange',
  3: 'orange',
  4: 'cyan',
  5: 'default',
  6: 'blue',
  7: 'default',
  8: 'default',
  9: 'magenta',
  10: 'processing',
  11: 'success',
  12: 'purple',
  13: 'error',
};

export const TASK_TYPES = Object.values(TaskType);

export function StatusTag({ status, submitted = false }: { status: number; submitted?: boolean }) {
  const name = TaskStatusNames[status as TaskStatus] ?? String(status);
  return (
    <Tag color={STATUS_COLORS[status as TaskStatus] ?? 'default'} data-testid="order-status">
      {status === 10 && submitted ? `${name}（待验收）` : name}
    </Tag>
  );
}

/** The type bitmask as one tag per bit (巡检 1, 维修 2, 加药 4, 保养 8). */
export function TypeTags({ type }: { type: number }) {
  return (
    <Space size={2} wrap>
      {TASK_TYPES.filter((t) => (type & t) !== 0).map((t) => (
        <Tag key={t} bordered={false}>
          {TaskTypeNames[t]}
        </Tag>
      ))}
    </Space>
  );
}

const PRIORITY_COLORS: Record<number, string> = { 1: 'red', 2: 'orange', 3: 'default' };
export const PRIORITY_OPTIONS = TASK_PRIORITIES.map((p) => ({ value: p, label: TaskPriorityNames[p] }));

export function PriorityTag({ priority }: { priority: number }) {
  return <Tag color={PRIORITY_COLORS[priority]}>{TaskPriorityNames[priority] ?? priority}</Tag>;
}

export const formatTime = (at: number | null | undefined) =>
  at === null || at === undefined ? '—' : dayjs(at).format('YYYY-MM-DD HH:mm');

/** Past due and not finished: shown as late whatever the status (orders in the pool are never moved to 13). */
export function isLate(order: Pick<WorkOrder, 'dueAt' | 'status' | 'submitted'>, now: number): boolean {
  return (
    order.dueAt !== null &&
    order.dueAt < now &&
    !FINAL_STATUSES.includes(order.status as TaskStatus) &&
    order.status !== 12 &&
    !(order.status === 10 && order.submitted)
  );
}

/** 截止时间, red with 已超时 when late. */
export function DueText({
  order,
  now,
}: {
  order: Pick<WorkOrder, 'dueAt' | 'status' | 'submitted'>;
  now: number;
}) {
  if (order.dueAt === null) return <Typography.Text type="secondary">不限</Typography.Text>;
  const late = isLate(order, now);
  return (
    <span data-testid={late ? 'order-late' : undefined}>
      <Typography.Text type={late ? 'danger' : undefined}>{formatTime(order.dueAt)}</Typography.Text>
      {late && (
        <Tag color="error" style={{ marginLeft: 4 }}>
          已超时
        </Tag>
      )}
    </span>
  );
}
