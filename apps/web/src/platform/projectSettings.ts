import type { ProjectSettings } from '@iot/contracts/projects';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../api/http';

/**
 * The settings of the project a group (the project itself, an area or a site) belongs to: one cache
 * entry that the shell's title, the project gate and every screen needing a flag or a quota share.
 * It is fetched quietly and, once failed, not fetched again by each screen that mounts: the project
 * gate reports the failure once, with 重试, instead of a toast per reader.
 */
export function projectSettingsQuery(groupId: number) {
  return queryOptions({
    queryKey: ['project', groupId],
    queryFn: () =>
      http.get<ProjectSettings>('/iot/projects/getProjectByGroupId', { params: { groupId }, quiet: true }),
    enabled: groupId > 0,
    retryOnMount: false,
  });
}

export function useProjectSettings(groupId: number) {
  return useQuery(projectSettingsQuery(groupId));
}
