import type { PageQuery } from '@iot/contracts';
import {
  type firmGatewayBody,
  type Gateway,
  type GatewayDetail,
  GatewayMessages,
  type GatewayWithCredentials,
  type GatewayWithSecret,
  type OnlineStatus,
  type projectGatewayBody,
  type updateGatewayBody,
} from '@iot/contracts/gateways';
import { ShareMessages } from '@iot/contracts/sharing';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/access.service.js';
import type { ClusterBus } from '../../platform/cluster-bus.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { gatewayConfigChanged } from '../../platform/gateway-config.js';
import { applyGatewayType, type TypeOwner } from '../gateway-types/index.js';
import { newBindCode, newSecret } from './credentials.js';
import type { GatewaysRepository, Owner } from './gateways.repository.js';

type FirmInput = z.output<typeof firmGatewayBody>;
type ProjectInput = z.output<typeof projectGatewayBody>;
type UpdateInput = z.output<typeof updateGatewayBody>;

export interface ListFilter {
  keyword?: string | undefined;
  onlineStatus?: OnlineStatus | 'offline' | undefined;
  /** Project lists: only this area or site and what lies below it. */
  groupId?: number | undefined;
  /** Project lists: only gateways carrying this label of the project. */
  labelId?: number | undefined;
}

const editable = (input: UpdateInput) => ({
  alias: input.alias,
  type: input.type,
  model: input.model,
  iccid: input.iccid,
  batch_or_contract: input.batchOrContract,
});

/**
 * Gateways of a firm (made there, handed to projects by bind code) and of a project (bound to it
 * or created in it). Every call names the owner; another owner's gateway is not found.
 */
export class GatewaysService {
  constructor(
    private readonly repository: GatewaysRepository,
    private readonly cluster: ClusterBus,
  ) {}

  async list(owner: Owner, pageQuery: PageQuery, filter: ListFilter) {
    const groupIds =
      'projectId' in owner && filter.groupId !== undefined
        ? await this.subtree(owner.projectId, filter.groupId)
        : undefined;
    return this.repository.list(owner, pageQuery, { ...filter, groupIds });
  }

  /**
   * The owner's gateway, for what follows to change it: a gateway shared into the project is
   * refused as read-only (its configuration stays with the owner; decision 0069).
   */
  async get(owner: Owner, id: number): Promise<Gateway> {
    const gateway = await this.repository.get(owner, id);
    if (gateway) return gateway;
    if ('projectId' in owner && (await this.repository.isSharedInto(owner.projectId, id)))
      throw forbidden(ShareMessages.READ_ONLY);
    throw notFound(GatewayMessages.NOT_FOUND);
  }

  async detail(projectId: number, id: number): Promise<GatewayDetail> {
    const detail = await this.repository.detail(projectId, id);
    if (!detail) throw notFound(GatewayMessages.NOT_FOUND);
    return detail;
  }

  createInFirm(firmId: number, input: FirmInput, auth: AuthContext): Promise<GatewayWithCredentials> {
    return this.create({ firmId, projectId: null, groupId: null }, input, auth);
  }

  async createInProject(
    projectId: number,
    input: ProjectInput,
    auth: AuthContext,
  ): Promise<GatewayWithCredentials> {
    const groupId = await this.resolveGroup(projectId, input.groupId);
    if (await this.repository.isAliasTaken(projectId, input.alias))
      throw conflict(GatewayMessages.ALIAS_TAKEN);
    return this.create({ firmId: null, projectId, groupId }, input, auth);
  }

  /** A firm edits a gateway only while no project has it. */
  async updateInFirm(firmId: number, id: number, input: FirmInput): Promise<Gateway> {
    await this.requireUnbound({ firmId }, id);
    if (await this.repository.isSerialNumberTaken(input.serialNumber, id))
      throw conflict(GatewayMessages.SERIAL_TAKEN);
    await this.repository.update(id, { serial_number: input.serialNumber, ...editable(input) });
    return this.get({ firmId }, id);
  }

  async updateInProject(projectId: number, id: number, input: UpdateInput): Promise<Gateway> {
    await this.get({ projectId }, id);
    if (await this.repository.isAliasTaken(projectId, input.alias, id))
      throw conflict(GatewayMessages.ALIAS_TAKEN);
    await this.repository.update(id, editable(input));
    return this.get({ projectId }, id);
  }

  async deleteInFirm(firmId: number, id: number): Promise<void> {
    await this.requireUnbound({ firmId }, id);
    await this.repository.delete(id);
    await gatewayConfigChanged(this.cluster, { gatewayIds: [id] });
  }

