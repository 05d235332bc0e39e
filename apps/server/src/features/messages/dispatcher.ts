import {
  DEFAULT_TEMPLATES,
  type MessageHeaders,
  MessageMessages,
  type MessagePush,
  type MessageType,
  MessageTypeNames,
  type WebhookPayload,
} from '@iot/contracts/messages';
import { effectiveMessageSetting, readMessageSetting } from '@iot/contracts/users';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from '../../platform/sms.js';
import type { VoiceSender } from '../../platform/voice.js';
import type { SocketFanout } from './fanout.js';
import type { Member, MessagesRepository, QuotaKind } from './messages.repository.js';
import { messageCenterTopic } from './socket-rules.js';
import type { WebhookDeliverer } from './webhooks.js';

/** Something that happened in a project that people should hear of. */
export interface Notification {
  projectId: number;
  type: MessageType;
  /** Warning level (1 severe … 3 general); recipient settings and webhooks may filter by it. */
  level: number | null;
  /** Values of the template's placeholders; projectName is added. */
  variables: Record<string, string>;
  /** The warning (later: malfunction, maintenance task) the message is about. */
  relationId: number | null;
  headers?: MessageHeaders;
  /**
   * Only these people (an order's assignees), whatever the recipient settings; they must still be
   * active members of the project.
   */
  userIds?: readonly number[];
  /**
   * When it happened (epoch ms; now when left out): recipient settings naming 值班人员 reach whoever
   * is on duty at this instant (a warning: when it started or was released).
   */
  at?: number;
}

/** The people on duty in a project at an instant (排班管理, decision 0053). */
export type OnDutyLookup = (projectId: number, at: number) => Promise<number[]>;

/** Who gets a type by default, when the project has no recipient setting naming it: read on this menu. */
const DEFAULT_MENU: Record<MessageType, string | null> = {
  warning: 'router-warningList',
  warningRelease: 'router-warningList',
  malfunction: 'router-equipmentMalfunctionRecord',
  malfunctionRelease: 'router-equipmentMalfunctionRecord',
  maintenance: 'router-maintenanceTaskList',
  maintenanceRelease: 'router-maintenanceTaskList',
  other: null,
};
const READ = 1;

/** `{name}` → its value; unknown names stay as written. */
export function render(template: string, variables: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => variables[name] ?? whole);
}

