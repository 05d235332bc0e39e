import type { Page } from '@iot/contracts';
import type { MemberOption } from '@iot/contracts/memberships';
import type {
  MessageTemplate,
  MessageType,
  RecipientBody,
  RecipientSetting,
  Webhook,
  WebhookDelivery,
} from '@iot/contracts/messages';
import type { RoleOption } from '@iot/contracts/roles';
import type { BulkRuleBody, RuleBody, WarningRule, WaterQualityApplyBody } from '@iot/contracts/warnings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';
import { projectSettingsQuery } from '../../platform/projectSettings';

/** Everything of 预警设置 lives under the project: rules, recipients, templates, webhooks. */
const base = (groupId: number) => `/iot/groups/${groupId}`;

export const settingsKeys = {
  all: ['warningSettings'] as const,
  rules: (groupId: number) => ['warningSettings', 'rules', groupId] as const,
  recipients: (groupId: number) => ['warningSettings', 'recipients', groupId] as const,
  templates: (groupId: number) => ['warningSettings', 'templates', groupId] as const,
  webhooks: (groupId: number) => ['warningSettings', 'webhooks', groupId] as const,
  deliveries: (groupId: number, webhookId: number) =>
    ['warningSettings', 'deliveries', groupId, webhookId] as const,
};

/** A webhook as the form sends it: without a secret the server generates one (or keeps the old). */
export type WebhookInput = Omit<Webhook, 'id' | 'projectId' | 'createdAt' | 'secret'> & { secret?: string };

export interface RuleQuery {
  page: number;
  size: number;
  keyword: string;
  gatewayId: number;
}

export function useRules(groupId: number, query: RuleQuery) {
  return useQuery({
    queryKey: [...settingsKeys.rules(groupId), query],
    queryFn: () =>
      http.get<Page<WarningRule>>(`${base(groupId)}/warningRules`, {
        params: { ...query, gatewayId: query.gatewayId || undefined },
      }),
    enabled: groupId > 0,
    placeholderData: keepPreviousData,
  });
}

/** Every rule of the project (at most the server's page limit), e.g. to see what a template already covers. */
export function useAllRules(groupId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...settingsKeys.rules(groupId), 'all'],
    queryFn: () =>
      http.get<Page<WarningRule>>(`${base(groupId)}/warningRules`, { params: { page: 0, size: 1000 } }),
    enabled: groupId > 0 && enabled,
  });
}

export interface WaterQualityLimit {
  key: string;
  name: string;
  unit: string;
  kind: 'above' | 'outside';
  low: number | null;
  high: number;
}

