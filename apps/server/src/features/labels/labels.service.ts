import type { Page } from '@iot/contracts';
import { type Label, type LabelBody, LabelMessages, type LabelTargets } from '@iot/contracts/labels';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { LabelsRepository } from './labels.repository.js';

/** 标签管理: labels unique by name in a project, attached to its gateways and groups. */
export class LabelsService {
  constructor(private readonly repository: LabelsRepository) {}

  list(
    projectId: number,
    query: { page: number; size: number; keyword?: string | undefined },
  ): Promise<Page<Label>> {
    return this.repository.page(projectId, query);
  }

  options(projectId: number) {
    return this.repository.options(projectId);
  }

  async isNameAvailable(projectId: number, name: string, excludeId?: number): Promise<boolean> {
    return !(await this.repository.isNameTaken(projectId, name, excludeId));
  }

  async create(projectId: number, body: LabelBody): Promise<Label> {
    if (await this.repository.isNameTaken(projectId, body.name)) throw conflict(LabelMessages.NAME_TAKEN);
    return this.get(projectId, await this.repository.create(projectId, body));
  }

  async update(projectId: number, id: number, body: LabelBody): Promise<Label> {
    await this.get(projectId, id);
    if (await this.repository.isNameTaken(projectId, body.name, id)) throw conflict(LabelMessages.NAME_TAKEN);
    await this.repository.update(projectId, id, body);
    return this.get(projectId, id);
  }

  async delete(projectId: number, id: number): Promise<void> {
    const label = await this.get(projectId, id);
    if (label.gatewayCount + label.groupCount > 0)
      throw badRequest(LabelMessages.inUse(label.gatewayCount, label.groupCount));
    await this.repository.delete(projectId, id);
  }

  targetOptions(projectId: number) {
    return this.repository.targetOptions(projectId);
  }

  async targets(projectId: number, id: number): Promise<LabelTargets> {
    await this.get(projectId, id);
    return this.repository.targets(projectId, id);
  }

  /** Attaches the label to exactly these gateways and groups, all of which must be the project's. */
  async setTargets(projectId: number, id: number, targets: LabelTargets): Promise<LabelTargets> {
    await this.get(projectId, id);
    const gatewayIds = [...new Set(targets.gatewayIds)];
    const groupIds = [...new Set(targets.groupIds)];
    const [gateways, groups] = await Promise.all([
      this.repository.inProject(projectId, 'gateway', gatewayIds),
      this.repository.inProject(projectId, 'group', groupIds),
    ]);
    if (gateways.length !== gatewayIds.length || groups.length !== groupIds.length)
      throw badRequest(LabelMessages.TARGET_NOT_IN_PROJECT);
    await this.repository.setTargets(id, { gatewayIds, groupIds });
    return this.repository.targets(projectId, id);
  }

  private async get(projectId: number, id: number): Promise<Label> {
    const label = await this.repository.get(projectId, id);
    if (!label) throw notFound(LabelMessages.NOT_FOUND);
    return label;
  }
}
