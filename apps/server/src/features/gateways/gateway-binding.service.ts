import { type PageQuery, Permission } from '@iot/contracts';
import { type bindGatewayBody, type Gateway, GatewayMessages } from '@iot/contracts/gateways';
import type { z } from 'zod';
import type { AccessService, AuthContext } from '../../platform/auth/access.service.js';
import type { ClusterBus } from '../../platform/cluster-bus.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { gatewayConfigChanged } from '../../platform/gateway-config.js';
import { carryGatewayIndicators, dropGatewayIndicators } from '../indicators/index.js';
import { sameBindCode } from './credentials.js';
import type { GatewaysRepository } from './gateways.repository.js';
import type { GatewaysService } from './gateways.service.js';

/** The right a caller needs in the project a gateway is transferred to. */
const TRANSFER_TARGET = { menu: 'router-projectGateway', bit: Permission.CREATE, scope: 'project' } as const;

/**
 * Moving gateways between owners: a project binds a firm's (or an ownerless) gateway by serial
 * number and bind code, unbinds it, moves it between its areas and sites, or transfers it to
 * another project. Indicator configuration travels with the gateway and counts against the
 * receiving project's quota; each move is written to the gateway's entry records.
 */
export class GatewayBindingService {
  constructor(
    private readonly repository: GatewaysRepository,
    private readonly gateways: GatewaysService,
    private readonly access: AccessService,
    private readonly cluster: ClusterBus,
  ) {}

  async bind(
    projectId: number,
    input: z.output<typeof bindGatewayBody>,
    auth: AuthContext,
  ): Promise<Gateway> {
    const found = await this.repository.findForBinding(input.serialNumber);
    // One answer for an unknown serial number and a wrong code: neither is confirmed to a guesser.
    if (!found || !sameBindCode(found.bindCode, input.bindCode))
      throw badRequest(GatewayMessages.BIND_FAILED);
    const { gateway } = found;
    if (gateway.projectId !== null) throw conflict(GatewayMessages.ALREADY_BOUND);
    const groupId = await this.gateways.resolveGroup(projectId, input.groupId);
    if (await this.repository.isAliasTaken(projectId, input.alias))
      throw conflict(GatewayMessages.ALIAS_TAKEN);
    await this.repository.transaction(async ({ gateways, indicators }) => {
      await carryGatewayIndicators(indicators, gateway.id, projectId);
      if (!(await gateways.place(gateway.id, null, { projectId, groupId, alias: input.alias })))
        throw conflict(GatewayMessages.ALREADY_BOUND);
      await gateways.addRecord({
        gatewayId: gateway.id,
        action: 'bound',
        projectId,
        groupId,
        userId: auth.userId,
      });
    });
    await gatewayConfigChanged(this.cluster, { gatewayIds: [gateway.id] });
    return this.gateways.get({ projectId }, gateway.id);
  }

  /**
   * Releases a gateway from the project (if the project allows it). Its gateway indicators stay
   * behind, deleted: they name this project's indicators. A firm's gateway returns to the firm's
   * unbound list; a gateway the project created becomes ownerless until someone binds it.
   */
  async unbind(projectId: number, id: number, auth: AuthContext): Promise<Gateway> {
    const gateway = await this.gateways.get({ projectId }, id);
    if (!(await this.repository.projectFlags(projectId)).canUnbind)
      throw badRequest(GatewayMessages.UNBIND_DISABLED);
    await this.repository.transaction(async ({ gateways, indicators }) => {
      await dropGatewayIndicators(indicators, id);
      if (!(await gateways.place(id, projectId, { projectId: null, groupId: null, alias: gateway.alias })))
        throw notFound(GatewayMessages.NOT_FOUND);
      await gateways.addRecord({
        gatewayId: id,
        action: 'unbound',
        projectId,
        groupId: null,
        userId: auth.userId,
      });
    });
    await gatewayConfigChanged(this.cluster, { gatewayIds: [id] });
    return { ...gateway, projectId: null, groupId: null };
  }

  /** Moves a gateway to another area or site of the same project (if the project allows it). */
  async changeBind(
    projectId: number,
    id: number,
    targetGroupId: number,
    auth: AuthContext,
  ): Promise<Gateway> {
    const gateway = await this.gateways.get({ projectId }, id);
    if (!(await this.repository.projectFlags(projectId)).canChangeBind)
      throw badRequest(GatewayMessages.CHANGE_BIND_DISABLED);
    const groupId = await this.gateways.resolveGroup(projectId, targetGroupId);
    await this.repository.transaction(async ({ gateways }) => {
      if (!(await gateways.place(id, projectId, { projectId, groupId, alias: gateway.alias })))
        throw notFound(GatewayMessages.NOT_FOUND);
      await gateways.addRecord({
        gatewayId: id,
        action: 'changeBind',
        projectId,
        groupId,
        userId: auth.userId,
      });
    });
    return this.gateways.get({ projectId }, id);
  }

  /**
   * Moves a gateway with its indicator configuration to another project, where the caller must
   * be allowed to create gateways. Leaving the project is an unbind, so the source project's
   * canUnbindGateway applies too.
   */
  async transfer(projectId: number, id: number, targetGroupId: number, auth: AuthContext): Promise<Gateway> {
    const gateway = await this.gateways.get({ projectId }, id);
    if (!(await this.repository.projectFlags(projectId)).canUnbind)
      throw badRequest(GatewayMessages.UNBIND_DISABLED);
    const target = await this.access.authorize(auth, TRANSFER_TARGET, targetGroupId);
    if (target.id === projectId) throw badRequest(GatewayMessages.TRANSFER_SAME_PROJECT);
    const groupId = await this.gateways.resolveGroup(target.id, targetGroupId);
    if (await this.repository.isAliasTaken(target.id, gateway.alias))
      throw conflict(GatewayMessages.TARGET_ALIAS_TAKEN);
    await this.repository.transaction(async ({ gateways, indicators }) => {
      await carryGatewayIndicators(indicators, id, target.id);
      if (!(await gateways.place(id, projectId, { projectId: target.id, groupId, alias: gateway.alias })))
        throw notFound(GatewayMessages.NOT_FOUND);
      await gateways.addRecord({
        gatewayId: id,
        action: 'transfer',
        projectId,
        targetProjectId: target.id,
        groupId,
        userId: auth.userId,
      });
    });
    await gatewayConfigChanged(this.cluster, { gatewayIds: [id] });
    return this.gateways.get({ projectId: target.id }, id);
  }

  /** The gateway's entry records that concern this project, newest first. */
  async entryRecords(projectId: number, id: number, pageQuery: PageQuery) {
    await this.gateways.get({ projectId }, id);
    return this.repository.records(projectId, id, pageQuery);
  }
}
