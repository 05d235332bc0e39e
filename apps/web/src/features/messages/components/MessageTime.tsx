import { Typography } from 'antd';
import dayjs from 'dayjs';

export const formatTime = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm:ss');

/** When a message was sent, as people read it; `short` leaves out the year (the narrow notices). */
export function MessageTime({ at, short = false }: { at: number; short?: boolean }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
      {short ? dayjs(at).format('MM-DD HH:mm:ss') : formatTime(at)}
    </Typography.Text>
  );
}
