import type { Page } from '@iot/contracts';
import {
  type GatewayTypeBody,
  type GatewayTypeDetail,
  GatewayTypeMessages,
  type GatewayTypeOption,
  type GatewayTypeSummary,
} from '@iot/contracts/gateway-types';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { GatewayTypesRepository, TypeOwner } from './gateway-types.repository.js';

type ListQuery = { page: number; size: number; keyword?: string | undefined };

/** 网关类型 of a firm or a project, unique by name within the owner (decision 0042). */
export class GatewayTypesService {
  constructor(private readonly repository: GatewayTypesRepository) {}

  list(owner: TypeOwner, query: ListQuery): Promise<Page<GatewayTypeSummary>> {
    return this.repository.page(owner, query);
  }

  options(owner: TypeOwner): Promise<GatewayTypeOption[]> {
    return this.repository.options(owner);
  }

  async isNameAvailable(owner: TypeOwner, name: string, excludeId?: number): Promise<boolean> {
    return !(await this.repository.isNameTaken(owner, name, excludeId));
  }

  async get(owner: TypeOwner, id: number): Promise<GatewayTypeDetail> {
    const type = await this.repository.get(owner, id);
    if (!type) throw notFound(GatewayTypeMessages.NOT_FOUND);
    return type;
  }

  async create(owner: TypeOwner, body: GatewayTypeBody): Promise<GatewayTypeDetail> {
    if (await this.repository.isNameTaken(owner, body.name)) throw conflict(GatewayTypeMessages.NAME_TAKEN);
    return this.get(owner, await this.repository.create(owner, body));
  }

  /** Changes the template for gateways created from now on; gateways made before keep theirs. */
  async update(owner: TypeOwner, id: number, body: GatewayTypeBody): Promise<GatewayTypeDetail> {
    await this.get(owner, id);
    if (await this.repository.isNameTaken(owner, body.name, id))
      throw conflict(GatewayTypeMessages.NAME_TAKEN);
    await this.repository.update(id, body);
    return this.get(owner, id);
  }

  /** Refused while gateways name the type (their lists show it). */
  async delete(owner: TypeOwner, id: number): Promise<void> {
    const type = await this.get(owner, id);
    if (type.gatewayCount > 0) throw badRequest(GatewayTypeMessages.IN_USE(type.gatewayCount));
    await this.repository.delete(id);
  }
}
