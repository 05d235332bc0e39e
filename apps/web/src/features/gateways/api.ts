import type { Page } from '@iot/contracts';
import type {
  bindGatewayBody,
  Gateway,
  GatewayDetail,
  GatewayEntryRecord,
  GatewayListItem,
  GatewayRejection,
  GatewayWithCredentials,
  GatewayWithSecret,
  ImportRule,
  projectGatewayBody,
  updateGatewayBody,
} from '@iot/contracts/gateways';
import type { GroupNode } from '@iot/contracts/groups';
import type { GatewayIndicator } from '@iot/contracts/indicators';
import type { ProjectSummary } from '@iot/contracts/projects';
import type { z } from 'zod';
import { http, request } from '../../api/http';

/**
 * Where a gateway screen works: a project (its own list call, spec feature-areas §6) or a gateway
 * firm. Both answer the same gateway shape; only the project binds, moves and imports.
 */
export type GatewayScope = { kind: 'project'; groupId: number } | { kind: 'firm'; firmId: number };

export const scopeBase = (scope: GatewayScope) =>
  scope.kind === 'project'
    ? `/iot/groups/${scope.groupId}/gateways`
    : `/iot/gatewayFirms/${scope.firmId}/gateways`;

/** The project of a project scope; null in a firm. */
export const projectOf = (scope: GatewayScope): number | null =>
  scope.kind === 'project' ? scope.groupId : null;

export const scopeKey = (scope: GatewayScope) =>
  scope.kind === 'project' ? `g${scope.groupId}` : `f${scope.firmId}`;

/** Query keys of this feature; every mutation invalidates by the prefix it touched. */
export const gatewayKeys = {
  all: (scope: GatewayScope) => ['gateways', scopeKey(scope)] as const,
  list: (scope: GatewayScope, params: ListParams) => ['gateways', scopeKey(scope), 'list', params] as const,
  detail: (scope: GatewayScope, id: number) => ['gateways', scopeKey(scope), 'detail', id] as const,
};

export type ListParams = {
  keyword: string;
  onlineStatus: string;
  page: number;
  size: number;
  /** Project lists: only gateways carrying this label (标签管理). */
  labelId?: number;
};

export type ProjectGatewayInput = z.input<typeof projectGatewayBody>;
export type UpdateGatewayInput = z.input<typeof updateGatewayBody>;
export type BindInput = z.input<typeof bindGatewayBody>;

export interface ImportReport {
  created: number;
  updated: number;
  skipped: number;
  deleted: number;
  errors: { row: number; message: string }[];
  credentials: { serialNumber: string; secret: string; bindCode: string }[];
}

/** Latest values: {gatewayId: {metric: {ts, value}}}. */
export type LastMetrics = Record<string, Record<string, { ts: number; value: number | string }>>;

export interface ChartSeries {
  gateway: string;
  metric: string;
  points: { ts: number; count: number }[];
}

