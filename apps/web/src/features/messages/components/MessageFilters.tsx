import { Button, DatePicker, Input, Segmented, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { TIME_PRESETS } from '../../monitoring/index';
import { useMessageProjects } from '../api';

/** The center's conditions these controls set (the tab sets the type). */
export interface MessageFilterValues {
  read: string;
  projectId: string;
  keyword: string;
  /** Sent within [start, stop] (ms); 0 and 0: any time. */
  start: number;
  stop: number;
}

const READ_FILTERS = [
  { label: '全部', value: 'all' },
  { label: '未读', value: 'unread' },
  { label: '已读', value: 'read' },
];
// The spec's presets that end now or earlier (a message is never sent in the future).
const PRESETS = TIME_PRESETS.filter(([key]) =>
  ['today', 'last24h', 'thisWeek', 'last7d', 'thisMonth', 'thisYear'].includes(key),
).map(([, label, range]) => ({ label, value: range }));

/**
 * Read state, project and time apply at once; the keyword (title or content) on 查 询 or Enter,
 * like every list's search.
 */
export function MessageFilters({
  value,
  onChange,
}: {
  value: MessageFilterValues;
  onChange(next: Partial<MessageFilterValues>): void;
}) {
  const projects = useMessageProjects();
  const [draft, setDraft] = useState(value.keyword);
  useEffect(() => setDraft(value.keyword), [value.keyword]);
  const search = () => {
    const keyword = draft.trim();
    // Enter may arrive twice (this input and the shell's 查 询 shortcut).
    if (keyword !== value.keyword) onChange({ keyword });
  };
  return (
    <Space wrap size={[12, 12]} style={{ marginBottom: 16 }}>
      <Segmented
        value={value.read}
        options={READ_FILTERS}
        onChange={(read) => onChange({ read: String(read) })}
      />
      <Select
        aria-label="项目"
        style={{ width: 180 }}
        value={value.projectId}
        loading={projects.isLoading}
        options={[
          { value: '', label: '全部项目' },
          ...(projects.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
        ]}
        onChange={(projectId: string) => onChange({ projectId })}
      />
      <DatePicker.RangePicker
        aria-label="发送时间"
        showTime
        format="YYYY-MM-DD HH:mm"
        placeholder={['开始时间', '结束时间']}
        style={{ maxWidth: '100%' }}
        presets={PRESETS}
        value={value.start ? [dayjs(value.start), dayjs(value.stop)] : null}
        onChange={(range) =>
          onChange(
            range?.[0] && range[1]
              ? { start: range[0].valueOf(), stop: range[1].valueOf() }
              : { start: 0, stop: 0 },
          )
        }
      />
      <Space.Compact>
        <Input
          allowClear
          placeholder="标题或内容"
          aria-label="标题或内容"
          maxLength={64}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onPressEnter={search}
          style={{ width: 180 }}
        />
        <Button type="primary" onClick={search}>
          查 询
        </Button>
      </Space.Compact>
    </Space>
  );
}
