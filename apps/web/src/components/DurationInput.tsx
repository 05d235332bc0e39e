import type { DurationParts } from '@iot/contracts';
import { InputNumber, Space } from 'antd';
import { type DurationUnit, partsOf, valueAfterEdit } from './durationInput';

const PARTS: { key: keyof DurationParts; suffix: string; label: string }[] = [
  { key: 'hours', suffix: '时', label: '小时' },
  { key: 'minutes', suffix: '分', label: '分钟' },
  { key: 'seconds', suffix: '秒', label: '秒' },
];

/**
 * 时长 as hours, minutes and seconds (feature-areas §3, §5), an Ant Design form control: the value
 * is milliseconds (or seconds with unit="s"); typing 90 in 秒 shows 1 分 30 秒.
 */
export function DurationInput({
  value,
  onChange,
  unit = 'ms',
  disabled,
  id,
  'aria-label': ariaLabel,
}: {
  value?: number | null;
  onChange?(value: number): void;
  unit?: DurationUnit;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
}) {
  const parts = partsOf(value, unit);
  return (
    <Space.Compact id={id} style={{ width: '100%' }} data-testid="duration-input">
      {PARTS.map(({ key, suffix, label }) => (
        <InputNumber
          key={key}
          min={0}
          precision={0}
          value={parts[key]}
          disabled={disabled}
          suffix={suffix}
          aria-label={ariaLabel ? `${ariaLabel}${label}` : label}
          style={{ width: '34%' }}
          onChange={(typed) => onChange?.(valueAfterEdit(parts, key, typed, unit))}
        />
      ))}
    </Space.Compact>
  );
}
