import type { Page } from '@iot/contracts';
import type { GatewayListItem } from '@iot/contracts/gateways';
import type { GroupTreeNode } from '@iot/contracts/groups';
import type { ChartSeries, HistoryPoint } from '@iot/contracts/history';
import type { GatewayIndicator } from '@iot/contracts/indicators';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError, http } from '../../api/http';
import type { IndicatorMeta } from './format';

/** The group tree from groupId itself, each node with the gateway indicators bound to it. */
export function useGroupTree(groupId: number) {
  return useQuery({
    queryKey: ['monitoring', 'groupTree', groupId],
    enabled: groupId > 0,
    staleTime: 60_000,
    queryFn: () =>
      http.get<GroupTreeNode[]>(`/iot/groups/${groupId}/groupTree`, {
        params: { includeSelf: true, generateDefault: true },
      }),
  });
}

/** The project's gateways (for online status and the 共享 mark), refreshed every 30 s. */
export function useGatewayStatus(groupId: number) {
  return useQuery({
    queryKey: ['monitoring', 'gateways', groupId],
    enabled: groupId > 0,
    refetchInterval: 30_000,
    queryFn: () =>
      http.get<Page<GatewayListItem>>(`/iot/groups/${groupId}/gateways`, {
        params: { page: 0, size: 1000 },
        quiet: true,
      }),
    select: byId,
  });
}

const byId = (page: Page<GatewayListItem>) => new Map(page.list.map((g) => [g.id, g]));

/**
 * Type, unit, decimals and enum labels of the chosen gateways' indicators, by `gateway:metric`.
 * Read per gateway (its gateway indicators carry their project indicator).
 */
export function useIndicatorMeta(groupId: number, gatewayIds: number[], aliases: Map<number, string>) {
  const results = useQueries({
    queries: gatewayIds.map((gatewayId) => ({
      queryKey: ['monitoring', 'gatewayIndicators', groupId, gatewayId],
      staleTime: 60_000,
      queryFn: () =>
        http.get<Page<GatewayIndicator>>(`/iot/groups/${groupId}/gateways/${gatewayId}/indicators`, {
          params: { page: 0, size: 1000 },
          quiet: true,
        }),
    })),
  });
  const lists = results.map((r) => r.data);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the lists change identity only when refetched
  const meta = useMemo(() => {
    const byKey = new Map<string, IndicatorMeta>();
    for (const page of lists) {
      for (const gi of page?.list ?? []) {
        byKey.set(`${gi.gatewayId}:${gi.dataIdentification}`, toMeta(gi, aliases.get(gi.gatewayId) ?? ''));
      }
    }
    return byKey;
  }, [...lists, aliases]);
  // A failed read is said (with a retry), not left as raw keys that look like the data (issue 11,
  // items 1 and 6). A refusal is not a failure: a role without a monitoring read has no metadata.
  const failed = results.filter((r) => r.isError && !(r.error instanceof ApiError && r.error.status === 403));
  const failure: MetaFailure | null =
    failed.length > 0
      ? {
          error: failed[0]!.error,
          retry: () => Promise.all(failed.map((r) => r.refetch())),
        }
      : null;
  return { meta, loading: results.some((r) => r.isLoading), failure };
}

/** The indicators' metadata of some gateways could not be read. */
export interface MetaFailure {
  error: Error | null;
  retry(): unknown;
}

export function toMeta(gi: GatewayIndicator, gatewayAlias: string): IndicatorMeta {
  return {
    id: gi.id,
    gatewayId: gi.gatewayId,
    gatewayAlias,
    metric: gi.dataIdentification,
    alias: gi.alias,
    type: gi.indicator.type,
    unit: gi.indicator.unit,
    decimalPlaces: gi.decimalPlaces ?? gi.indicator.decimalPlaces,
    enums: gi.indicator.indicatorEnums,
  };
}

export interface SeriesQuery {
  gatewayIds: number[];
  metrics: string[];
  startTime: number;
  stopTime: number;
}

/** Bucketed statistics for a chart: per bucket min, max, avg, first, last and count. */
export const fetchChart = (query: SeriesQuery & { buckets: number }) =>
  http.post<{ width: number; series: ChartSeries[] }>('/data-server/api/v2/gateways/chart', query, {
    quiet: true,
  });

export interface HistoryPage {
  list: HistoryPoint[];
  hasMore: boolean;
  total?: number;
}

/** A page of raw points, newest first unless ascending. */
export const fetchHistory = (
  query: SeriesQuery & {
    page: number;
    perPage: number;
    ascending?: boolean;
    fetchOneMore?: boolean;
    includeTotal?: boolean;
  },
) => http.post<HistoryPage>('/data-server/api/v2/gateways/history', query, { quiet: true });

/** Spec core §8: a data query answered 40000 with data 411:… (or code 414) reads 指标数量超过限制. */
export function dataQueryMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 414 || (typeof error.data === 'string' && error.data.startsWith('411:')))
      return '指标数量超过限制';
    return error.message;
  }
  return '查询失败';
}
