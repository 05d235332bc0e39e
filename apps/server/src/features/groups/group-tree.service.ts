import {
  GROUP_LEVEL_NAMES,
  GroupMessages,
  type GroupTreeIndicator,
  type GroupTreeNode,
  type GroupType,
  type groupTreeQuery,
} from '@iot/contracts/groups';
import type { z } from 'zod';
import type { GroupRow } from '../../platform/db/schema.js';
import { notFound } from '../../platform/errors.js';
import type { GroupsRepository } from './groups.repository.js';

/**
 * The group tree call (spec core §3, §7): the project tree with the indicators of the gateways bound
 * to each group and, on monitoring points (isMonitor), the indicators linked to them
 * (docs/decisions/0015-monitoring-points.md). A monitoring point carries the equipment standing at it
 * as equipmentId and equipmentName (docs/decisions/0051-equipment-ledger.md); other nodes null.
 */
export class GroupTreeService {
  constructor(private readonly repository: GroupsRepository) {}

  /**
   * Starts at parentId (default groupId; it must lie in groupId's subtree); answers the start node itself when includeSelf, else its
   * children. With generateDefault and a project without any area (no group below the project), answers one default node (the
   * project's id, named after groupDisplayName) carrying the gateways bound to the project itself.
   * gatewayIds and gatewayIndicatorIds filter the attached indicators (the tree is kept whole);
   * indicatorCategoryIds is accepted but has no effect: indicators have no categories yet.
   */
  async tree(
    projectId: number,
    groupId: number,
    query: z.output<typeof groupTreeQuery>,
  ): Promise<GroupTreeNode[]> {
    const rows = await this.repository.ofProject(projectId);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const startId = query.parentId ?? groupId;
    if (!byId.has(groupId) || !byId.has(startId)) throw notFound(GroupMessages.NOT_FOUND);
    // parentId must lie in groupId's subtree (or be groupId itself).
    let up = byId.get(startId);
    while (up && up.id !== groupId) up = up.parent_id === null ? undefined : byId.get(up.parent_id);
    if (!up) throw notFound(GroupMessages.NOT_FOUND);

    const indicators = new Map<number, GroupTreeIndicator[]>();
    for (const row of await this.repository.gatewayIndicators(projectId, query)) {
      const list = indicators.get(row.group_id!) ?? [];
      list.push(presentIndicator(row));
      indicators.set(row.group_id!, list);
    }
    // A monitoring point shows its linked indicators too (once each, in gateway then indicator order).
    const linked = await this.repository.linkedIndicators(projectId, query);
    const equipment = await this.repository.equipmentAtPoints(projectId);
    for (const row of linked) {
      const list = indicators.get(row.group_id) ?? [];
      if (!list.some((i) => i.id === row.id)) list.push(presentIndicator(row));
      indicators.set(row.group_id, list);
    }
    for (const groupId of new Set(linked.map((row) => row.group_id))) {
      indicators.get(groupId)!.sort((a, b) => a.gatewayId - b.gatewayId || a.id - b.id);
    }

    if (query.generateDefault && rows.every((row) => row.parent_id === null)) {
      const project = byId.get(projectId)!;
      return [
        {
          ...node(project, null, indicators, equipment),
          name: await this.repository.displayName(projectId),
          parentName: project.name,
          groupLevelName: GROUP_LEVEL_NAMES.area,
        },
      ];
    }

    const nodes = new Map(
      rows.map((row) => [
        row.id,
        node(
          row,
          row.parent_id === null ? null : (byId.get(row.parent_id)?.name ?? null),
          indicators,
          equipment,
        ),
      ]),
    );
    for (const row of rows) {
      if (row.parent_id !== null) nodes.get(row.parent_id)?.children.push(nodes.get(row.id)!);
    }
    const start = nodes.get(startId)!;
    return query.includeSelf ? [start] : start.children;
  }
}

function node(
  row: GroupRow,
  parentName: string | null,
  indicators: Map<number, GroupTreeIndicator[]>,
  equipment: Map<number, { id: number; name: string }>,
) {
  const standing = row.is_monitor === 1 ? equipment.get(row.id) : undefined;
  return {
    id: row.id,
    name: row.name,
    parentName,
    equipmentId: standing?.id ?? null,
    equipmentName: standing?.name ?? null,
    groupLevelName: GROUP_LEVEL_NAMES[row.group_type as GroupType],
    isMonitor: row.is_monitor === 1,
    children: [] as GroupTreeNode[],
    gatewayIndicators: indicators.get(row.id) ?? [],
  };
}

/** A gateway indicator row as the tree shows it. */
export function presentIndicator(row: {
  id: number;
  gateway_id: number;
  gateway_alias: string;
  alias: string;
  data_identification: string;
}): GroupTreeIndicator {
  return {
    id: row.id,
    gatewayId: row.gateway_id,
    gatewayAlias: row.gateway_alias,
    alias: row.alias,
    dataIdentification: row.data_identification,
  };
}
