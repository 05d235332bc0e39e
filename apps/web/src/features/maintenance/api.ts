import type { Page } from '@iot/contracts';
import type {
  AssigneeOption,
  ExecutionBody,
  SiteOption,
  TaskAction,
  UploadedFile,
  WarningOrder,
  WorkOrder,
  WorkOrderBody,
  WorkOrderDetail,
  WorkOrderEquipmentOption,
  WorkOrderListQuery,
} from '@iot/contracts/maintenance';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, request } from '../../api/http';

const base = (groupId: number) => `/iot/groups/${groupId}/workOrders`;

/** Every work-order query starts with this key: invalidate it after a write. */
export const workOrdersKey = (groupId: number) => ['workOrders', groupId] as const;

export type WorkOrderFilter = Partial<Omit<WorkOrderListQuery, 'page' | 'size'>>;

/** `quiet`: the caller shows the failure itself (no toast). */
export const fetchWorkOrders = (
  groupId: number,
  query: WorkOrderFilter & { page: number; size: number },
  quiet = false,
) => http.get<Page<WorkOrder>>(base(groupId), { params: { ...query }, quiet });

export function useWorkOrder(groupId: number, id: number | null) {
  return useQuery({
    queryKey: [...workOrdersKey(groupId), 'detail', id],
    queryFn: () => http.get<WorkOrderDetail>(`${base(groupId)}/${id}`, { quiet: true }),
    enabled: groupId > 0 && id !== null,
  });
}

/** Whom an order may be given to (every project member, unpaged). Quiet: the picker says it failed. */
export function useAssigneeOptions(groupId: number, enabled = true) {
  return useQuery({
    queryKey: [...workOrdersKey(groupId), 'assigneeOptions'],
    queryFn: () => http.get<AssigneeOption[]>(`${base(groupId)}/assigneeOptions`, { quiet: true }),
    enabled: groupId > 0 && enabled,
    staleTime: 60_000,
  });
}

/** The project's equipment, by code (the list's 设备 filter). Quiet: the picker says it failed. */
export function useEquipmentOptions(groupId: number) {
  return useQuery({
    queryKey: [...workOrdersKey(groupId), 'equipmentOptions'],
    queryFn: () => http.get<WorkOrderEquipmentOption[]>(`${base(groupId)}/equipmentOptions`, { quiet: true }),
    enabled: groupId > 0,
    staleTime: 60_000,
  });
}

/** The project's areas and sites, flat. */
export function useSiteOptions(groupId: number) {
  return useQuery({
    queryKey: [...workOrdersKey(groupId), 'siteOptions'],
    queryFn: () => http.get<SiteOption[]>(`${base(groupId)}/siteOptions`, { quiet: true }),
    enabled: groupId > 0,
    staleTime: 60_000,
  });
}

/** Which of these warnings already have an order (the warning list's 转工单 / 查看工单). */
export function useWarningOrders(groupId: number, warningIds: number[], enabled: boolean) {
  const ids = [...warningIds].sort((a, b) => a - b);
  return useQuery({
    queryKey: [...workOrdersKey(groupId), 'ofWarnings', ids],
    queryFn: () =>
      http.get<WarningOrder[]>(`${base(groupId)}/ofWarnings`, {
        params: { warningIds: ids.join(',') },
        quiet: true,
      }),
    enabled: groupId > 0 && enabled && ids.length > 0,
  });
}

/**
 * Uploads one photo or document; answers the address for `attachments`. For a new order (`orderId`
 * null) the caller needs create, otherwise a step they may take on that order.
 */
export function uploadWorkOrderFile(groupId: number, orderId: number | null, file: File) {
  const url = orderId === null ? `${base(groupId)}/files` : `${base(groupId)}/${orderId}/files`;
  return request<UploadedFile>('POST', url, { file, params: { name: file.name }, quiet: true });
}

export function useCreateWorkOrder(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<WorkOrderBody>) =>
      http.post<WorkOrderDetail>(base(groupId), body, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workOrdersKey(groupId) }),
  });
}

/** 转工单: one click from a warning. */
export function useOrderFromWarning(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (warningId: number) =>
      http.post<WorkOrderDetail>(`${base(groupId)}/fromWarning/${warningId}`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workOrdersKey(groupId) }),
    // A refusal (该预警已生成工单) also means the list of converted warnings is stale.
    onError: () => queryClient.invalidateQueries({ queryKey: [...workOrdersKey(groupId), 'ofWarnings'] }),
  });
}

export interface ActInput {
  note?: string;
  attachments?: string[];
  assigneeIds?: number[];
}

/** One step of the transition table; the answer is the order as it is now. */
export function useWorkOrderAction(groupId: number, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: TaskAction; body: ActInput | Partial<ExecutionBody> }) =>
      http.put<WorkOrderDetail>(`${base(groupId)}/${id}/${action}`, body, { quiet: true }),
    onSuccess: (detail) => {
      queryClient.setQueryData([...workOrdersKey(groupId), 'detail', id], detail);
      void queryClient.invalidateQueries({ queryKey: workOrdersKey(groupId) });
    },
    // The order may have moved under the caller: show it as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: [...workOrdersKey(groupId), 'detail', id] }),
  });
}
