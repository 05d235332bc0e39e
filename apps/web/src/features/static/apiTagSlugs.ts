/** Address slugs of the API document's tags, so /interfaceDocument/{slug} stays readable (no %E9%A1…). */
const TAG_SLUGS: Record<string, string> = {
  认证: 'auth',
  当前用户: 'current-user',
  用户管理: 'users',
  菜单: 'menus',
  消息: 'messages',
  消息设置: 'message-settings',
  审批: 'audits',
  公司: 'corporations',
  项目: 'projects',
  分组: 'groups',
  项目网关: 'project-gateways',
  厂商网关: 'firm-gateways',
  网关厂商: 'gateway-firms',
  网关指标: 'gateway-indicators',
  指标配置: 'indicators',
  Modbus配置: 'modbus',
  设备接入: 'device-access',
  实时数据: 'live-data',
  数据服务: 'data-service',
  数据修复: 'data-repair',
  预警: 'warnings',
  开放平台: 'open-platform',
  自定义域名: 'custom-domains',
  单位管理: 'units',
  标签管理: 'labels',
  模式管理: 'modes',
  系统: 'system',
  文件: 'files',
  操作日志: 'operation-logs',
  系统角色: 'system-roles',
  网关厂商角色: 'firm-roles',
  公司角色: 'corporation-roles',
  项目角色: 'project-roles',
  系统成员: 'system-members',
  厂商成员: 'firm-members',
  公司成员: 'corporation-members',
  项目用户: 'project-users',
};

/**
 * Each tag's slug, in the document's order: the known English slug, else `tag-N` (N its place
 * in the list, from 1) for a tag added since — still readable, never percent-encoded.
 */
export function tagSlugs(tags: string[]): Map<string, string> {
  return new Map(tags.map((tag, index) => [tag, TAG_SLUGS[tag] ?? `tag-${index + 1}`]));
}