/** Epoch ms as China time, YYYY-MM-DD HH:mm:ss. */
export function chinaTime(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

function showsLive(setting: string): boolean {
  return effectiveMessageSetting(readMessageSetting(setting)).isShowMessage;
}

/**
 * Turns notifications into messages (docs/decisions/0020-messages.md): recipients from the
 * project's settings (or the default), the project's template, one stored message per person,
 * pushed live unless the person hides messages; SMS and voice against the project's remaining
 * counts; webhooks. Notifications are handled one at a time, in the order they came.
 */
export class MessageDispatcher {
  private queue: Promise<void> = Promise.resolve();
  private readonly sends = new Set<Promise<void>>();

  constructor(
    private readonly repository: MessagesRepository,
    private readonly fanout: SocketFanout,
    private readonly sms: SmsSender,
    private readonly voice: VoiceSender,
    private readonly webhooks: WebhookDeliverer,
    private readonly systemName: string,
    private readonly log: FastifyBaseLogger,
    private readonly onDuty: OnDutyLookup = async () => [],
  ) {}

  notify(notification: Notification): Promise<void> {
    this.queue = this.queue
      .then(() => this.dispatch(notification))
      .catch((error: unknown) => this.log.error({ err: error, notification }, 'message dispatch failed'));
    return this.queue;
  }

  /** Waits for queued notifications and the SMS, voice and webhook sends they started. */
  async drain(): Promise<void> {
    await this.queue;
    while (this.sends.size > 0) await Promise.all([...this.sends]);
    await this.webhooks.drain();
  }

  private async recipients(
    projectId: number,
    type: MessageType,
    level: number | null,
    at: number,
  ): Promise<Map<Member, { sms: boolean; voice: boolean }>> {
    const menu = DEFAULT_MENU[type];
    const [members, settings] = await Promise.all([
      this.repository.members(projectId, menu ?? ''),
      this.repository.recipients(projectId),
    ]);
    const now = Date.now();
    const active = members.filter((m) => m.enabled && (m.expireAt === null || m.expireAt > now));
    const chosen = new Map<Member, { sms: boolean; voice: boolean }>();
    const naming = settings.filter((s) => s.types.includes(type));
    if (naming.length === 0) {
      for (const m of active)
        if (menu === null || m.isAdmin || (m.bits & READ) === READ)
          chosen.set(m, { sms: false, voice: false });
      return chosen;
    }
    let onDuty: number[] | null = null;
    for (const setting of naming) {
      if (!setting.enabled) continue;
      if (level !== null && setting.levels.length > 0 && !setting.levels.includes(level)) continue;
      if (setting.onDuty) onDuty ??= await this.onDuty(projectId, at);
      for (const m of active) {
        const named = setting.roleIds.includes(m.roleId) || setting.userIds.includes(m.userId);
        if (!named && !(setting.onDuty && onDuty!.includes(m.userId))) continue;
        const channels = chosen.get(m) ?? { sms: false, voice: false };
        chosen.set(m, { sms: channels.sms || setting.sms, voice: channels.voice || setting.voice });
      }
    }
    return chosen;
  }

  private async addressed(
    projectId: number,
    userIds: readonly number[],
  ): Promise<Map<Member, { sms: boolean; voice: boolean }>> {
    const now = Date.now();
    const chosen = new Map<Member, { sms: boolean; voice: boolean }>();
    for (const m of await this.repository.members(projectId, ''))
      if (userIds.includes(m.userId) && m.enabled && (m.expireAt === null || m.expireAt > now))
        chosen.set(m, { sms: false, voice: false });
    return chosen;
  }

  private async dispatch(n: Notification): Promise<void> {
    const project = await this.repository.project(n.projectId);
    if (!project) return;
    const variables = { projectName: project.name, ...n.variables };
    const template = (await this.repository.templates(n.projectId)).get(n.type) ?? DEFAULT_TEMPLATES[n.type];
    const title = render(template.title, variables);
    const content = render(template.content, variables);
    const now = Date.now();
    const recipients = n.userIds
      ? await this.addressed(n.projectId, n.userIds)
      : await this.recipients(n.projectId, n.type, n.level, n.at ?? now);

    const calls: { member: Member; kind: QuotaKind }[] = [];
    const rows = [];
    for (const [member, channels] of recipients) {
      const notes: string[] = [];
      for (const kind of ['sms', 'voice'] as const) {
        if (!channels[kind] || !member.mobile) continue;
        if (await this.repository.takeQuota(n.projectId, kind)) calls.push({ member, kind });
        else notes.push(kind === 'sms' ? MessageMessages.SMS_QUOTA_SPENT : MessageMessages.VOICE_QUOTA_SPENT);
      }
      rows.push({
        user_id: member.userId,
        project_id: n.projectId,
        type: n.type,
        title,
        content: notes.length > 0 ? `${content}（${notes.join('，')}）` : content,
        headers: n.headers ? JSON.stringify(n.headers) : '',
        relation_id: n.relationId,
        created_at: now,
      });
    }
    const stored = await this.repository.insertMessages(rows);

    for (const member of recipients.keys()) {
      const row = stored.get(member.userId);
      if (!row || !showsLive(member.messageSetting)) continue;
      const push: MessagePush = {
        id: row.id,
        title: row.title,
        content: row.content,
        type: n.type,
        typeName: MessageTypeNames[n.type],
        createdAt: now,
        projectId: n.projectId,
        relationId: n.relationId,
        ...(n.headers ? { headers: n.headers } : {}),
      };
      this.fanout.publish(messageCenterTopic(member.userId), push);
    }

    const text = `【${this.systemName}】${title}：${content}`;
    for (const { member, kind } of calls) this.track(this.send(n.projectId, kind, member.mobile!, text));

    for (const webhook of await this.webhooks.projectWebhooks(n.projectId)) {
      if (!webhook.enabled || !webhook.types.includes(n.type)) continue;
      if (n.level !== null && webhook.levels.length > 0 && !webhook.levels.includes(n.level)) continue;
      const payload: Omit<WebhookPayload, 'id'> = {
        event: 'message',
        projectId: n.projectId,
        type: n.type,
        typeName: MessageTypeNames[n.type],
        level: n.level,
        title,
        content,
        createdAt: now,
        relationId: n.relationId,
        ...(n.headers ? { headers: n.headers } : {}),
      };
      await this.webhooks.enqueue(webhook.id, 'message', payload);
    }
  }

  private track(work: Promise<void>): void {
    // A failure here (the database away while the quota is given back) is logged, never left unhandled.
    const settled = work.catch((error: unknown) => this.log.error({ err: error }, 'message send failed'));
    this.sends.add(settled);
    void settled.finally(() => this.sends.delete(settled));
  }

  private async send(projectId: number, kind: QuotaKind, mobile: string, text: string): Promise<void> {
    try {
      if (kind === 'sms') await this.sms.send(mobile, text);
      else await this.voice.call(mobile, text);
    } catch (error) {
      // The provider refused or could not be reached: the unit was not used.
      this.log.error({ err: error, projectId, kind }, 'message not sent');
      await this.repository.returnQuota(projectId, kind);
    }
  }
}
