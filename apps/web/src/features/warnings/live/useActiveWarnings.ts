import type { Page } from '@iot/contracts';
import { type Warning, warningEvent } from '@iot/contracts/warnings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { http } from '../../../api/http';
import { listenToTopic } from '../../messages/index';
import { applyEvent, type WarningMarks, warningMarks } from './activeWarnings';

/** The most active warnings read at once (the list's page limit). */
const MAX_ACTIVE = 1000;

export const activeWarningsKey = (groupId: number) => ['warnings', 'active', groupId];

/**
 * The project's open warnings as marks for 实时数据: read once, then kept by the raises and releases
 * of the project's STOMP topic (`/topic/projects/{id}/warnings`), read again after each (re)subscription
 * — what came meanwhile was missed — and every minute, for others' handling, which the topic does not
 * tell. Without 预警列表's read bit the list is refused quietly and nothing is marked.
 */
export function useActiveWarnings(groupId: number): WarningMarks {
  const queryClient = useQueryClient();
  const active = useQuery({
    queryKey: activeWarningsKey(groupId),
    enabled: groupId > 0,
    refetchInterval: 60_000,
    retry: false,
    queryFn: async () =>
      (
        await http.get<Page<Warning>>(`/iot/groups/${groupId}/warnings`, {
          params: { state: 'active', page: 0, size: MAX_ACTIVE },
          quiet: true,
        })
      ).list,
  });

  useEffect(() => {
    if (groupId <= 0) return;
    const key = activeWarningsKey(groupId);
    return listenToTopic(`/topic/projects/${groupId}/warnings`, {
      onMessage(body) {
        const event = warningEvent.safeParse(body);
        if (!event.success) return;
        // Nothing read (refused or not yet): the events alone would be half the picture.
        queryClient.setQueryData<Warning[]>(key, (list) => (list ? applyEvent(list, event.data) : list));
      },
      onSubscribed() {
        void queryClient.invalidateQueries({ queryKey: key });
      },
    });
  }, [groupId, queryClient]);

  return useMemo(() => warningMarks(active.data ?? []), [active.data]);
}
