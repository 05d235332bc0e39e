import { GroupMessages, type GroupTreeIndicator } from '@iot/contracts/groups';
import { badRequest, notFound } from '../../platform/errors.js';
import { presentIndicator } from './group-tree.service.js';
import type { GroupsRepository } from './groups.repository.js';

/**
 * The gateway indicators a monitoring point shows: any of the project's gateways, wherever they are
 * bound in its tree. Links create no gateway indicators, so the indicator quota is not touched.
 */
export class MonitoringPointsService {
  constructor(private readonly repository: GroupsRepository) {}

  async indicators(projectId: number, groupId: number): Promise<GroupTreeIndicator[]> {
    await this.monitoringPoint(projectId, groupId);
    return this.linked(projectId, groupId);
  }

  /** Sets the whole list (attach and detach in one call); answers it as stored. */
  async setIndicators(projectId: number, groupId: number, ids: number[]): Promise<GroupTreeIndicator[]> {
    await this.monitoringPoint(projectId, groupId);
    const missing = await this.repository.replaceLinks(projectId, groupId, [...new Set(ids)]);
    if (missing.length > 0) {
      throw badRequest(`${GroupMessages.INDICATOR_NOT_IN_PROJECT}：${missing.join('、')}`);
    }
    return this.linked(projectId, groupId);
  }

  private async linked(projectId: number, groupId: number): Promise<GroupTreeIndicator[]> {
    return (await this.repository.linkedIndicators(projectId, { groupId })).map(presentIndicator);
  }

  private async monitoringPoint(projectId: number, groupId: number): Promise<void> {
    const group = await this.repository.get(projectId, groupId);
    if (!group) throw notFound(GroupMessages.NOT_FOUND);
    if (group.is_monitor !== 1) throw badRequest(GroupMessages.NOT_MONITOR);
  }
}
