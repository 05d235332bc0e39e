import type { Malfunction } from '@iot/contracts/malfunctions';
import { useQuery } from '@tanstack/react-query';
import { Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { ShortList } from '../../../components/ShortList';
import { malfunctionKeys, malfunctionsApi } from '../api';
import { Duration, useNow } from './Duration';

/** Rows shown in the equipment detail; the rest are on 设备故障记录. */
const SHOWN = 10;

/**
 * The equipment detail's 故障记录: the piece's malfunctions, latest first, an ongoing one counting up
 * in red; the link opens 设备故障记录 filtered to the piece (`?equipmentId=`).
 */
export function EquipmentMalfunctions({
  projectId,
  equipmentId,
  screenPath,
}: {
  projectId: number;
  equipmentId: number;
  /** 设备故障记录's address in the caller's menu. */
  screenPath: string;
}) {
  const list = useQuery({
    queryKey: [...malfunctionKeys.list(projectId), 'equipment', equipmentId],
    queryFn: () => malfunctionsApi.list(projectId, { equipmentId }, 0, SHOWN, true),
    retry: false,
  });
  const rows = list.data?.list ?? [];
  const now = useNow(rows.some((m) => m.endedAt === null));
  return (
    <ShortList<Malfunction>
      testId="equipment-malfunctions"
      query={list}
      rows={rows}
      what="故障记录"
      empty="该设备没有故障记录"
      rowKey={(m) => m.id}
      total={list.data?.total}
      more={{ to: `${screenPath}?equipmentId=${equipmentId}`, label: '在设备故障记录中查看' }}
      renderRow={(m) => (
        <Space direction="vertical" size={2} style={{ width: '100%' }}>
          <Space size={[8, 2]} wrap>
            <Typography.Text>{dayjs(m.startedAt).format('YYYY-MM-DD HH:mm')}</Typography.Text>
            <Tag bordered={false}>{m.originName}</Tag>
            <Duration startedAt={m.startedAt} endedAt={m.endedAt} now={now} />
            {m.workOrder && <Typography.Text type="secondary">工单 {m.workOrder.code}</Typography.Text>}
          </Space>
          {(m.description || m.closeNote) && (
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: '100%' }}>
              {[m.description, m.closeNote && `处理：${m.closeNote}`].filter(Boolean).join(' · ')}
            </Typography.Text>
          )}
        </Space>
      )}
    />
  );
}
