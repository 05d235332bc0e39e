import { PhoneOutlined } from '@ant-design/icons';
import { Card, Empty, Space, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/LoadState';
import { useOnDuty } from '../api';

/** 当前值班: who is on duty now, by shift, with when the shift ends; read again every minute. */
export function OnDutyNow({ projectId }: { projectId: number }) {
  const onDuty = useOnDuty(projectId);
  let body: ReactNode;
  if (onDuty.isLoading) body = <Spin size="small" />;
  else if (onDuty.isError)
    body = <LoadError inline what="当前值班" error={onDuty.error} onRetry={onDuty.refetch} />;
  else if (!onDuty.data?.people.length)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="当前没有人值班" style={{ margin: 0 }} />;
  else
    body = (
      <Space wrap size={[24, 8]} data-testid="on-duty-now">
        {onDuty.data.people.map((p) => (
          <Space key={`${p.shiftId}-${p.id}`} size={6} wrap>
            <Typography.Text strong>{p.realname}</Typography.Text>
            <Tag>{p.shiftName}</Tag>
            <Typography.Text type="secondary">
              {dayjs(p.startAt).format('MM-DD HH:mm')} 至 {dayjs(p.endAt).format('MM-DD HH:mm')}
            </Typography.Text>
            {p.mobile && (
              <Typography.Link href={`tel:${p.mobile}`}>
                <PhoneOutlined /> {p.mobile}
              </Typography.Link>
            )}
            {p.source !== 'rotation' && (
              <Tag color={p.source === 'swap' ? 'cyan' : 'volcano'}>
                {p.source === 'swap' ? '调班' : '指定'}
              </Tag>
            )}
          </Space>
        ))}
      </Space>
    );
  return (
    <Card size="small" title="当前值班" style={{ marginBottom: 12 }}>
      {body}
    </Card>
  );
}
