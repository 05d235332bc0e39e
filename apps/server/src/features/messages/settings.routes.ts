import { id, Permission, page, pageQuery } from '@iot/contracts';
import {
  messageTemplate,
  messageType,
  recipientBody,
  recipientSetting,
  templateBody,
  webhook,
  webhookBody,
  webhookDelivery,
} from '@iot/contracts/messages';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import type { MessageSettingsService } from './settings.service.js';

/** Who hears of what is part of the warning settings (预警设置). */
const SETTINGS = 'router-warningSetting';
const tags = ['消息设置'];
const groupParams = z.object({ groupId: id });
const params = groupParams.extend({ id });
const typeParams = groupParams.extend({ type: messageType });
const scopeId = ({ params }: { params: { groupId: number } }) => params.groupId;
const rule = (bit: number) => ({ menu: SETTINGS, bit, scope: 'project' as const, scopeId });

export function registerMessageSettingRoutes(router: Router, settings: MessageSettingsService): void {
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/messageRecipients',
    summary: '消息接收设置：按消息类型与预警等级，接收角色或接收人，站内消息外可加短信、语音',
    tags,
    params: groupParams,
    access: rule(Permission.READ),
    response: z.array(recipientSetting),
    handler: ({ scope }) => settings.recipients(scope!.id),
  });
  router.route({
    method: 'POST',
    url: '/iot/groups/:groupId/messageRecipients',
    summary:
      '新建消息接收设置（levels 为空即所有等级；未设置某类型时，该类型发给对相应菜单有查看权限的项目成员）',
    tags,
    params: groupParams,
    body: recipientBody,
    access: rule(Permission.CREATE),
    response: recipientSetting,
    handler: ({ scope, body }) => settings.createRecipient(scope!.id, body),
  });
  router.route({
    method: 'PUT',
    url: '/iot/groups/:groupId/messageRecipients/:id',
    summary: '修改消息接收设置',
    tags,
    params,
    body: recipientBody,
    access: rule(Permission.UPDATE),
    response: recipientSetting,
    handler: ({ scope, params, body }) => settings.updateRecipient(scope!.id, params.id, body),
  });
  router.route({
    method: 'DELETE',
    url: '/iot/groups/:groupId/messageRecipients/:id',
    summary: '删除消息接收设置',
    tags,
    params,
    access: rule(Permission.DELETE),
    handler: ({ scope, params }) => settings.deleteRecipient(scope!.id, params.id),
  });

  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/messageTemplates',
    summary: '各消息类型的模板（项目自定义或默认）',
    tags,
    params: groupParams,
    access: rule(Permission.READ),
    response: z.array(messageTemplate),
    handler: ({ scope }) => settings.templates(scope!.id),
  });
  router.route({
    method: 'PUT',
    url: '/iot/groups/:groupId/messageTemplates/:type',
    summary: '设置某类型的模板（{占位符} 见 GET /iot/messages/templates）',
    tags,
    params: typeParams,
    body: templateBody,
    access: rule(Permission.UPDATE),
    response: messageTemplate,
    handler: ({ scope, params, body }) => settings.saveTemplate(scope!.id, params.type, body),
  });
  router.route({
    method: 'DELETE',
    url: '/iot/groups/:groupId/messageTemplates/:type',
    summary: '恢复某类型的默认模板',
    tags,
    params: typeParams,
    access: rule(Permission.UPDATE),
    response: messageTemplate,
    handler: ({ scope, params }) => settings.resetTemplate(scope!.id, params.type),
  });

  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/webhooks',
    summary: 'Webhook 列表',
    tags,
    params: groupParams,
    access: rule(Permission.READ),
    response: z.array(webhook),
    handler: ({ scope }) => settings.webhooks(scope!.id),
  });
  router.route({
    method: 'POST',
    url: '/iot/groups/:groupId/webhooks',
    summary:
      '新建 Webhook：所选类型（与等级）的消息以签名的 JSON POST 送达（X-IoT-Signature: sha256=HMAC(secret, "{X-IoT-Timestamp}.{body}")），失败重试',
    tags,
    params: groupParams,
    body: webhookBody,
    access: rule(Permission.CREATE),
    response: webhook,
    handler: ({ scope, body }) => settings.createWebhook(scope!.id, body),
  });
  router.route({
    method: 'PUT',
    url: '/iot/groups/:groupId/webhooks/:id',
    summary: '修改 Webhook（不传 secret 则保留原密钥）',
    tags,
    params,
    body: webhookBody,
    access: rule(Permission.UPDATE),
    response: webhook,
    handler: ({ scope, params, body }) => settings.updateWebhook(scope!.id, params.id, body),
  });
  router.route({
    method: 'DELETE',
    url: '/iot/groups/:groupId/webhooks/:id',
    summary: '删除 Webhook',
    tags,
    params,
    access: rule(Permission.DELETE),
    handler: ({ scope, params }) => settings.deleteWebhook(scope!.id, params.id),
  });
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/webhooks/:id/deliveries',
    summary: 'Webhook 投递记录（分页，新的在前）',
    tags,
    params,
    query: pageQuery,
    access: rule(Permission.READ),
    response: page(webhookDelivery),
    handler: ({ scope, params, query }) => settings.deliveries(scope!.id, params.id, query),
  });
  router.route({
    method: 'POST',
    url: '/iot/groups/:groupId/webhooks/:id/test',
    summary: '发送一条测试消息',
    tags,
    params,
    access: rule(Permission.UPDATE),
    response: webhookDelivery,
    handler: ({ scope, params }) => settings.test(scope!.id, params.id),
  });
}