export const gatewaysApi = {
  list: (scope: GatewayScope, params: ListParams & { groupId?: number }) =>
    http.get<Page<GatewayListItem>>(scopeBase(scope), { params }),
  /** A firm's detail is the plain gateway; a project's adds group, firm and indicator count. */
  detail: (scope: GatewayScope, id: number) =>
    http.get<Gateway & Partial<GatewayDetail>>(`${scopeBase(scope)}/${id}`),
  create: (scope: GatewayScope, body: ProjectGatewayInput) =>
    http.post<GatewayWithCredentials>(scopeBase(scope), body, { quiet: true }),
  update: (scope: GatewayScope, id: number, body: UpdateGatewayInput & { serialNumber?: string }) =>
    http.put<Gateway>(`${scopeBase(scope)}/${id}`, body, { quiet: true }),
  remove: (scope: GatewayScope, id: number) => http.delete<null>(`${scopeBase(scope)}/${id}`),
  rotateSecret: (scope: GatewayScope, id: number) =>
    http.post<GatewayWithSecret>(`${scopeBase(scope)}/${id}/secret`),
  /** Uniqueness checks answer true while the value is free; a failed check lets the server decide. */
  aliasAvailable: (scope: GatewayScope, alias: string, excludeId?: number) =>
    scope.kind === 'project'
      ? http
          .get<boolean>(`${scopeBase(scope)}/checkAlias`, { params: { alias, excludeId }, quiet: true })
          .catch(() => true)
      : Promise.resolve(true),
  serialAvailable: (scope: GatewayScope, serialNumber: string) =>
    http
      .get<boolean>(`${scopeBase(scope)}/checkSerialNumber`, { params: { serialNumber }, quiet: true })
      .catch(() => true),
  bind: (groupId: number, body: BindInput) =>
    http.post<Gateway>(`/iot/groups/${groupId}/gateways/bind`, body, { quiet: true }),
  unbind: (groupId: number, id: number) => http.post<Gateway>(`/iot/groups/${groupId}/gateways/${id}/unbind`),
  changeBind: (groupId: number, id: number, target: number) =>
    http.put<Gateway>(
      `/iot/groups/${groupId}/gateways/${id}/changeBind`,
      { groupId: target },
      { quiet: true },
    ),
  transfer: (groupId: number, id: number, targetGroupId: number) =>
    http.post<Gateway>(`/iot/groups/${groupId}/gateways/${id}/transfer`, { targetGroupId }, { quiet: true }),
  entryRecords: (groupId: number, id: number, page: number, size: number) =>
    http.get<Page<GatewayEntryRecord>>(`/iot/groups/${groupId}/gateways/${id}/entryRecords`, {
      params: { page, size },
    }),
  rejections: (scope: GatewayScope, id: number, page: number, size: number) =>
    http.get<Page<GatewayRejection>>(`${scopeBase(scope)}/${id}/rejections`, { params: { page, size } }),
  /** The xlsx file itself is the request body; the rule decides what happens to duplicates. */
  importXlsx: (groupId: number, file: File, rule: ImportRule, typeId?: number) =>
    request<ImportReport>('POST', `/iot/groups/${groupId}/gateways/import`, {
      file,
      params: { fileName: file.name, rule, typeId },
      quiet: true,
    }),
  /** Every indicator of the gateway (the detail lists them unpaged), for any monitoring read (0031). */
  indicators: (groupId: number, gatewayId: number) =>
    http.get<Page<GatewayIndicator>>(`/iot/groups/${groupId}/gateways/${gatewayId}/indicators`, {
      params: { page: 0, size: 1000 },
      quiet: true,
    }),
  lastMetrics: (gatewayId: number) =>
    http.post<LastMetrics>('/data-server/api/v2/gateways/lastMetrics', { gatewayIds: [gatewayId] }),
  /** Points received per bucket: the gateway's traffic over a time range. */
  traffic: (gatewayId: number, startTime: number, stopTime: number, buckets: number) =>
    http.post<{ width: number; series: ChartSeries[] }>(
      '/data-server/api/v2/gateways/chart',
      { gatewayIds: [gatewayId], startTime, stopTime, buckets },
      { quiet: true },
    ),
  /** The project's areas and sites; quiet, since a role may see gateways without the group menu. */
  groupTree: (groupId: number) => http.get<GroupNode>(`/iot/groups/${groupId}/tree`, { quiet: true }),
  /** The public system info; devices connect to the embedded broker on its mqttPort. */
  systemInfo: () => http.get<{ mqttPort: number }>('/iot/system/info', { anonymous: true, quiet: true }),
  /** The user's projects matching a keyword, a page at a time (the transfer's target picker). */
  myProjects: (page: number, size: number, keyword: string) =>
    http.get<Page<ProjectSummary>>('/iot/projects/byCurUser', { params: { page, size, keyword } }),
};
