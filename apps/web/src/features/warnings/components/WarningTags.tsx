import { type HandleStatus, HandleStatusLabels, WarningLevelLabels } from '@iot/contracts/warnings';
import { Tag } from 'antd';

/** Level colours, shared by the tags and the analysis charts: 1 severe red, 2 orange, 3 blue. */
export const LEVEL_COLORS: Record<number, string> = { 1: '#f5222d', 2: '#fa8c16', 3: '#1677ff' };

/** A warning level as a filled tag in its colour. */
export function LevelTag({ level }: { level: number }) {
  return (
    <Tag color={LEVEL_COLORS[level] ?? 'default'} variant="solid" data-level={level}>
      {WarningLevelLabels[level] ?? `${level}级`}
    </Tag>
  );
}

const STATUS_COLORS: Record<HandleStatus, string> = {
  unhandled: 'error',
  handling: 'processing',
  handled: 'success',
};

/** 未处理, 处理中 or 已处理. */
export function HandleStatusTag({ status }: { status: HandleStatus }) {
  return (
    <Tag color={STATUS_COLORS[status]} data-status={status}>
      {HandleStatusLabels[status]}
    </Tag>
  );
}

/** Still raised (预警中) or released (已解除). */
export function StateTag({ releasedAt }: { releasedAt: number | null }) {
  return releasedAt === null ? <Tag color="volcano">预警中</Tag> : <Tag>已解除</Tag>;
}
