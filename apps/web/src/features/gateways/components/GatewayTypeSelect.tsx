import { GATEWAY_MODELS } from '@iot/contracts/gateways';
import { Form, Select } from 'antd';
import { LoadError } from '../../../components/LoadState';
import { type TypeOwner, useGatewayTypeOptions } from '../../gateway-types';

/**
 * 套用网关类型: the firm's or project's 网关类型 a new gateway (or an import's new gateways) follows —
 * its category, model, indicators and Modbus points (decision 0042). Empty: no template.
 */
export function GatewayTypeSelect({
  owner,
  value,
  onChange,
  help,
  id,
}: {
  owner: TypeOwner;
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** Outside a form: shown with its label and this help under it. */
  help?: string;
  id?: string;
}) {
  const options = useGatewayTypeOptions(owner);
  const select = (
    <Select
      id={id}
      aria-label="套用网关类型"
      allowClear
      placeholder="不套用（可在 网关类型 中维护模板）"
      value={value ?? undefined}
      onChange={(id?: number) => onChange?.(id ?? null)}
      loading={options.isLoading}
      notFoundContent={
        options.isError ? (
          <LoadError what="网关类型" compact error={options.error} onRetry={() => void options.refetch()} />
        ) : undefined
      }
      options={(options.data ?? []).map((type) => ({
        value: type.id,
        label: `${type.name}（${GATEWAY_MODELS[type.model]}，${type.indicatorCount} 个指标）`,
      }))}
    />
  );
  if (help === undefined) return select;
  return (
    <Form.Item label="套用网关类型" extra={help} style={{ marginBottom: 0 }}>
      {select}
    </Form.Item>
  );
}
