import { Select } from 'antd';
import { useMemo } from 'react';
import { LoadError } from '../../../../components/LoadState';
import { useTreeIndicators } from '../../../monitoring/index';

interface Props {
  groupId: number;
  /** A gateway indicator (value rules) or a gateway (offline rules). */
  mode: 'indicators' | 'gateways';
  value?: number;
  onChange?: (id: number) => void;
  id?: string;
}

/** One gateway indicator, grouped by gateway, or one gateway of the project, searchable. */
export function TargetSelect({ groupId, mode, value, onChange, id }: Props) {
  const { indicators, gateways, loading, failure } = useTreeIndicators(groupId);
  const options = useMemo(() => {
    if (mode === 'gateways')
      return [...gateways].map(([gatewayId, alias]) => ({ value: gatewayId, label: alias }));
    const byGateway = new Map<number, { value: number; label: string }[]>();
    for (const gi of indicators.values())
      byGateway.set(gi.gatewayId, [
        ...(byGateway.get(gi.gatewayId) ?? []),
        { value: gi.id, label: `${gi.gatewayAlias} / ${gi.alias}（${gi.dataIdentification}）` },
      ]);
    return [...byGateway].map(([gatewayId, list]) => ({
      label: gateways.get(gatewayId) ?? `#${gatewayId}`,
      title: gateways.get(gatewayId),
      options: list,
    }));
  }, [mode, indicators, gateways]);
  const label = mode === 'gateways' ? '网关' : '网关指标';

  return (
    <Select<number>
      id={id}
      aria-label={label}
      placeholder={`选择${label}`}
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      options={options}
      value={value}
      onChange={onChange}
      notFoundContent={
        loading ? (
          '加载中…'
        ) : failure ? (
          <LoadError compact what="分组树" error={failure.error} onRetry={failure.retry} />
        ) : (
          '分组树中还没有网关指标'
        )
      }
    />
  );
}
