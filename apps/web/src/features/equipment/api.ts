import type { Page } from '@iot/contracts';
import type {
  Attachment,
  Equipment,
  EquipmentBoard,
  EquipmentBody,
  EquipmentImportReport,
  EquipmentImportRule,
  RunDay,
} from '@iot/contracts/equipment';
import { useQuery } from '@tanstack/react-query';
import { http, request } from '../../api/http';

const base = (projectId: number) => `/iot/groups/${projectId}/equipment`;

export const equipmentKeys = {
  all: (projectId: number) => ['equipment', projectId] as const,
  list: (projectId: number) => ['equipment', projectId, 'list'] as const,
  board: (projectId: number, siteId: number) => ['equipment', projectId, 'board', siteId] as const,
  detail: (projectId: number, id: number) => ['equipment', projectId, 'detail', id] as const,
  runDays: (projectId: number, id: number) => ['equipment', projectId, 'runDays', id] as const,
};

/** The list's filters as sent (empty ones are dropped by the client). */
export type EquipmentListParams = {
  keyword?: string;
  category?: string;
  groupId?: string;
  manualStatus?: string;
  labelId?: string;
  page: number;
  size: number;
};

export const equipmentApi = {
  page: (projectId: number, params: EquipmentListParams) =>
    http.get<Page<Equipment>>(base(projectId), { params }),
  get: (projectId: number, id: number) => http.get<Equipment>(`${base(projectId)}/${id}`),
  checkCode: (projectId: number, code: string, excludeId?: number) =>
    http.get<boolean>(`${base(projectId)}/checkCode`, { params: { code, excludeId }, quiet: true }),
  create: (projectId: number, body: EquipmentBody) =>
    http.post<Equipment>(base(projectId), body, { quiet: true }),
  update: (projectId: number, id: number, body: EquipmentBody) =>
    http.put<Equipment>(`${base(projectId)}/${id}`, body, { quiet: true }),
  remove: (projectId: number, id: number) => http.delete<null>(`${base(projectId)}/${id}`),
  board: (projectId: number, siteId: number) =>
    http.get<EquipmentBoard>(`${base(projectId)}/board`, { params: siteId ? { siteId } : {} }),
  runDays: (projectId: number, id: number, days: number) =>
    http.get<RunDay[]>(`${base(projectId)}/${id}/runDays`, { params: { days } }),
  /** Sent as bytes whatever the file's type: the server checks the name's ending and the first bytes. */
  upload: (projectId: number, file: File) =>
    request<Attachment>('POST', `${base(projectId)}/attachments`, {
      file: new Blob([file], { type: 'application/octet-stream' }),
      params: { name: file.name },
      quiet: true,
    }),
  import: (projectId: number, file: File, rule: EquipmentImportRule) =>
    request<EquipmentImportReport>('POST', `${base(projectId)}/import`, {
      file,
      params: { fileName: file.name, rule },
      quiet: true,
    }),
};

/** 工艺设备监控's board of a site (0: the whole project), read again every 30 s for the counters. */
export function useEquipmentBoard(projectId: number, siteId: number) {
  return useQuery({
    queryKey: equipmentKeys.board(projectId, siteId),
    queryFn: () => equipmentApi.board(projectId, siteId),
    enabled: projectId > 0,
    refetchInterval: 30_000,
  });
}

export function useEquipmentDetail(projectId: number, id: number) {
  return useQuery({
    queryKey: equipmentKeys.detail(projectId, id),
    queryFn: () => equipmentApi.get(projectId, id),
    enabled: projectId > 0 && id > 0,
  });
}

export function useRunDays(projectId: number, id: number, days = 30) {
  return useQuery({
    queryKey: equipmentKeys.runDays(projectId, id),
    queryFn: () => equipmentApi.runDays(projectId, id, days),
    enabled: projectId > 0 && id > 0,
  });
}
