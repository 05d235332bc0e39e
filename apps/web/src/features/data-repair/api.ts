import type { Page } from '@iot/contracts';
import type {
  DataRepair,
  DataRepairDetail,
  RangePoints,
  RepairableIndicator,
  RepairChange,
  RepairProposal,
  RepairSubmission,
  StoredPoint,
} from '@iot/contracts/data-repair';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';

const BASE = '/iot/dataRepair';

export function useRepairableIndicators(groupId: number) {
  return useQuery({
    queryKey: ['dataRepair', 'indicators', groupId],
    queryFn: () => http.get<RepairableIndicator[]>(`${BASE}/gatewayIndicators`, { params: { groupId } }),
    enabled: groupId > 0,
    staleTime: 60_000,
  });
}

export interface RangeQuery {
  gatewayIndicatorId: number;
  startTime: number;
  stopTime: number;
}

export function useRangePoints(groupId: number, range: RangeQuery | null) {
  return useQuery({
    queryKey: ['dataRepair', 'points', groupId, range],
    queryFn: () => http.get<RangePoints>(`${BASE}/points`, { params: { groupId, ...range } }),
    enabled: groupId > 0 && range !== null && range.gatewayIndicatorId > 0,
  });
}

/** A proposal as the form builds it (times already in ms). */
export type ProposalInput = Omit<RepairProposal, never>;

export const previewRepair = (groupId: number, proposal: RepairProposal) =>
  http.post<{ changes: RepairChange[] }>(`${BASE}/preview`, proposal, { params: { groupId } });

export const submitRepair = (groupId: number, submission: RepairSubmission) =>
  http.post<DataRepair>(BASE, submission, { params: { groupId } });

export const withdrawRepair = (groupId: number, id: number) =>
  http.put<DataRepair>(`${BASE}/${id}/withdraw`, undefined, { params: { groupId } });

/** A page of the project's repairs (修复记录); the list's query key starts ['dataRepair', 'list']. */
export function fetchRepairs(
  groupId: number,
  query: { page: number; size: number; auditStatus: number | undefined },
) {
  return http.get<Page<DataRepair>>(BASE, { params: { groupId, ...query } });
}

export function useRepairDetail(groupId: number, id: number | null) {
  return useQuery({
    queryKey: ['dataRepair', 'detail', groupId, id],
    queryFn: () => http.get<DataRepairDetail>(`${BASE}/${id}`, { params: { groupId } }),
    enabled: groupId > 0 && id !== null,
  });
}

/** The series after the changes: deleted points go, added ones come, the rest keep their value. */
export function applyChanges(points: StoredPoint[], changes: RepairChange[], side: 'before' | 'after') {
  const byTs = new Map(points.map((p) => [p.ts, p.value]));
  for (const change of changes) {
    const value = change[side];
    if (value === null) byTs.delete(change.ts);
    else byTs.set(change.ts, value);
  }
  return [...byTs].map(([ts, value]) => ({ ts, value })).sort((a, b) => a.ts - b.ts);
}
