import type { RepairableIndicator } from '@iot/contracts/data-repair';
import { Button, DatePicker, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';

export interface RangeConditions {
  gatewayId: number;
  gatewayIndicatorId: number;
  startTime: number;
  stopTime: number;
}

interface Props {
  indicators: RepairableIndicator[];
  loading: boolean;
  value: RangeConditions;
  onChange: (next: RangeConditions) => void;
  onSearch: () => void;
}

/** Gateway → indicator → time range, then 查 询. */
export function IndicatorRangeForm({ indicators, loading, value, onChange, onSearch }: Props) {
  const gateways = useMemo(() => {
    const byId = new Map<number, string>();
    for (const i of indicators) byId.set(i.gatewayId, `${i.gatewayAlias}（${i.serialNumber}）`);
    return [...byId].map(([id, label]) => ({ value: id, label }));
  }, [indicators]);
  const options = indicators
    .filter((i) => i.gatewayId === value.gatewayId)
    .map((i) => ({ value: i.gatewayIndicatorId, label: `${i.alias}（${i.dataIdentification}）` }));
  // The same value object until the times change: a new one each render would reset a half-typed range.
  const range = useMemo<[Dayjs, Dayjs] | null>(
    () =>
      value.startTime > 0 && value.stopTime > 0 ? [dayjs(value.startTime), dayjs(value.stopTime)] : null,
    [value.startTime, value.stopTime],
  );

  return (
    <Form layout="inline" style={{ rowGap: 12 }}>
      <Form.Item label="网关">
        <Select
          aria-label="网关"
          placeholder="选择网关"
          showSearch
          optionFilterProp="label"
          loading={loading}
          style={{ width: 240 }}
          options={gateways}
          value={value.gatewayId || undefined}
          onChange={(gatewayId: number) => onChange({ ...value, gatewayId, gatewayIndicatorId: 0 })}
          notFoundContent="项目中还没有网关指标"
        />
      </Form.Item>
      <Form.Item label="指标">
        <Select
          aria-label="指标"
          placeholder="选择指标"
          showSearch
          optionFilterProp="label"
          style={{ width: 200 }}
          options={options}
          value={value.gatewayIndicatorId || undefined}
          onChange={(gatewayIndicatorId: number) => onChange({ ...value, gatewayIndicatorId })}
          notFoundContent="请先选择网关"
        />
      </Form.Item>
      <Form.Item label="时间段">
        <DatePicker.RangePicker
          aria-label="时间段"
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowClear={false}
          value={range}
          onChange={(next) => {
            if (next?.[0] && next[1])
              onChange({ ...value, startTime: next[0].valueOf(), stopTime: next[1].valueOf() });
          }}
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" onClick={onSearch} disabled={!value.gatewayIndicatorId || !range}>
          查 询
        </Button>
      </Form.Item>
    </Form>
  );
}
