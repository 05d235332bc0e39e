import type { Page } from '@iot/contracts';
import type {
  GatewayTypeBody,
  GatewayTypeDetail,
  GatewayTypeOption,
  GatewayTypeSummary,
} from '@iot/contracts/gateway-types';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';

/** Whose types: a gateway firm's or a project's (decision 0042). */
export type TypeOwner = { kind: 'firm'; id: number } | { kind: 'project'; id: number };

const base = (owner: TypeOwner) =>
  owner.kind === 'firm'
    ? `/iot/gatewayFirms/${owner.id}/gatewayTypes`
    : `/iot/groups/${owner.id}/gatewayTypes`;

export const gatewayTypeKeys = {
  all: (owner: TypeOwner) => ['gatewayTypes', owner.kind, owner.id] as const,
  list: (owner: TypeOwner) => ['gatewayTypes', owner.kind, owner.id, 'list'] as const,
  options: (owner: TypeOwner) => ['gatewayTypes', owner.kind, owner.id, 'options'] as const,
};

export const gatewayTypesApi = {
  page: (owner: TypeOwner, params: { keyword?: string; page: number; size: number }) =>
    http.get<Page<GatewayTypeSummary>>(base(owner), { params }),
  get: (owner: TypeOwner, id: number) => http.get<GatewayTypeDetail>(`${base(owner)}/${id}`),
  checkName: (owner: TypeOwner, name: string, excludeId?: number) =>
    http.get<boolean>(`${base(owner)}/checkName`, { params: { name, excludeId }, quiet: true }),
  create: (owner: TypeOwner, body: GatewayTypeBody) =>
    http.post<GatewayTypeDetail>(base(owner), body, { quiet: true }),
  update: (owner: TypeOwner, id: number, body: GatewayTypeBody) =>
    http.put<GatewayTypeDetail>(`${base(owner)}/${id}`, body, { quiet: true }),
  remove: (owner: TypeOwner, id: number) => http.delete<null>(`${base(owner)}/${id}`),
};

/** The owner's types for the gateway form and import (新建网关 with a type). */
export function useGatewayTypeOptions(owner: TypeOwner, enabled = true) {
  return useQuery({
    queryKey: gatewayTypeKeys.options(owner),
    queryFn: () => http.get<GatewayTypeOption[]>(`${base(owner)}/options`, { quiet: true }),
    enabled: enabled && owner.id > 0,
    staleTime: 30_000,
  });
}
