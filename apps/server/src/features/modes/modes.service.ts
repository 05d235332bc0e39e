import type { Page } from '@iot/contracts';
import { type Mode, type ModeBody, ModeMessages, type SiteMode } from '@iot/contracts/modes';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { ModesRepository } from './modes.repository.js';

type ListQuery = { page: number; size: number; keyword?: string | undefined };

/** 模式管理: a project's operating modes, unique by name, and the mode each site is in. */
export class ModesService {
  constructor(private readonly repository: ModesRepository) {}

  list(projectId: number, query: ListQuery): Promise<Page<Mode>> {
    return this.repository.page(projectId, query);
  }

  options(projectId: number) {
    return this.repository.options(projectId);
  }

  async isNameAvailable(projectId: number, name: string, excludeId?: number): Promise<boolean> {
    return !(await this.repository.isNameTaken(projectId, name, excludeId));
  }

  async create(projectId: number, body: ModeBody): Promise<Mode> {
    if (await this.repository.isNameTaken(projectId, body.name)) throw conflict(ModeMessages.NAME_TAKEN);
    return this.get(projectId, await this.repository.create(projectId, body));
  }

  async update(projectId: number, id: number, body: ModeBody): Promise<Mode> {
    await this.get(projectId, id);
    if (await this.repository.isNameTaken(projectId, body.name, id)) throw conflict(ModeMessages.NAME_TAKEN);
    await this.repository.update(projectId, id, body);
    return this.get(projectId, id);
  }

  /** Refused while a site is in the mode or a warning rule is limited to it. */
  async delete(projectId: number, id: number): Promise<void> {
    const mode = await this.get(projectId, id);
    if (mode.siteCount + mode.ruleCount > 0)
      throw badRequest(ModeMessages.inUse(mode.siteCount, mode.ruleCount));
    await this.repository.delete(projectId, id);
  }

  siteModes(projectId: number, query: ListQuery): Promise<Page<SiteMode>> {
    return this.repository.siteModes(projectId, query);
  }

  /** Switches a site of the project into a mode of the project (null: no mode). */
  async setSiteMode(projectId: number, siteId: number, modeId: number | null): Promise<SiteMode> {
    if (!(await this.repository.siteMode(projectId, siteId))) throw notFound(ModeMessages.SITE_NOT_FOUND);
    if (modeId !== null && !(await this.repository.get(projectId, modeId)))
      throw badRequest(ModeMessages.NOT_IN_PROJECT);
    await this.repository.setSiteMode(projectId, siteId, modeId);
    return (await this.repository.siteMode(projectId, siteId))!;
  }

  private async get(projectId: number, id: number): Promise<Mode> {
    const mode = await this.repository.get(projectId, id);
    if (!mode) throw notFound(ModeMessages.NOT_FOUND);
    return mode;
  }
}
