import { DatePicker, Select, Space } from 'antd';
import { resolveRange, TIME_PRESETS, type TimeRangeValue } from '../../monitoring/index';

/** Preset key of "no time limit": warnings of any start. */
export const ANY_TIME = 'all';

/**
 * The list's start-time condition: 不限 (the default, so an old warning still unhandled is never
 * hidden), a preset of spec core §9, or a picked range (自定义).
 */
export function WarningTimeField({
  value,
  onChange,
}: {
  value: TimeRangeValue;
  onChange: (v: TimeRangeValue) => void;
}) {
  // On a phone the two parts take a line each instead of running off the screen (as TimeRangeField).
  return (
    <Space.Compact style={{ flexWrap: 'wrap', maxWidth: '100%', rowGap: 8 }}>
      <Select
        aria-label="开始时间范围"
        style={{ width: 150 }}
        value={value.preset}
        onChange={(preset: string) => onChange({ ...value, preset })}
        options={[
          { value: ANY_TIME, label: '不限' },
          ...TIME_PRESETS.map(([key, label]) => ({ value: key, label })),
          { value: 'custom', label: '自定义' },
        ]}
      />
      <DatePicker.RangePicker
        aria-label="起止时间"
        showTime
        format="YYYY-MM-DD HH:mm"
        style={{ width: 330, maxWidth: '100%' }}
        value={value.preset === ANY_TIME ? null : resolveRange(value)}
        onChange={(range) => {
          if (range?.[0] && range[1])
            onChange({ preset: 'custom', start: range[0].valueOf(), stop: range[1].valueOf() });
          else onChange({ preset: ANY_TIME, start: 0, stop: 0 });
        }}
      />
    </Space.Compact>
  );
}
