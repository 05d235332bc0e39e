import type { createGroupBody, updateGroupBody } from '@iot/contracts/groups';
import { GroupMessages, type GroupNode, type GroupType } from '@iot/contracts/groups';
import type { z } from 'zod';
import type { AccessService } from '../../platform/auth/access.service.js';
import type { GroupRow } from '../../platform/db/schema.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { GroupsRepository } from './groups.repository.js';

/**
 * The tree below a project: areas contain areas and sites; sites are leaves, and so are
 * monitoring points (an area or site flagged isMonitor; docs/decisions/0015-monitoring-points.md).
 */
export class GroupsService {
  constructor(
    private readonly repository: GroupsRepository,
    private readonly access: AccessService,
  ) {}

  /** The subtree rooted at groupId (the whole tree for the project's own id). */
  async tree(projectId: number, groupId: number): Promise<GroupNode> {
    const rows = await this.repository.ofProject(projectId);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const nodes = new Map<number, GroupNode>(rows.map((row) => [row.id, toNode(row, byId)]));
    for (const row of rows) {
      if (row.parent_id !== null) nodes.get(row.parent_id)?.children.push(nodes.get(row.id)!);
    }
    const root = nodes.get(groupId);
    if (!root) throw notFound(GroupMessages.NOT_FOUND);
    return root;
  }

  async create(
    projectId: number,
    parentId: number,
    input: Omit<z.output<typeof createGroupBody>, 'isMonitor'> & { isMonitor?: boolean },
  ): Promise<GroupNode> {
    const parent = await this.get(projectId, parentId);
    if (parent.is_monitor === 1) throw badRequest(GroupMessages.MONITOR_NO_CHILDREN);
    if (parent.group_type === 'site') throw badRequest(GroupMessages.SITE_NO_CHILDREN);
    if (await this.repository.isSiblingNameTaken(parentId, input.name))
      throw conflict(GroupMessages.NAME_TAKEN);
    const id = await this.repository.create(projectId, parentId, {
      name: input.name,
      groupType: input.groupType,
      siteType: input.groupType === 'site' ? input.siteType : null,
      sort: input.sort ?? (await this.nextSort(projectId, parentId)),
      isMonitor: input.isMonitor ?? false,
    });
    return this.tree(projectId, id);
  }

  /** The sort that puts a new child of parentId after its current last one. */
  private async nextSort(projectId: number, parentId: number): Promise<number> {
    const siblings = await this.repository.children(projectId, parentId);
    return siblings.reduce((max, sibling) => Math.max(max, sibling.sort + 1), 0);
  }

  async update(projectId: number, id: number, patch: z.output<typeof updateGroupBody>): Promise<GroupNode> {
    const group = await this.get(projectId, id);
    if (group.parent_id === null) throw badRequest(GroupMessages.PROJECT_ROOT);
    if (patch.name && (await this.repository.isSiblingNameTaken(group.parent_id, patch.name, id))) {
      throw conflict(GroupMessages.NAME_TAKEN);
    }
    const wasMonitor = group.is_monitor === 1;
    if (patch.isMonitor && !wasMonitor && (await this.repository.hasChildren(id))) {
      throw badRequest(GroupMessages.MONITOR_HAS_CHILDREN);
    }
    await this.repository.update(projectId, id, {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.siteType !== undefined && group.group_type === 'site' ? { site_type: patch.siteType } : {}),
      ...(patch.sort !== undefined ? { sort: patch.sort } : {}),
      ...(patch.isMonitor !== undefined ? { is_monitor: patch.isMonitor ? 1 : 0 } : {}),
    });
    if (patch.isMonitor === false && wasMonitor) await this.repository.replaceLinks(projectId, id, []);
    return this.tree(projectId, id);
  }

  /**
   * Drag to reorder: the listed direct children of parentId take sort 0, 1, 2… in that order; the
   * others follow in their current order. Answers the parent's subtree.
   */
  async order(projectId: number, parentId: number, ids: number[]): Promise<GroupNode> {
    await this.get(projectId, parentId);
    const children = await this.repository.children(projectId, parentId);
    const known = new Set(children.map((child) => child.id));
    const listed = [...new Set(ids)];
    if (listed.some((id) => !known.has(id))) throw badRequest(GroupMessages.ORDER_NOT_CHILDREN);
    const rest = children.map((child) => child.id).filter((id) => !listed.includes(id));
    const sorts = [...listed, ...rest]
      .map((id, sort) => ({ id, sort }))
      .filter(({ id, sort }) => children.find((child) => child.id === id)?.sort !== sort);
    await this.repository.setSorts(projectId, sorts);
    return this.tree(projectId, parentId);
  }

  async delete(projectId: number, id: number): Promise<void> {
    const group = await this.get(projectId, id);
    if (group.parent_id === null) throw badRequest(GroupMessages.PROJECT_ROOT);
    if (await this.repository.hasChildren(id)) throw badRequest(GroupMessages.HAS_CHILDREN);
    await this.repository.delete(projectId, id);
    await this.access.changed({ kind: 'group', groupId: id });
  }

  /** Breadcrumb levels from the project down to groupId, each with the siblings to switch to. */
  async nav(projectId: number, groupId: number) {
    const rows = await this.repository.ofProject(projectId);
    const byId = new Map(rows.map((row) => [row.id, row]));
    if (!byId.has(groupId)) throw notFound(GroupMessages.NOT_FOUND);
    const path: GroupRow[] = [];
    for (
      let node = byId.get(groupId);
      node;
      node = node.parent_id === null ? undefined : byId.get(node.parent_id)
    ) {
      path.unshift(node);
    }
    const summary = (row: GroupRow) => ({
      id: row.id,
      name: row.name,
      groupType: row.group_type as GroupType,
    });
    return {
      projectGroupId: projectId,
      groupDisplayName: await this.repository.displayName(projectId),
      path: path.map((row) => ({
        ...summary(row),
        siblings:
          row.parent_id === null
            ? [summary(row)]
            : rows.filter((r) => r.parent_id === row.parent_id).map(summary),
      })),
    };
  }

  private async get(projectId: number, id: number): Promise<GroupRow> {
    const group = await this.repository.get(projectId, id);
    if (!group) throw notFound(GroupMessages.NOT_FOUND);
    return group;
  }
}

function toNode(row: GroupRow, byId: Map<number, GroupRow>): GroupNode {
  return {
    id: row.id,
    name: row.name,
    parentId: row.parent_id,
    parentName: row.parent_id === null ? null : (byId.get(row.parent_id)?.name ?? null),
    groupType: row.group_type as GroupType,
    siteType: row.site_type,
    sort: row.sort,
    isMonitor: row.is_monitor === 1,
    children: [],
  };
}
