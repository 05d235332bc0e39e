import type { Gateway } from '@iot/contracts/gateways';
import type { GroupTreeNode } from '@iot/contracts/groups';
import { Badge, Empty, Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { siteHomePath } from '../../../../platform/routes/generate';
import { GroupIcon } from '../../../groups';

interface GatewayCount {
  online: number;
  total: number;
}

function countOf(node: GroupTreeNode, byGroup: Map<number, Gateway[]>): GatewayCount {
  const own = byGroup.get(node.id) ?? [];
  return node.children.reduce(
    (sum, child) => {
      const c = countOf(child, byGroup);
      return { online: sum.online + c.online, total: sum.total + c.total };
    },
    { online: own.filter((g) => g.onlineStatus === 'online').length, total: own.length },
  );
}

function GatewayBadge({ count }: { count: GatewayCount }) {
  if (count.total === 0) return <Typography.Text type="secondary">无网关</Typography.Text>;
  const status = count.online === count.total ? 'success' : count.online === 0 ? 'default' : 'warning';
  return <Badge status={status} text={`${count.online}/${count.total} 在线`} />;
}

function Tile({ node, byGroup }: { node: GroupTreeNode; byGroup: Map<number, Gateway[]> }) {
  const count = countOf(node, byGroup);
  return (
    <Tooltip title={`${node.groupLevelName} · ${node.gatewayIndicators.length} 个指标`}>
      <div className={`site-tile${node.isMonitor ? ' site-tile-monitor' : ''}`} data-testid="site-tile">
        <div className="site-tile-name">
          <GroupIcon
            group={{ groupType: node.groupLevelName === '区域' ? 'area' : 'site', isMonitor: node.isMonitor }}
          />
          {node.groupLevelName === '区域' ? (
            <span>{node.name}</span>
          ) : (
            <Link to={siteHomePath(node.id)} data-testid="site-link">
              {node.name}
            </Link>
          )}
        </div>
        <div className="site-tile-meta">
          {node.isMonitor && (
            <Tag color="processing" bordered={false}>
              监测点
            </Tag>
          )}
          {count.total === 0 && node.isMonitor ? (
            <Typography.Text type="secondary">关联 {node.gatewayIndicators.length} 个指标</Typography.Text>
          ) : (
            <GatewayBadge count={count} />
          )}
        </div>
      </div>
    </Tooltip>
  );
}

function Area({ node, byGroup }: { node: GroupTreeNode; byGroup: Map<number, Gateway[]> }) {
  const leaves = node.children.filter(
    (c) => c.children.length === 0 && (c.groupLevelName !== '区域' || c.isMonitor),
  );
  const areas = node.children.filter((c) => !leaves.includes(c));
  return (
    <div className="site-area">
      <div className="site-area-head">
        <span className="site-area-name">{node.name}</span>
        <GatewayBadge count={countOf(node, byGroup)} />
      </div>
      <div className="site-area-body">
        {leaves.map((child) => (
          <Tile key={child.id} node={child} byGroup={byGroup} />
        ))}
        {areas.map((child) => (
          <Area key={child.id} node={child} byGroup={byGroup} />
        ))}
        {node.children.length === 0 && <Typography.Text type="secondary">暂无站点</Typography.Text>}
      </div>
    </div>
  );
}

/**
 * A schematic of the project: each area a block holding its sites (and sub-areas), with how many of
 * their gateways are online. Drawn from the group tree, not on a map: map tiles are out of reach
 * here, and the tree is what operators arrange their site by.
 */
export function SiteLayout({ root, gateways }: { root: GroupTreeNode | undefined; gateways: Gateway[] }) {
  if (!root) return <Empty description="还没有分组" />;
  const byGroup = new Map<number, Gateway[]>();
  for (const g of gateways) {
    if (g.groupId === null) continue;
    byGroup.set(g.groupId, [...(byGroup.get(g.groupId) ?? []), g]);
  }
  const direct = root.children.filter((c) => c.groupLevelName !== '区域' || c.isMonitor);
  const areas = root.children.filter((c) => !direct.includes(c));
  const rootGateways = byGroup.get(root.id) ?? [];
  return (
    <div className="site-layout" data-testid="site-layout">
      {areas.length === 0 && direct.length === 0 && (
        <Empty description="还没有区域或站点，可在分组管理中添加" />
      )}
      {areas.map((area) => (
        <Area key={area.id} node={area} byGroup={byGroup} />
      ))}
      {(direct.length > 0 || rootGateways.length > 0) && (
        <div className="site-area">
          <div className="site-area-head">
            <span className="site-area-name">项目直属</span>
            <GatewayBadge
              count={{
                online: rootGateways.filter((g) => g.onlineStatus === 'online').length,
                total: rootGateways.length,
              }}
            />
          </div>
          <div className="site-area-body">
            {direct.map((child) => (
              <Tile key={child.id} node={child} byGroup={byGroup} />
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
