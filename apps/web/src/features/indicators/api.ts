import type { Page } from '@iot/contracts';
import type { Gateway } from '@iot/contracts/gateways';
import type {
  GatewayIndicator,
  gatewayIndicatorBody,
  Indicator,
  IndicatorQuota,
  IndicatorType,
  indicatorBody,
  ThingModelImportResult,
  thingModel,
} from '@iot/contracts/indicators';
import type { ModbusConfig, ModbusConfigBody } from '@iot/contracts/modbus';
import type { z } from 'zod';
import { http } from '../../api/http';

/** Query keys of this feature; every mutation invalidates by the prefix it touched. */
export const indicatorKeys = {
  indicators: (groupId: number) => ['indicators', groupId] as const,
  quota: (groupId: number) => ['indicatorQuota', groupId] as const,
  gatewayIndicators: (groupId: number, gatewayId: number) =>
    ['gatewayIndicators', groupId, gatewayId] as const,
  modbus: (groupId: number, gatewayId: number) => ['modbusConfig', groupId, gatewayId] as const,
};

const base = (groupId: number) => `/iot/groups/${groupId}`;
const gatewayBase = (groupId: number, gatewayId: number) =>
  `${base(groupId)}/gateways/${gatewayId}/indicators`;

export type IndicatorInput = z.input<typeof indicatorBody>;
export type GatewayIndicatorInput = z.input<typeof gatewayIndicatorBody>;

export const indicatorsApi = {
  list: (
    groupId: number,
    params: { page: number; size: number; keyword?: string; type?: IndicatorType | '' },
  ) => http.get<Page<Indicator>>(`${base(groupId)}/indicators`, { params }),
  create: (groupId: number, body: IndicatorInput) =>
    http.post<Indicator>(`${base(groupId)}/indicators`, body, { quiet: true }),
  update: (groupId: number, id: number, body: IndicatorInput) =>
    http.put<Indicator>(`${base(groupId)}/indicators/${id}`, body, { quiet: true }),
  remove: (groupId: number, id: number) => http.delete<null>(`${base(groupId)}/indicators/${id}`),
  quota: (groupId: number) =>
    http.get<IndicatorQuota>(`${base(groupId)}/getLeftAccessGatewayIndicatorByGroupId`),
};

export const gatewayIndicatorsApi = {
  list: (groupId: number, gatewayId: number, params: { page: number; size: number; keyword?: string }) =>
    http.get<Page<GatewayIndicator>>(gatewayBase(groupId, gatewayId), { params }),
  create: (groupId: number, gatewayId: number, body: GatewayIndicatorInput) =>
    http.post<GatewayIndicator>(gatewayBase(groupId, gatewayId), body, { quiet: true }),
  update: (groupId: number, gatewayId: number, id: number, body: GatewayIndicatorInput) =>
    http.put<GatewayIndicator>(`${gatewayBase(groupId, gatewayId)}/${id}`, body, { quiet: true }),
  remove: (groupId: number, gatewayId: number, id: number) =>
    http.delete<null>(`${gatewayBase(groupId, gatewayId)}/${id}`),
  importThingModel: (
    groupId: number,
    gatewayId: number,
    body: { fileName: string; model: z.input<typeof thingModel> },
  ) =>
    http.post<ThingModelImportResult>(`${gatewayBase(groupId, gatewayId)}/importThingModel`, body, {
      quiet: true,
    }),
};

export const modbusApi = {
  get: (groupId: number, gatewayId: number) =>
    http.get<ModbusConfig>(`${base(groupId)}/gateways/${gatewayId}/modbusConfig`),
  save: (groupId: number, gatewayId: number, body: ModbusConfigBody) =>
    http.put<ModbusConfig>(`${base(groupId)}/gateways/${gatewayId}/modbusConfig`, body, { quiet: true }),
};

export const projectGatewaysApi = {
  list: (groupId: number, params: { page: number; size: number; keyword?: string }) =>
    http.get<Page<Gateway>>(`${base(groupId)}/gateways`, { params }),
  /** Quiet: a remembered gateway may have left the project since. */
  get: (groupId: number, id: number) => http.get<Gateway>(`${base(groupId)}/gateways/${id}`, { quiet: true }),
};
