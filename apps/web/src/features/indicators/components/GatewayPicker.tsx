import { GATEWAY_MODELS, type Gateway } from '@iot/contracts/gateways';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { LoadError } from '../../../components/LoadState';
import { useInfiniteSearch } from '../../../components/useInfiniteSearch';
import { projectGatewaysApi } from '../api';

/** A gateway of the project, searched on the server by serial number or alias, 100 more as one scrolls. */
export function GatewayPicker({
  groupId,
  value,
  onChange,
}: {
  groupId: number;
  /** The gateway chosen; shown even when it is not among the matches loaded. */
  value: Gateway | undefined;
  onChange: (gateway: Gateway | undefined) => void;
}) {
  const gateways = useInfiniteSearch(['indicatorGateways', groupId], (page, size, keyword) =>
    projectGatewaysApi.list(groupId, { page, size, keyword }),
  );
  const loaded = gateways.items;
  const list = value && !loaded.some((g) => g.id === value.id) ? [value, ...loaded] : loaded;
  return (
    <Select
      aria-label="网关"
      placeholder="选择网关（可按序列号或别名搜索）"
      style={{ width: 360 }}
      value={value?.id}
      loading={gateways.isFetching}
      showSearch={{ filterOption: false, onSearch: gateways.onSearch }}
      onPopupScroll={gateways.onPopupScroll}
      notFoundContent={
        gateways.isFetching ? (
          '加载中…'
        ) : gateways.isError ? (
          <LoadError compact what="网关" error={gateways.error} onRetry={gateways.refetch} />
        ) : (
          '本项目没有匹配的网关'
        )
      }
      options={list.map((g) => ({
        value: g.id,
        label: `${g.alias}（${g.serialNumber}，${GATEWAY_MODELS[g.model]}）`,
      }))}
      onChange={(id: number) => onChange(list.find((g) => g.id === id))}
    />
  );
}

/** The gateway of an id, for a remembered choice (its name and model). */
export function useGateway(groupId: number, gatewayId: number) {
  return useQuery({
    queryKey: ['indicatorGateway', groupId, gatewayId],
    queryFn: () => projectGatewaysApi.get(groupId, gatewayId),
    enabled: gatewayId > 0,
    retry: false,
  });
}
