import type { Page } from '@iot/contracts';
import type {
  HandleStatus,
  Warning,
  WarningAnalysis,
  WarningDetail,
  WarningListQuery,
} from '@iot/contracts/warnings';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../api/http';

const base = (groupId: number) => `/iot/groups/${groupId}/warnings`;

/** The list's conditions as the server reads them (absent fields do not filter). */
export type WarningFilter = Partial<Omit<WarningListQuery, 'page' | 'size'>>;

export const fetchWarnings = (groupId: number, query: WarningFilter & { page: number; size: number }) =>
  http.get<Page<Warning>>(base(groupId), { params: { ...query } });

export function useWarnings(groupId: number, query: WarningFilter & { page: number; size: number }) {
  return useQuery({
    queryKey: ['warnings', 'list', groupId, query],
    queryFn: () => fetchWarnings(groupId, query),
    enabled: groupId > 0,
    placeholderData: keepPreviousData,
    // New warnings, releases and others' handling show without a reload.
    refetchInterval: 30_000,
  });
}

export function useWarningDetail(groupId: number, id: number | null) {
  return useQuery({
    queryKey: ['warnings', 'detail', groupId, id],
    queryFn: () => http.get<WarningDetail>(`${base(groupId)}/${id}`),
    enabled: groupId > 0 && id !== null,
  });
}

export function useWarningAnalysis(groupId: number, range: { startTime: number; stopTime: number } | null) {
  return useQuery({
    queryKey: ['warnings', 'analysis', groupId, range],
    queryFn: () => http.get<WarningAnalysis>(`${base(groupId)}/analysis`, { params: { ...range } }),
    enabled: groupId > 0 && range !== null,
    placeholderData: keepPreviousData,
  });
}

export interface HandleInput {
  ids: number[];
  status: Exclude<HandleStatus, 'unhandled'>;
  note: string;
}

/** 处理: one warning by its own call, several by the batch call; lists and details refresh after. */
export function useHandleWarnings(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, status, note }: HandleInput) =>
      ids.length === 1
        ? http.post<{ handled: number }>(`${base(groupId)}/${ids[0]}/handle`, { status, note })
        : http.post<{ handled: number }>(`${base(groupId)}/handle`, { ids, status, note }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['warnings'] }),
  });
}
