import { DatePicker, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * Form fields that hold the contracts' strings (HH:mm, YYYY-MM-DD) while the pickers show dayjs
 * values: spread into a Form.Item.
 */
export const timeValue = {
  getValueProps: (value: string | undefined) => ({ value: value ? dayjs(`2000-01-01T${value}`) : undefined }),
  normalize: (value: Dayjs | null) => (value ? value.format('HH:mm') : undefined),
};
export const dateValue = {
  getValueProps: (value: string | null | undefined) => ({ value: value ? dayjs(value) : undefined }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null),
};

export function TimeField(props: { 'aria-label': string }) {
  return <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} style={{ width: 140 }} {...props} />;
}

export function DateField(props: { 'aria-label': string; allowClear?: boolean; placeholder?: string }) {
  return <DatePicker style={{ width: 180 }} {...props} />;
}
