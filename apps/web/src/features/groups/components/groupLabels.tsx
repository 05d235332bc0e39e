import { AimOutlined, ApartmentOutlined, EnvironmentOutlined, HomeOutlined } from '@ant-design/icons';
import { type GroupNode, SITE_TYPE_LABELS, SITE_TYPES } from '@iot/contracts/groups';

export const GROUP_TYPE_LABELS: Record<GroupNode['groupType'], string> = {
  project: '项目',
  area: '区域',
  site: '站点',
};

export function siteTypeLabel(siteType: string | null): string | null {
  return siteType && (SITE_TYPES as readonly string[]).includes(siteType)
    ? SITE_TYPE_LABELS[siteType as (typeof SITE_TYPES)[number]]
    : siteType;
}

/** The icon of a group in the tree: project, area, site, or a monitoring point. */
export function GroupIcon({ group }: { group: Pick<GroupNode, 'groupType' | 'isMonitor'> }) {
  if (group.isMonitor) return <AimOutlined />;
  if (group.groupType === 'project') return <HomeOutlined />;
  if (group.groupType === 'area') return <ApartmentOutlined />;
  return <EnvironmentOutlined />;
}
