import type { Page } from '@iot/contracts';
import type { Plan, PlanInput, PlanOptions, PlanOrder } from '@iot/contracts/maintenance';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';

const base = (projectId: number) => `/iot/groups/${projectId}/maintenancePlans`;

export const planKeys = {
  all: (projectId: number) => ['maintenancePlans', projectId] as const,
  list: (projectId: number) => ['maintenancePlans', projectId, 'list'] as const,
  options: (projectId: number) => ['maintenancePlans', projectId, 'options'] as const,
  orders: (projectId: number, id: number) => ['maintenancePlans', projectId, 'orders', id] as const,
};

/** 保养计划 (docs/decisions/0052-maintenance-plans.md). */
export const plansApi = {
  page: (
    projectId: number,
    params: { keyword?: string; page: number; size: number; type?: string; enabled?: string },
  ) => http.get<Page<Plan>>(base(projectId), { params }),
  checkName: (projectId: number, name: string, excludeId?: number) =>
    http.get<boolean>(`${base(projectId)}/checkName`, { params: { name, excludeId }, quiet: true }),
  create: (projectId: number, body: PlanInput) => http.post<Plan>(base(projectId), body, { quiet: true }),
  update: (projectId: number, id: number, body: PlanInput) =>
    http.put<Plan>(`${base(projectId)}/${id}`, body, { quiet: true }),
  setEnabled: (projectId: number, id: number, enabled: boolean) =>
    http.put<Plan>(`${base(projectId)}/${id}/enabled`, { enabled }),
  generate: (projectId: number, id: number) =>
    http.post<{ created: number }>(`${base(projectId)}/${id}/generate`, {}),
  remove: (projectId: number, id: number) => http.delete<null>(`${base(projectId)}/${id}`),
  orders: (projectId: number, id: number, params: { page: number; size: number }) =>
    http.get<Page<PlanOrder>>(`${base(projectId)}/${id}/workOrders`, { params }),
};

/** The project's members, roles and sites for the plan form. */
export function usePlanOptions(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: planKeys.options(projectId),
    queryFn: () => http.get<PlanOptions>(`${base(projectId)}/options`),
    enabled: enabled && projectId > 0,
    staleTime: 30_000,
  });
}
