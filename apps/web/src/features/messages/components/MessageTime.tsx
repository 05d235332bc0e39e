import { Typography } from 'antd';
import dayjs from 'dayjs';

export const formatTime = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm:ss');

/** When a message was sent, as people read it. */
export function MessageTime({ at }: { at: number }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {formatTime(at)}
    </Typography.Text>
  );
}
