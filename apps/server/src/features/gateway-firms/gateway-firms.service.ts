import type { PageQuery } from '@iot/contracts';
import { type GatewayFirm, GatewayFirmMessages } from '@iot/contracts/gateway-firms';
import type { AuthContext } from '../../platform/auth/access.service.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { RolesService } from '../roles/index.js';
import type { GatewayFirmsRepository } from './gateway-firms.repository.js';

type FirmInput = { name: string; identificationCode: string };

export class GatewayFirmsService {
  constructor(
    private readonly repository: GatewayFirmsRepository,
    private readonly roles: RolesService,
  ) {}

  list(pageQuery: PageQuery, keyword?: string) {
    return this.repository.list(pageQuery, keyword);
  }

  /**
   * 我的网关厂商 and the title dropdown: the firms the caller belongs to (a system administrator: every
   * firm), each with the caller's role and the firm's gateways.
   */
  async listForUser(auth: AuthContext, pageQuery: PageQuery, keyword?: string) {
    const page = await this.repository.list(pageQuery, keyword, auth.isSystemAdmin ? undefined : auth.userId);
    return this.repository.withMine(auth.userId, page);
  }

  async get(id: number): Promise<GatewayFirm> {
    const firm = await this.repository.get(id);
    if (!firm) throw notFound(GatewayFirmMessages.NOT_FOUND);
    return firm;
  }

  async create(input: FirmInput): Promise<GatewayFirm> {
    await this.checkUnique(input);
    const id = await this.repository.create(input);
    await this.roles.adminRole('firm', id);
    return this.get(id);
  }

  async update(id: number, input: FirmInput): Promise<GatewayFirm> {
    await this.get(id);
    await this.checkUnique(input, id);
    await this.repository.update(id, input);
    return this.get(id);
  }

  async delete(id: number): Promise<void> {
    await this.get(id);
    await this.roles.deleteScope('firm', id);
    await this.repository.delete(id);
    await this.roles.scopeDeleted();
  }

  async isNameAvailable(name: string, excludeId?: number): Promise<boolean> {
    return !(await this.repository.isTaken('name', name, excludeId));
  }

  private async checkUnique(input: FirmInput, excludeId?: number): Promise<void> {
    if (await this.repository.isTaken('name', input.name, excludeId))
      throw conflict(GatewayFirmMessages.NAME_TAKEN);
    if (await this.repository.isTaken('identification_code', input.identificationCode, excludeId)) {
      throw conflict(GatewayFirmMessages.CODE_TAKEN);
    }
  }
}
