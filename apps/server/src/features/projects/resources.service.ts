import { type PayStatus, ProjectMessages, type ResourceUsage } from '@iot/contracts/projects';
import { notFound } from '../../platform/errors.js';
import { resourceWarningsOf } from '../messages/index.js';
import type { ResourcesRepository } from './resources.repository.js';

/** 资源概览 (docs/decisions/0045): the project's terms against what it uses, and what it holds. */
export class ResourcesService {
  constructor(private readonly repository: ResourcesRepository) {}

  async usage(projectId: number, now = Date.now()): Promise<ResourceUsage> {
    const row = await this.repository.usage(projectId);
    if (!row) throw notFound(ProjectMessages.NOT_FOUND);
    const indicatorsLeft = row.indicatorMax === -1 ? -1 : row.indicatorMax - row.indicatorsUsed;
    return {
      projectId,
      name: row.name,
      payStatus: row.payStatus as PayStatus,
      setMealEndAt: row.setMealEndAt,
      indicators: { max: row.indicatorMax, used: row.indicatorsUsed, left: indicatorsLeft },
      sms: { sent: row.smsSent, left: row.smsLeft, receiving: row.smsReceivers > 0 },
      voice: { sent: row.voiceSent, left: row.voiceLeft, receiving: row.voiceReceivers > 0 },
      // Questions asked of the assistant since the project began (decision 0060).
      chat: { limit: row.chatLimit, used: row.chatUsed },
      gateways: {
        total: row.gatewaysOnline + row.gatewaysOffline,
        online: row.gatewaysOnline,
        offline: row.gatewaysOffline,
      },
      groups: { areas: row.areas, sites: row.sites, monitoringPoints: row.monitoringPoints },
      members: row.members,
      // The same notices as at sign-in (decision 0020), from the same rule.
      warnings: resourceWarningsOf(
        {
          projectId,
          projectName: row.name,
          setMealEndAt: row.setMealEndAt,
          indicatorMax: row.indicatorMax,
          indicatorsUsed: row.indicatorsUsed,
          smsLeft: row.smsLeft,
          voiceLeft: row.voiceLeft,
          smsUsed: row.smsReceivers > 0,
          voiceUsed: row.voiceReceivers > 0,
        },
        now,
      ),
    };
  }
}
