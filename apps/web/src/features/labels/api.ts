import type { Page } from '@iot/contracts';
import type { Label, LabelBody, LabelOption, LabelTargetOptions, LabelTargets } from '@iot/contracts/labels';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';

const base = (projectId: number) => `/iot/groups/${projectId}/labels`;

export const labelKeys = {
  all: (projectId: number) => ['labels', projectId] as const,
  list: (projectId: number) => ['labels', projectId, 'list'] as const,
  options: (projectId: number) => ['labels', projectId, 'options'] as const,
  targets: (projectId: number, id: number) => ['labels', projectId, 'targets', id] as const,
  targetOptions: (projectId: number) => ['labels', projectId, 'targetOptions'] as const,
};

export const labelsApi = {
  page: (projectId: number, params: { keyword?: string; page: number; size: number }) =>
    http.get<Page<Label>>(base(projectId), { params }),
  checkName: (projectId: number, name: string, excludeId?: number) =>
    http.get<boolean>(`${base(projectId)}/checkName`, { params: { name, excludeId }, quiet: true }),
  create: (projectId: number, body: LabelBody) => http.post<Label>(base(projectId), body, { quiet: true }),
  update: (projectId: number, id: number, body: LabelBody) =>
    http.put<Label>(`${base(projectId)}/${id}`, body, { quiet: true }),
  remove: (projectId: number, id: number) => http.delete<null>(`${base(projectId)}/${id}`),
  targets: (projectId: number, id: number) => http.get<LabelTargets>(`${base(projectId)}/${id}/targets`),
  setTargets: (projectId: number, id: number, body: LabelTargets) =>
    http.put<LabelTargets>(`${base(projectId)}/${id}/targets`, body, { quiet: true }),
  targetOptions: (projectId: number) => http.get<LabelTargetOptions>(`${base(projectId)}/targetOptions`),
};

/** The project's labels for a filter (quiet: a list works without them). */
export function useLabelOptions(projectId: number) {
  return useQuery({
    queryKey: labelKeys.options(projectId),
    queryFn: () => http.get<LabelOption[]>(`${base(projectId)}/options`, { quiet: true }),
    enabled: projectId > 0,
    staleTime: 30_000,
  });
}

/** What a label is attached to (0: none chosen). */
export function useLabelTargets(projectId: number, labelId: number) {
  return useQuery({
    queryKey: labelKeys.targets(projectId, labelId),
    queryFn: () => labelsApi.targets(projectId, labelId),
    enabled: projectId > 0 && labelId > 0,
  });
}
