import type { Page, PageQuery } from '@iot/contracts';
import { GatewayMessages, type GatewayRejection } from '@iot/contracts/gateways';
import { notFound } from '../../platform/errors.js';
import type { RejectionOwner, RejectionsRepository } from './rejections.repository.js';

/** Reading a gateway's rejected payloads, for the project it is bound to or the firm that made it. */
export class RejectionsService {
  constructor(private readonly repository: RejectionsRepository) {}

  /** Newest first; a gateway of another tenant answers 网关不存在, like its detail. */
  async list(owner: RejectionOwner, gatewayId: number, query: PageQuery): Promise<Page<GatewayRejection>> {
    if (!(await this.repository.owns(owner, gatewayId))) throw notFound(GatewayMessages.NOT_FOUND);
    return this.repository.list(gatewayId, query);
  }
}
