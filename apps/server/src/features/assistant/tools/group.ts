import type { AssistantTool } from '../provider.js';
import { chinaTime, type ToolDeps } from './common.js';

interface Node {
  name: string;
  type: string;
  gateways: number;
  online: number;
  children: Node[];
}

export function groupTools({ db }: ToolDeps): AssistantTool[] {
  const groupTree: AssistantTool = {
    category: 'group',
    name: 'group_tree',
    description: '查询本项目的分组结构：各区域及其下站点，以及每个区域、站点的网关数和在线网关数',
    parameters: { type: 'object', properties: {} },
    async run(_raw, { projectId, now }) {
      const [groups, counts, project] = await Promise.all([
        db
          .selectFrom('groups')
          .select(['id', 'parent_id', 'name', 'group_type'])
          .where('project_id', '=', projectId)
          .orderBy('sort')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('gateways')
          .select(['group_id', 'online_status', (eb) => eb.fn.countAll<number>().as('n')])
          .where('project_id', '=', projectId)
          .groupBy(['group_id', 'online_status'])
          .execute(),
        db
          .selectFrom('projects as p')
          .innerJoin('groups as g', 'g.id', 'p.group_id')
          .select(['g.name', 'p.group_display_name'])
          .where('p.group_id', '=', projectId)
          .executeTakeFirst(),
      ]);
      const nodes = new Map<number, Node & { parent: number | null }>();
      for (const g of groups)
        nodes.set(g.id, {
          name: g.name,
          type: g.group_type,
          gateways: 0,
          online: 0,
          children: [],
          parent: g.parent_id,
        });
      const rootOnly = { gateways: 0, online: 0 };
      for (const c of counts) {
        const n = Number(c.n);
        const on = c.online_status === 'online' ? n : 0;
        const node = c.group_id === null || c.group_id === projectId ? null : nodes.get(c.group_id);
        // Gateways of a site count for its area too; those on the project itself are unassigned.
        if (!node) {
          rootOnly.gateways += n;
          rootOnly.online += on;
          continue;
        }
        for (let at: (Node & { parent: number | null }) | undefined = node; at; ) {
          at.gateways += n;
          at.online += on;
          at = at.parent === null || at.parent === projectId ? undefined : nodes.get(at.parent);
        }
      }
      const strip = (n: Node & { parent?: number | null }): Node => ({
        name: n.name,
        type: n.type === 'area' ? '区域' : n.type === 'site' ? '站点' : n.type,
        gateways: n.gateways,
        online: n.online,
        children: n.children.map(strip),
      });
      const top: (Node & { parent: number | null })[] = [];
      for (const [id, node] of nodes) {
        if (id === projectId) continue;
        const parent = node.parent === null || node.parent === projectId ? null : nodes.get(node.parent);
        (parent ? parent.children : top).push(node);
      }
      const areas = top.map(strip);
      const sites = (list: Node[]): number =>
        list.reduce((s, n) => s + (n.type === '站点' ? 1 : 0) + sites(n.children), 0);
      const data = {
        project: project?.name ?? null,
        groupDisplayName: project?.group_display_name || '分组',
        areas,
        areaCount: areas.filter((a) => a.type === '区域').length,
        siteCount: sites(areas),
        gatewaysTotal: areas.reduce((s, a) => s + a.gateways, 0) + rootOnly.gateways,
        unassignedGateways: rootOnly.gateways,
      };
      return { data, source: `项目分组树与网关列表，截至 ${chinaTime(now)}` };
    },
  };
  return [groupTree];
}
