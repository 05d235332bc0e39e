import type { Page } from '@iot/contracts';
import type {
  MaintenanceRecord,
  MaintenanceStatistics,
  RecordDetail,
  RecordOptions,
} from '@iot/contracts/maintenance';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';

/** 维保记录's conditions as the server reads them; absent fields mean "all". */
export interface RecordFilter {
  siteId?: number;
  equipmentId?: number;
  type?: number;
  assigneeId?: number;
  status?: number;
  keyword?: string;
  startTime?: number;
  stopTime?: number;
}

const base = (groupId: number) => `/iot/groups/${groupId}/maintenanceRecords`;

export function fetchRecords(
  groupId: number,
  filter: RecordFilter,
  page: number,
  size: number,
  quiet = false,
): Promise<Page<MaintenanceRecord>> {
  return http.get<Page<MaintenanceRecord>>(base(groupId), { params: { ...filter, page, size }, quiet });
}

export function useRecordDetail(groupId: number, id: number | null) {
  return useQuery({
    queryKey: ['maintenanceRecords', 'detail', groupId, id],
    enabled: groupId > 0 && id !== null,
    queryFn: () => http.get<RecordDetail>(`${base(groupId)}/${id}`, { quiet: true }),
  });
}

/** The areas and sites, and the people who had work: what the filters offer. */
export function useRecordOptions(groupId: number) {
  return useQuery({
    queryKey: ['maintenanceRecords', 'options', groupId],
    enabled: groupId > 0,
    staleTime: 60_000,
    queryFn: () => http.get<RecordOptions>(`${base(groupId)}/options`, { quiet: true }),
  });
}

export function useMaintenanceStatistics(
  groupId: number,
  query: { startTime: number; stopTime: number; siteId?: number } | null,
) {
  return useQuery({
    queryKey: ['maintenanceStatistics', groupId, query],
    enabled: groupId > 0 && query !== null,
    queryFn: () =>
      http.get<MaintenanceStatistics>(`/iot/groups/${groupId}/maintenanceStatistics`, {
        params: query!,
        quiet: true,
      }),
  });
}