export function useWaterQualityTemplate(groupId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['warningSettings', 'waterQuality', groupId],
    queryFn: () => http.get<WaterQualityLimit[]>(`${base(groupId)}/warningTemplates/waterQuality`),
    enabled: groupId > 0 && enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Form calls stay quiet: their failures are shown on the form's fields (see components/settings/formFeedback.ts). */
export const rulesApi = {
  create: (groupId: number, body: RuleBody) =>
    http.post<WarningRule>(`${base(groupId)}/warningRules`, body, { quiet: true }),
  update: (groupId: number, id: number, body: RuleBody) =>
    http.put<WarningRule>(`${base(groupId)}/warningRules/${id}`, body, { quiet: true }),
  batch: (groupId: number, body: BulkRuleBody, quiet = true) =>
    http.post<{ created: number }>(`${base(groupId)}/warningRules/batch`, body, { quiet }),
  remove: (groupId: number, id: number) => http.delete<null>(`${base(groupId)}/warningRules/${id}`),
  /** The water-quality template's chosen limits on the chosen gateways (matched by the server). */
  applyWaterQuality: (groupId: number, body: WaterQualityApplyBody) =>
    http.post<{ created: number }>(`${base(groupId)}/warningTemplates/waterQuality/apply`, body),
};

export function useRecipients(groupId: number) {
  return useQuery({
    queryKey: settingsKeys.recipients(groupId),
    queryFn: () => http.get<RecipientSetting[]>(`${base(groupId)}/messageRecipients`),
    enabled: groupId > 0,
  });
}

export const recipientsApi = {
  create: (groupId: number, body: RecipientBody) =>
    http.post<RecipientSetting>(`${base(groupId)}/messageRecipients`, body, { quiet: true }),
  update: (groupId: number, id: number, body: RecipientBody, quiet = true) =>
    http.put<RecipientSetting>(`${base(groupId)}/messageRecipients/${id}`, body, { quiet }),
  remove: (groupId: number, id: number) => http.delete<null>(`${base(groupId)}/messageRecipients/${id}`),
};

/**
 * The project's roles and members, to choose recipients from (the pickers' lists, which 预警设置's
 * 查看 may read). Quiet: should they fail, the form offers what it has.
 */
export function useProjectPeople(groupId: number) {
  const roles = useQuery({
    queryKey: ['roles', `${base(groupId)}/roles`, 'options'],
    queryFn: () => http.get<RoleOption[]>(`${base(groupId)}/roles/options`, { quiet: true }),
    enabled: groupId > 0,
    retry: false,
  });
  const members = useQuery({
    queryKey: ['members', `${base(groupId)}/users`, 'options'],
    queryFn: () => http.get<MemberOption[]>(`${base(groupId)}/users/options`, { quiet: true }),
    enabled: groupId > 0,
    retry: false,
  });
  return { roles, members };
}

/** The project's settings (the same cache entry ProjectGate fills): its name and remaining SMS and voice counts. */
export function useProjectSummary(groupId: number) {
  return useQuery({
    ...projectSettingsQuery(groupId),
    select: (p) => ({ name: p.name, sms: p.sendMessagesTotalNum, voice: p.sendVoicesTotalNum }),
  });
}

export function useTemplates(groupId: number) {
  return useQuery({
    queryKey: settingsKeys.templates(groupId),
    queryFn: () => http.get<MessageTemplate[]>(`${base(groupId)}/messageTemplates`),
    enabled: groupId > 0,
  });
}

export const templatesApi = {
  save: (groupId: number, type: MessageType, body: { title: string; content: string }) =>
    http.put<MessageTemplate>(`${base(groupId)}/messageTemplates/${type}`, body, { quiet: true }),
  reset: (groupId: number, type: MessageType) =>
    http.delete<MessageTemplate>(`${base(groupId)}/messageTemplates/${type}`),
};

export function useWebhooks(groupId: number) {
  return useQuery({
    queryKey: settingsKeys.webhooks(groupId),
    queryFn: () => http.get<Webhook[]>(`${base(groupId)}/webhooks`),
    enabled: groupId > 0,
  });
}

/** A webhook's deliveries, newest first; polled while one of them still waits for its attempt. */
export function useDeliveries(groupId: number, webhookId: number | null, page: number) {
  return useQuery({
    queryKey: [...settingsKeys.deliveries(groupId, webhookId ?? 0), page],
    queryFn: () =>
      http.get<Page<WebhookDelivery>>(`${base(groupId)}/webhooks/${webhookId}/deliveries`, {
        params: { page, size: 10 },
      }),
    enabled: groupId > 0 && webhookId !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.list.some((d) => d.status === 'pending') ? 2_000 : false),
  });
}

export const webhooksApi = {
  create: (groupId: number, body: WebhookInput) =>
    http.post<Webhook>(`${base(groupId)}/webhooks`, body, { quiet: true }),
  update: (groupId: number, id: number, body: WebhookInput, quiet = true) =>
    http.put<Webhook>(`${base(groupId)}/webhooks/${id}`, body, { quiet }),
  remove: (groupId: number, id: number) => http.delete<null>(`${base(groupId)}/webhooks/${id}`),
  test: (groupId: number, id: number) => http.post<WebhookDelivery>(`${base(groupId)}/webhooks/${id}/test`),
};
