import type { PageQuery } from '@iot/contracts';
import { type Corporation, CorporationMessages } from '@iot/contracts/corporations';
import type { AuthContext } from '../../platform/auth/access.service.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { RolesService } from '../roles/index.js';
import type { CorporationInput, CorporationsRepository } from './corporations.repository.js';

export class CorporationsService {
  constructor(
    private readonly repository: CorporationsRepository,
    private readonly roles: RolesService,
  ) {}

  list(pageQuery: PageQuery, keyword?: string) {
    return this.repository.list(pageQuery, keyword);
  }

  /**
   * 我的公司 and the title dropdown: the corporations the caller belongs to (a system administrator:
   * every one), each with the caller's role, its projects and their gateways online and offline.
   */
  async listForUser(auth: AuthContext, pageQuery: PageQuery, keyword?: string) {
    const page = await this.repository.list(pageQuery, keyword, auth.isSystemAdmin ? undefined : auth.userId);
    return this.repository.withMine(auth.userId, page);
  }

  async get(id: number): Promise<Corporation> {
    const corporation = await this.repository.get(id);
    if (!corporation) throw notFound(CorporationMessages.NOT_FOUND);
    return corporation;
  }

  async create(input: Required<CorporationInput>): Promise<Corporation> {
    if (await this.repository.isNameTaken(input.name)) throw conflict(CorporationMessages.NAME_TAKEN);
    const id = await this.repository.create(input);
    await this.roles.adminRole('corporation', id);
    return this.get(id);
  }

  async update(id: number, input: CorporationInput): Promise<Corporation> {
    await this.get(id);
    if (input.name && (await this.repository.isNameTaken(input.name, id)))
      throw conflict(CorporationMessages.NAME_TAKEN);
    await this.repository.update(id, input);
    return this.get(id);
  }

  async delete(id: number): Promise<void> {
    await this.get(id);
    if (await this.repository.hasProjects(id)) throw badRequest(CorporationMessages.HAS_PROJECTS);
    await this.roles.deleteScope('corporation', id);
    await this.repository.delete(id);
    await this.roles.scopeDeleted();
  }

  async isNameAvailable(name: string, excludeId?: number): Promise<boolean> {
    return !(await this.repository.isNameTaken(name, excludeId));
  }
}
