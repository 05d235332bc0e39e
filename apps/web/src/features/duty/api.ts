import type { Page } from '@iot/contracts';
import type {
  ChangeBody,
  DutyCalendar,
  DutyChange,
  DutyMember,
  OnDuty,
  Rotation,
  RotationBody,
  Shift,
  ShiftBody,
  ShiftOption,
} from '@iot/contracts/duty';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';

const base = (projectId: number) => `/iot/groups/${projectId}/duty`;
type ListParams = { keyword?: string; page: number; size: number };

/** Every duty query of a project sits under `all`: a write refreshes the calendar and the lists. */
export const dutyKeys = {
  all: (projectId: number) => ['duty', projectId] as const,
  shifts: (projectId: number) => ['duty', projectId, 'shifts'] as const,
  shiftOptions: (projectId: number) => ['duty', projectId, 'shiftOptions'] as const,
  rotations: (projectId: number) => ['duty', projectId, 'rotations'] as const,
  changes: (projectId: number) => ['duty', projectId, 'changes'] as const,
  calendar: (projectId: number, month: string) => ['duty', projectId, 'calendar', month] as const,
  onDuty: (projectId: number) => ['duty', projectId, 'onDuty'] as const,
  members: (projectId: number) => ['duty', projectId, 'members'] as const,
};

export const dutyApi = {
  shifts: (projectId: number, params: ListParams) =>
    http.get<Page<Shift>>(`${base(projectId)}/shifts`, { params }),
  checkShiftName: (projectId: number, name: string, excludeId?: number) =>
    http.get<boolean>(`${base(projectId)}/shifts/checkName`, { params: { name, excludeId }, quiet: true }),
  createShift: (projectId: number, body: ShiftBody) =>
    http.post<Shift>(`${base(projectId)}/shifts`, body, { quiet: true }),
  updateShift: (projectId: number, id: number, body: ShiftBody) =>
    http.put<Shift>(`${base(projectId)}/shifts/${id}`, body, { quiet: true }),
  removeShift: (projectId: number, id: number) => http.delete<null>(`${base(projectId)}/shifts/${id}`),
  rotations: (projectId: number, params: ListParams) =>
    http.get<Page<Rotation>>(`${base(projectId)}/rotations`, { params }),
  createRotation: (projectId: number, body: RotationBody) =>
    http.post<Rotation>(`${base(projectId)}/rotations`, body, { quiet: true }),
  updateRotation: (projectId: number, id: number, body: RotationBody) =>
    http.put<Rotation>(`${base(projectId)}/rotations/${id}`, body, { quiet: true }),
  removeRotation: (projectId: number, id: number) => http.delete<null>(`${base(projectId)}/rotations/${id}`),
  changes: (projectId: number, params: ListParams & { kind?: string }) =>
    http.get<Page<DutyChange>>(`${base(projectId)}/changes`, { params }),
  createChange: (projectId: number, body: ChangeBody) =>
    http.post<DutyChange>(`${base(projectId)}/changes`, body, { quiet: true }),
  removeChange: (projectId: number, id: number) => http.delete<null>(`${base(projectId)}/changes/${id}`),
};

export function useDutyCalendar(projectId: number, month: string) {
  return useQuery({
    queryKey: dutyKeys.calendar(projectId, month),
    queryFn: () => http.get<DutyCalendar>(`${base(projectId)}/calendar`, { params: { month }, quiet: true }),
    enabled: projectId > 0,
  });
}

/** Who is on duty now, read again every minute. */
export function useOnDuty(projectId: number) {
  return useQuery({
    queryKey: dutyKeys.onDuty(projectId),
    queryFn: () => http.get<OnDuty>(`${base(projectId)}/onDuty`, { quiet: true }),
    enabled: projectId > 0,
    refetchInterval: 60_000,
  });
}

export function useShiftOptions(projectId: number) {
  return useQuery({
    queryKey: dutyKeys.shiftOptions(projectId),
    queryFn: () => http.get<ShiftOption[]>(`${base(projectId)}/shifts/options`, { quiet: true }),
    enabled: projectId > 0,
  });
}

export function useDutyMembers(projectId: number) {
  return useQuery({
    queryKey: dutyKeys.members(projectId),
    queryFn: () => http.get<DutyMember[]>(`${base(projectId)}/members`, { quiet: true }),
    enabled: projectId > 0,
    staleTime: 30_000,
  });
}
