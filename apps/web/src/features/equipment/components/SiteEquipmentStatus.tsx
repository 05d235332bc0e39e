import {
  EQUIPMENT_STATUSES,
  type EquipmentStatus,
  EquipmentStatusColors,
  EquipmentStatusNames,
} from '@iot/contracts/equipment';
import { Badge, Empty, Space, Spin, Typography } from 'antd';
import { Link } from 'react-router';
import { LoadError } from '../../../components/LoadState';
import { type LiveStore, useLiveVersion } from '../../monitoring';
import { useEquipmentBoard } from '../api';
import { liveStatus } from './runFormat';

const BADGE: Record<string, 'success' | 'default' | 'error' | 'warning'> = {
  green: 'success',
  red: 'error',
  orange: 'warning',
  default: 'default',
};

/**
 * 站点首页's 设备: the site's equipment (there and below) counted by status, from 工艺设备监控's board
 * of the site, moved by the site's live values as they arrive; links to the board. The site is the
 * group id of the calls (read under its project, decision 0041).
 */
export function SiteEquipmentStatus({
  siteId,
  store,
  screen,
}: {
  siteId: number;
  /** The site home's live values (its gateways). */
  store: LiveStore;
  /** 工艺设备监控 (or 设备台账) in the caller's menu. */
  screen: { path: string; title: string };
}) {
  useLiveVersion(store);
  const board = useEquipmentBoard(siteId, siteId);
  if (board.isError)
    return (
      <div data-testid="site-equipment-status">
        <LoadError compact what="设备" error={board.error} onRetry={board.refetch} />
      </div>
    );
  if (!board.data) return <Spin style={{ display: 'block', margin: '24px auto' }} />;
  const items = board.data.items;
  const counts = Object.fromEntries(EQUIPMENT_STATUSES.map((s) => [s, 0])) as Record<EquipmentStatus, number>;
  for (const piece of items) counts[liveStatus(piece, store)] += 1;
  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }} data-testid="site-equipment-status">
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="站点下还没有设备" />
      ) : (
        <>
          <Typography.Text data-testid="site-equipment-total">共 {items.length} 台</Typography.Text>
          <Space size={[16, 8]} wrap>
            {EQUIPMENT_STATUSES.filter((s) => counts[s] > 0 || s === 'running' || s === 'fault').map((s) => (
              <Badge
                key={s}
                status={BADGE[EquipmentStatusColors[s]] ?? 'default'}
                text={
                  <span data-testid={`site-equipment-${s}`}>
                    {EquipmentStatusNames[s]} <Typography.Text strong>{counts[s]}</Typography.Text>
                  </span>
                }
              />
            ))}
          </Space>
        </>
      )}
      <Link to={screen.path}>{`打开${screen.title}`}</Link>
    </Space>
  );
}
