import { randomBytes } from 'node:crypto';
import type { PageQuery } from '@iot/contracts';
import {
  DEFAULT_TEMPLATES,
  MESSAGE_TYPES,
  MessageMessages,
  type MessageTemplate,
  type MessageType,
  MessageTypeNames,
  type RecipientBody,
  type RecipientSetting,
  type Webhook,
  type webhookBody,
} from '@iot/contracts/messages';
import type { z } from 'zod';
import { badRequest, notFound } from '../../platform/errors.js';
import type { MessagesRepository } from './messages.repository.js';
import type { WebhookDeliverer } from './webhooks.js';
import { presentDelivery, type WebhooksRepository } from './webhooks.repository.js';

type WebhookBody = z.output<typeof webhookBody>;

/** A project's recipient settings, templates and webhooks; the project id is the resolved scope. */
export class MessageSettingsService {
  constructor(
    private readonly repository: MessagesRepository,
    private readonly hooks: WebhooksRepository,
    private readonly deliverer: WebhookDeliverer,
  ) {}

  recipients(projectId: number): Promise<RecipientSetting[]> {
    return this.repository.recipients(projectId);
  }

  private async checkRecipients(projectId: number, body: RecipientBody): Promise<RecipientBody> {
    const roleIds = [...new Set(body.roleIds)];
    const userIds = [...new Set(body.userIds)];
    const roles = await this.repository.projectRoleIds(projectId, roleIds);
    if (roles.size !== roleIds.length) throw badRequest(MessageMessages.ROLE_NOT_IN_PROJECT);
    const users = await this.repository.projectMemberIds(projectId, userIds);
    if (users.size !== userIds.length) throw badRequest(MessageMessages.USER_NOT_IN_PROJECT);
    return { ...body, roleIds, userIds, types: [...new Set(body.types)], levels: [...new Set(body.levels)] };
  }

  async createRecipient(projectId: number, body: RecipientBody): Promise<RecipientSetting> {
    const id = await this.repository.createRecipient(
      projectId,
      await this.checkRecipients(projectId, body),
      Date.now(),
    );
    return (await this.repository.recipient(projectId, id))!;
  }

  async updateRecipient(projectId: number, id: number, body: RecipientBody): Promise<RecipientSetting> {
    const checked = await this.checkRecipients(projectId, body);
    if (!(await this.repository.updateRecipient(projectId, id, checked)))
      throw notFound(MessageMessages.RECIPIENT_NOT_FOUND);
    return (await this.repository.recipient(projectId, id))!;
  }

  async deleteRecipient(projectId: number, id: number): Promise<void> {
    if (!(await this.repository.deleteRecipient(projectId, id)))
      throw notFound(MessageMessages.RECIPIENT_NOT_FOUND);
  }

  async templates(projectId: number): Promise<MessageTemplate[]> {
    const own = await this.repository.templates(projectId);
    return MESSAGE_TYPES.map((type) => {
      const template = own.get(type);
      return {
        type,
        typeName: MessageTypeNames[type],
        ...(template ?? DEFAULT_TEMPLATES[type]),
        isDefault: template === undefined,
      };
    });
  }

  async saveTemplate(
    projectId: number,
    type: MessageType,
    template: { title: string; content: string },
  ): Promise<MessageTemplate> {
    await this.repository.saveTemplate(projectId, type, template, Date.now());
    return (await this.templates(projectId)).find((t) => t.type === type)!;
  }

  async resetTemplate(projectId: number, type: MessageType): Promise<MessageTemplate> {
    await this.repository.deleteTemplate(projectId, type);
    return (await this.templates(projectId)).find((t) => t.type === type)!;
  }

  webhooks(projectId: number): Promise<Webhook[]> {
    return this.hooks.webhooks(projectId);
  }

  private async webhook(projectId: number, id: number): Promise<Webhook> {
    const webhook = await this.hooks.webhook(projectId, id);
    if (!webhook) throw notFound(MessageMessages.WEBHOOK_NOT_FOUND);
    return webhook;
  }

  async createWebhook(projectId: number, body: WebhookBody): Promise<Webhook> {
    const id = await this.hooks.createWebhook(projectId, {
      name: body.name,
      url: body.url,
      secret: body.secret ?? randomBytes(24).toString('base64url'),
      types: JSON.stringify([...new Set(body.types)]),
      levels: JSON.stringify([...new Set(body.levels)]),
      enabled: body.enabled ? 1 : 0,
      created_at: Date.now(),
    });
    return this.webhook(projectId, id);
  }

  /** Changes a webhook; the secret stays unless a new one is given. */
  async updateWebhook(projectId: number, id: number, body: WebhookBody): Promise<Webhook> {
    const updated = await this.hooks.updateWebhook(projectId, id, {
      name: body.name,
      url: body.url,
      ...(body.secret ? { secret: body.secret } : {}),
      types: JSON.stringify([...new Set(body.types)]),
      levels: JSON.stringify([...new Set(body.levels)]),
      enabled: body.enabled ? 1 : 0,
    });
    if (!updated) throw notFound(MessageMessages.WEBHOOK_NOT_FOUND);
    return this.webhook(projectId, id);
  }

  async deleteWebhook(projectId: number, id: number): Promise<void> {
    if (!(await this.hooks.deleteWebhook(projectId, id))) throw notFound(MessageMessages.WEBHOOK_NOT_FOUND);
  }

  async deliveries(projectId: number, id: number, query: PageQuery) {
    await this.webhook(projectId, id);
    return this.hooks.deliveries(projectId, id, query);
  }

  /** Sends a test event now; the answer is the delivery as recorded (its first attempt runs on). */
  async test(projectId: number, id: number) {
    const webhook = await this.webhook(projectId, id);
    const row = await this.deliverer.enqueue(webhook.id, 'test', {
      event: 'test',
      projectId,
      type: 'other',
      typeName: MessageTypeNames.other,
      level: null,
      title: 'Webhook 测试',
      content: '这是一条测试消息。',
      createdAt: Date.now(),
      relationId: null,
    });
    return presentDelivery((await this.hooks.delivery(row.id)) ?? row);
  }
}
