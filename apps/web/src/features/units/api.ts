import type { Page } from '@iot/contracts';
import type { Unit, UnitBody, UnitOption } from '@iot/contracts/units';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';

const base = (projectId: number) => `/iot/groups/${projectId}/units`;

export const unitKeys = {
  all: (projectId: number) => ['units', projectId] as const,
  list: (projectId: number) => ['units', projectId, 'list'] as const,
  options: (projectId: number) => ['units', projectId, 'options'] as const,
};

export const unitsApi = {
  page: (projectId: number, params: { keyword?: string; page: number; size: number }) =>
    http.get<Page<Unit>>(base(projectId), { params }),
  checkName: (projectId: number, name: string, excludeId?: number) =>
    http.get<boolean>(`${base(projectId)}/checkName`, { params: { name, excludeId }, quiet: true }),
  create: (projectId: number, body: UnitBody) => http.post<Unit>(base(projectId), body, { quiet: true }),
  update: (projectId: number, id: number, body: UnitBody) =>
    http.put<Unit>(`${base(projectId)}/${id}`, body, { quiet: true }),
  remove: (projectId: number, id: number) => http.delete<null>(`${base(projectId)}/${id}`),
};

/** Every unit the project may use, built-in first (the indicator form's picker). */
export function useUnitOptions(projectId: number) {
  return useQuery({
    queryKey: unitKeys.options(projectId),
    queryFn: () => http.get<UnitOption[]>(`${base(projectId)}/options`, { quiet: true }),
    enabled: projectId > 0,
    staleTime: 60_000,
  });
}
