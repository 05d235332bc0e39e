import { DatePicker, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { presetRange, TIME_PRESETS } from './timePresets';

/** A time range as kept in saved conditions: a preset key of spec core §9, or 'custom' with its ends. */
export interface TimeRangeValue {
  preset: string;
  start: number;
  stop: number;
}

/** The range a saved value stands for, taken at the moment of asking (presets move with the clock). */
export function resolveRange(value: TimeRangeValue): [Dayjs, Dayjs] | null {
  return presetRange(value.preset) ?? (value.start ? [dayjs(value.start), dayjs(value.stop)] : null);
}

/** Preset select beside a date-time range picker; picking dates switches to 自定义. */
export function TimeRangeField({
  value,
  onChange,
}: {
  value: TimeRangeValue;
  onChange: (v: TimeRangeValue) => void;
}) {
  // On a phone the two parts take a line each instead of running off the screen.
  return (
    <Space.Compact style={{ flexWrap: 'wrap', maxWidth: '100%', rowGap: 8 }}>
      <Select
        aria-label="时间范围"
        style={{ width: 168 }}
        value={value.preset}
        onChange={(preset: string) => onChange({ ...value, preset })}
        options={[
          ...TIME_PRESETS.map(([key, label]) => ({ value: key, label })),
          { value: 'custom', label: '自定义' },
        ]}
      />
      <DatePicker.RangePicker
        aria-label="起止时间"
        showTime
        format="YYYY-MM-DD HH:mm"
        style={{ maxWidth: '100%' }}
        value={resolveRange(value)}
        allowClear={false}
        presets={TIME_PRESETS.map(([, label, get]) => ({ label, value: get }))}
        onChange={(range) => {
          if (range?.[0] && range[1])
            onChange({ preset: 'custom', start: range[0].valueOf(), stop: range[1].valueOf() });
        }}
      />
    </Space.Compact>
  );
}
