import type { Page } from '@iot/contracts';
import type { WorkOrderDetail } from '@iot/contracts/maintenance';
import type {
  Malfunction,
  MalfunctionEquipmentOption,
  MalfunctionOrigin,
  MalfunctionState,
  ReliabilityReport,
  ReportInput,
} from '@iot/contracts/malfunctions';
import { http, request } from '../../api/http';

const base = (projectId: number) => `/iot/groups/${projectId}/malfunctions`;

export const malfunctionKeys = {
  all: (projectId: number) => ['malfunctions', projectId] as const,
  list: (projectId: number) => ['malfunctions', projectId, 'list'] as const,
  detail: (projectId: number, id: number) =>
    http.get<Malfunction>(`${base(projectId)}/${id}`, { quiet: true }),
  remove: (projectId: number, id: number) => http.delete<null>(`${base(projectId)}/${id}`),
  equipment: (projectId: number) => ['malfunctions', projectId, 'equipment'] as const,
  reliability: (projectId: number) => ['malfunctions', projectId, 'reliability'] as const,
};

/** The list's conditions as the server reads them; absent fields mean "all". */
export interface MalfunctionFilter {
  equipmentId?: number;
  siteId?: number;
  origin?: MalfunctionOrigin;
  state?: MalfunctionState;
  startTime?: number;
  stopTime?: number;
}

export const malfunctionsApi = {
  /** `quiet`: the caller shows the failure itself (no toast). */
  list: (projectId: number, filter: MalfunctionFilter, page: number, size: number, quiet = false) =>
    http.get<Page<Malfunction>>(base(projectId), { params: { ...filter, page, size }, quiet }),
  detail: (projectId: number, id: number) =>
    http.get<Malfunction>(`${base(projectId)}/${id}`, { quiet: true }),
  remove: (projectId: number, id: number) => http.delete<null>(`${base(projectId)}/${id}`),
  equipment: (projectId: number) =>
    http.get<MalfunctionEquipmentOption[]>(`${base(projectId)}/equipmentOptions`, { quiet: true }),
  report: (projectId: number, body: ReportInput) =>
    http.post<Malfunction>(base(projectId), body, { quiet: true }),
  close: (projectId: number, id: number, note: string) =>
    http.put<Malfunction>(`${base(projectId)}/${id}/close`, { note }),
  toWorkOrder: (projectId: number, id: number) =>
    http.post<WorkOrderDetail>(`${base(projectId)}/${id}/workOrder`, {}),
  /** A photo sent as the request body itself; answers its stored address. */
  uploadPhoto: (projectId: number, file: Blob) =>
    request<{ url: string }>('POST', `${base(projectId)}/photos`, { file, quiet: true }),
  reliability: (projectId: number, range: { startTime: number; stopTime: number; siteId?: number }) =>
    http.get<ReliabilityReport>(`${base(projectId)}/reliability`, { params: range }),
};
