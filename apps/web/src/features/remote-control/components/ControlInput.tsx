import type { GatewayIndicator } from '@iot/contracts/indicators';
import { Input, InputNumber, Select, Switch } from 'antd';
import { type ControlValue, decimalsOf } from '../values';

/** The control for an indicator's type: switch, enum select, number at its decimals, or text. */
export function ControlInput({
  indicator: gi,
  value,
  onChange,
}: {
  indicator: GatewayIndicator;
  value: ControlValue | undefined;
  onChange: (value: ControlValue | undefined) => void;
}) {
  const label = `${gi.alias}控制值`;
  switch (gi.indicator.type) {
    case 'boolean':
      return (
        <Switch
          aria-label={label}
          checkedChildren="开"
          unCheckedChildren="关"
          checked={value === true}
          onChange={(checked) => onChange(checked)}
        />
      );
    case 'enum':
      return (
        <Select
          aria-label={label}
          style={{ width: 180 }}
          placeholder="请选择"
          value={value as number | undefined}
          onChange={(v: number) => onChange(v)}
          options={gi.indicator.indicatorEnums.map((e) => ({
            value: e.value,
            label: `${e.label}（${e.value}）`,
          }))}
        />
      );
    case 'float':
    case 'integer': {
      const precision = decimalsOf(gi);
      return (
        <InputNumber<number>
          aria-label={label}
          style={{ width: 180 }}
          placeholder="请输入数字"
          precision={precision}
          step={precision > 0 ? 10 ** -precision : 1}
          value={typeof value === 'number' ? value : null}
          onChange={(v) => onChange(v ?? undefined)}
          {...(gi.indicator.unit ? { suffix: gi.indicator.unit } : {})}
        />
      );
    }
    default:
      return (
        <Input
          aria-label={label}
          style={{ width: 180 }}
          placeholder="请输入控制值"
          maxLength={1024}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}
