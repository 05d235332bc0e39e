import type { Gateway } from '@iot/contracts/gateways';
import { Badge, Empty, Flex, Select } from 'antd';
import { LoadError } from '../../../components/LoadState';
import { useGateway, useGatewayOptions } from '../api';

/** A gateway of the project, searched on the server by alias or serial number, with its online state. */
export function GatewayPicker({
  projectId,
  value,
  onChange,
  onPicked,
  width = 360,
}: {
  projectId: number;
  value: number;
  onChange: (gatewayId: number) => void;
  /** The gateway chosen, with its serial number and state. */
  onPicked?: (gateway: Gateway) => void;
  width?: number;
}) {
  const options = useGatewayOptions(projectId);
  const current = useGateway(projectId, value);
  const list = options.items.map((g) => ({
    value: g.id,
    label: `${g.alias}（${g.serialNumber}）`,
    online: g.onlineStatus === 'online',
  }));
  if (current.data && !list.some((o) => o.value === current.data.id)) {
    list.unshift({
      value: current.data.id,
      label: `${current.data.alias}（${current.data.serialNumber}）`,
      online: current.data.onlineStatus === 'online',
    });
  }
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: options.onSearch }}
      onPopupScroll={options.onPopupScroll}
      aria-label="选择网关"
      placeholder="输入别名或序列号搜索网关"
      style={{ width }}
      loading={options.isFetching}
      value={value || undefined}
      onChange={(id: number) => {
        onChange(id);
        const picked = options.items.find((g) => g.id === id);
        if (picked) onPicked?.(picked);
      }}
      options={list}
      optionRender={(option) => (
        <Flex justify="space-between" gap={8}>
          {/* A long name gives way, so that the state stays in view on a phone. */}
          <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {option.data.label}
          </span>
          <Badge
            style={{ flex: 'none' }}
            status={option.data.online ? 'success' : 'default'}
            text={option.data.online ? '在线' : '离线'}
          />
        </Flex>
      )}
      notFoundContent={
        options.isFetching ? (
          '加载中…'
        ) : options.isError ? (
          <LoadError compact what="网关" error={options.error} onRetry={options.refetch} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有找到网关" />
        )
      }
    />
  );
}
