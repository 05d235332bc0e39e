import type { Page } from '@iot/contracts';
import type { Gateway } from '@iot/contracts/gateways';
import type { GatewayIndicator } from '@iot/contracts/indicators';
import { type InstructionRecord, InstructionStatus } from '@iot/contracts/remote-control';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, http } from '../../api/http';
import { useInfiniteSearch } from '../../components/useInfiniteSearch';
import { awaitingDevice } from './awaiting';

export const RECORDS_PAGE_SIZE = 10;

export const remoteControlKeys = {
  records: (gatewayId: number) => ['instructionRecords', gatewayId] as const,
  lastValues: (gatewayId: number) => ['remoteControl', 'lastValues', gatewayId] as const,
};

/** The project's gateways for the picker: searched on the server, 100 more as one scrolls. */
export function useGatewayOptions(projectId: number) {
  return useInfiniteSearch(
    ['remoteControl', 'gateways', projectId],
    (page, size, keyword) =>
      http.get<Page<Gateway>>(`/iot/groups/${projectId}/gateways`, { params: { page, size, keyword } }),
    { enabled: projectId > 0 },
  );
}

export function useGateway(projectId: number, gatewayId: number) {
  return useQuery({
    queryKey: ['remoteControl', 'gateway', projectId, gatewayId],
    enabled: projectId > 0 && gatewayId > 0,
    queryFn: () => http.get<Gateway>(`/iot/groups/${projectId}/gateways/${gatewayId}`, { quiet: true }),
  });
}

/** The gateway's writable indicators (ioType w or rw). */
export function useWritableIndicators(projectId: number, gatewayId: number) {
  return useQuery({
    queryKey: ['remoteControl', 'indicators', projectId, gatewayId],
    enabled: projectId > 0 && gatewayId > 0,
    queryFn: async () => {
      const page = await http.get<Page<GatewayIndicator>>(
        `/iot/groups/${projectId}/gateways/${gatewayId}/indicators`,
        { params: { page: 0, size: 1000 } },
      );
      return page.list.filter((gi) => gi.ioType !== 'r');
    },
  });
}

export type LastValues = Record<string, { ts: number; value: number | string }>;

export function useLastValues(gatewayId: number, metrics: string[]) {
  return useQuery({
    queryKey: [...remoteControlKeys.lastValues(gatewayId), metrics],
    enabled: gatewayId > 0 && metrics.length > 0,
    queryFn: async () =>
      (
        await http.post<Record<string, LastValues>>('/data-server/api/v2/gateways/lastMetrics', {
          gatewayIds: [gatewayId],
          metrics,
        })
      )[gatewayId] ?? {},
    refetchInterval: 10_000,
  });
}

/** A page of the gateway's instruction records, read every second while the device has work to answer. */
export function useInstructionRecords(gatewayId: number, page: number, indicators: GatewayIndicator[]) {
  return useQuery({
    queryKey: [...remoteControlKeys.records(gatewayId), page],
    enabled: gatewayId > 0,
    queryFn: () =>
      http.get<Page<InstructionRecord>>(`/data-server/api/v2/gateways/${gatewayId}/instructionRecords`, {
        params: { page, size: RECORDS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (awaitingDevice(query.state.data?.list ?? [], indicators) ? 1000 : false),
  });
}

/** Body codes the control call answers its record with (spec core §8: pending and cached codes). */
const RECORD_CODES: number[] = [
  InstructionStatus.SENT,
  InstructionStatus.QUEUED,
  InstructionStatus.CACHED_SUCCESS,
  InstructionStatus.CACHED_SENT,
  InstructionStatus.SUPERSEDED,
];

/** Sends a command; the body code is the record's pending status (20100/20101), not 20000. */
export async function sendControl(gatewayId: number, metric: string, value: string | number | boolean) {
  try {
    return await http.post<InstructionRecord>(
      `/data-server/api/v2/gateways/${gatewayId}/control`,
      { metric, value },
      { quiet: true },
    );
  } catch (error) {
    if (error instanceof ApiError && RECORD_CODES.includes(error.code) && isRecord(error.data))
      return error.data;
    throw error;
  }
}

function isRecord(data: unknown): data is InstructionRecord {
  return typeof data === 'object' && data !== null && 'id' in data && 'status' in data;
}