  /** A project deletes only the gateways it created; a firm's gateway goes back by unbinding. */
  async deleteInProject(projectId: number, id: number): Promise<void> {
    const gateway = await this.get({ projectId }, id);
    if (gateway.firmId !== null) throw badRequest(GatewayMessages.FIRM_GATEWAY_NO_DELETE);
    await this.repository.delete(id);
    await gatewayConfigChanged(this.cluster, { gatewayIds: [id] });
  }

  /** A new device secret, answered once; the old one stops working at once. */
  async rotateSecret(owner: Owner, id: number, auth: AuthContext): Promise<GatewayWithSecret> {
    const gateway = 'firmId' in owner ? await this.requireUnbound(owner, id) : await this.get(owner, id);
    const { secret, secretHash } = newSecret();
    await this.repository.transaction(async ({ gateways }) => {
      await gateways.update(id, { secret_hash: secretHash });
      await gateways.addRecord({
        gatewayId: id,
        action: 'secretRotated',
        projectId: gateway.projectId,
        groupId: gateway.groupId,
        userId: auth.userId,
      });
    });
    return { ...gateway, secret };
  }

  async isSerialNumberAvailable(serialNumber: string, excludeId?: number): Promise<boolean> {
    return !(await this.repository.isSerialNumberTaken(serialNumber, excludeId));
  }

  async isAliasAvailable(projectId: number, alias: string, excludeId?: number): Promise<boolean> {
    return !(await this.repository.isAliasTaken(projectId, alias, excludeId));
  }

  /**
   * Where in a project a gateway sits: the given group (the project's root, an area or a site),
   * the root when none is given. Another project's group is not found.
   */
  async resolveGroup(projectId: number, groupId: number | null): Promise<number> {
    if (groupId === null) return projectId;
    if (!(await this.repository.isGroupOfProject(projectId, groupId)))
      throw notFound(GatewayMessages.GROUP_NOT_FOUND);
    return groupId;
  }

  private async create(
    placement: { firmId: number | null; projectId: number | null; groupId: number | null },
    input: FirmInput,
    auth: AuthContext,
  ): Promise<GatewayWithCredentials> {
    if (await this.repository.isSerialNumberTaken(input.serialNumber))
      throw conflict(GatewayMessages.SERIAL_TAKEN);
    const { secret, secretHash } = newSecret();
    const bindCode = newBindCode();
    const id = await this.repository.transaction(async (tx) => {
      const { gateways } = tx;
      const id = await gateways.create({
        serial_number: input.serialNumber,
        ...editable(input),
        firm_id: placement.firmId,
        project_id: placement.projectId,
        group_id: placement.groupId,
        secret_hash: secretHash,
        bind_code: bindCode,
      });
      await gateways.addRecord({
        gatewayId: id,
        action: 'created',
        projectId: placement.projectId,
        groupId: placement.groupId,
        userId: auth.userId,
      });
      // The 网关类型's type, model, indicators and Modbus points, in the same transaction.
      if (input.typeId) await applyGatewayType(tx, typeOwner(placement), input.typeId, id);
      return id;
    });
    if (input.typeId) await gatewayConfigChanged(this.cluster, { gatewayIds: [id] });
    const owner =
      placement.projectId !== null ? { projectId: placement.projectId } : { firmId: placement.firmId! };
    return { ...(await this.get(owner, id)), secret, bindCode };
  }

  private async requireUnbound(owner: { firmId: number }, id: number): Promise<Gateway> {
    const gateway = await this.get(owner, id);
    if (gateway.projectId !== null) throw badRequest(GatewayMessages.BOUND_READ_ONLY);
    return gateway;
  }

  /**
   * The group and every group below it; undefined (no filter) for the project's root, which also
   * holds gateways whose group was deleted (their group id is null).
   */
  private async subtree(projectId: number, groupId: number): Promise<number[] | undefined> {
    const groups = await this.repository.groupsOfProject(projectId);
    const group = groups.find((g) => g.id === groupId);
    if (!group) throw notFound(GatewayMessages.GROUP_NOT_FOUND);
    if (group.group_type === 'project') return undefined;
    const ids = [groupId];
    for (let i = 0; i < ids.length; i++) {
      for (const group of groups) if (group.parent_id === ids[i]) ids.push(group.id);
    }
    return ids;
  }
}

/** Whose 网关类型 a new gateway may follow: its project's, or its firm's. */
function typeOwner(placement: { firmId: number | null; projectId: number | null }): TypeOwner {
  return placement.projectId !== null ? { projectId: placement.projectId } : { firmId: placement.firmId! };
}
