import type { Page } from '@iot/contracts';
import type { Mode, ModeBody, ModeOption, SiteMode } from '@iot/contracts/modes';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';

const base = (projectId: number) => `/iot/groups/${projectId}/modes`;

export const modeKeys = {
  all: (projectId: number) => ['modes', projectId] as const,
  list: (projectId: number) => ['modes', projectId, 'list'] as const,
  options: (projectId: number) => ['modes', projectId, 'options'] as const,
  sites: (projectId: number) => ['modes', projectId, 'sites'] as const,
};

export const modesApi = {
  page: (projectId: number, params: { keyword?: string; page: number; size: number }) =>
    http.get<Page<Mode>>(base(projectId), { params }),
  checkName: (projectId: number, name: string, excludeId?: number) =>
    http.get<boolean>(`${base(projectId)}/checkName`, { params: { name, excludeId }, quiet: true }),
  create: (projectId: number, body: ModeBody) => http.post<Mode>(base(projectId), body, { quiet: true }),
  update: (projectId: number, id: number, body: ModeBody) =>
    http.put<Mode>(`${base(projectId)}/${id}`, body, { quiet: true }),
  remove: (projectId: number, id: number) => http.delete<null>(`${base(projectId)}/${id}`),
  sites: (projectId: number, params: { keyword?: string; page: number; size: number }) =>
    http.get<Page<SiteMode>>(`/iot/groups/${projectId}/siteModes`, { params }),
  setSite: (projectId: number, siteId: number, modeId: number | null) =>
    http.put<SiteMode>(`/iot/groups/${projectId}/siteModes/${siteId}`, { modeId }),
};

/** The project's modes for a picker. */
export function useModeOptions(projectId: number) {
  return useQuery({
    queryKey: modeKeys.options(projectId),
    queryFn: () => http.get<ModeOption[]>(`${base(projectId)}/options`, { quiet: true }),
    enabled: projectId > 0,
    staleTime: 30_000,
  });
}
