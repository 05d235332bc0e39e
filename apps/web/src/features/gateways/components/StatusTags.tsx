import {
  CLOCK_STATUSES,
  type ClockStatus,
  ONLINE_STATUSES,
  type OnlineStatus,
} from '@iot/contracts/gateways';
import { Tag } from 'antd';

const ONLINE_COLORS: Record<OnlineStatus, string> = {
  online: 'success',
  offlineNormal: 'default',
  offlineTimeout: 'warning',
};

/** Online, or one of the two kinds of offline (spec core §3). */
export function OnlineTag({ status }: { status: OnlineStatus }) {
  return <Tag color={ONLINE_COLORS[status]}>{ONLINE_STATUSES[status]}</Tag>;
}

/** The clock exception status, or 正常 when the device clock is within tolerance. */
export function ClockTag({ status }: { status: ClockStatus | null }) {
  if (status === null) return <Tag>时钟正常</Tag>;
  return <Tag color={status.startsWith('warning') ? 'warning' : 'error'}>{CLOCK_STATUSES[status]}</Tag>;
}
