import { DownloadOutlined } from '@ant-design/icons';
import {
  HANDLE_STATUSES,
  type HandleStatus,
  HandleStatusLabels,
  RULE_KINDS,
  type RuleKind,
  RuleKindLabels,
  WARNING_LEVELS,
  WarningLevelLabels,
} from '@iot/contracts/warnings';
import { Button, Form, Input, Select, Space } from 'antd';
import { resolveRange, type TimeRangeValue } from '../../monitoring/index';
import type { WarningFilter } from '../api';
import { ANY_TIME, WarningTimeField } from './WarningTimeField';

/** The list's conditions as kept per user (useSavedQuery); 0 and '' mean "all". */
export interface WarningConditions extends TimeRangeValue {
  level: number;
  kind: string;
  handleStatus: string;
  state: string;
  keyword: string;
}

export const NO_CONDITIONS: WarningConditions = {
  preset: ANY_TIME,
  start: 0,
  stop: 0,
  level: 0,
  kind: '',
  handleStatus: '',
  state: '',
  keyword: '',
};

/** The conditions as the list call reads them, a preset's range taken at the moment of asking. */
export function toFilter(c: WarningConditions): WarningFilter {
  const range = c.preset === ANY_TIME ? null : resolveRange(c);
  return {
    ...(range ? { startTime: range[0].valueOf(), stopTime: range[1].valueOf() } : {}),
    ...(c.level ? { level: c.level } : {}),
    ...((RULE_KINDS as readonly string[]).includes(c.kind) ? { kind: c.kind as RuleKind } : {}),
    ...((HANDLE_STATUSES as readonly string[]).includes(c.handleStatus)
      ? { handleStatus: c.handleStatus as HandleStatus }
      : {}),
    ...(c.state === 'active' || c.state === 'released' ? { state: c.state } : {}),
    ...(c.keyword.trim() ? { keyword: c.keyword.trim() } : {}),
  };
}

const all = { value: '', label: '全部' };

/** The conditions bar: start time, level, rule kind, handle status, raised or released, keyword. */
export function WarningFilters({
  draft,
  setDraft,
  onSearch,
  onReset,
  onExport,
  exporting,
}: {
  draft: WarningConditions;
  setDraft: (next: WarningConditions) => void;
  onSearch: () => void;
  onReset: () => void;
  onExport: () => void;
  exporting: boolean;
}) {
  return (
    <Form layout="inline" style={{ rowGap: 12, marginBottom: 16 }}>
      <Form.Item label="开始时间">
        <WarningTimeField value={draft} onChange={(range) => setDraft({ ...draft, ...range })} />
      </Form.Item>
      <Form.Item label="级别">
        <Select
          aria-label="级别"
          style={{ width: 130 }}
          value={draft.level}
          onChange={(level: number) => setDraft({ ...draft, level })}
          options={[
            { value: 0, label: '全部' },
            ...WARNING_LEVELS.map((l) => ({ value: l, label: WarningLevelLabels[l] })),
          ]}
        />
      </Form.Item>
      <Form.Item label="规则类型">
        <Select
          aria-label="规则类型"
          style={{ width: 130 }}
          value={draft.kind}
          onChange={(kind: string) => setDraft({ ...draft, kind })}
          options={[all, ...RULE_KINDS.map((k) => ({ value: k, label: RuleKindLabels[k] }))]}
        />
      </Form.Item>
      <Form.Item label="处理状态">
        <Select
          aria-label="处理状态"
          style={{ width: 110 }}
          value={draft.handleStatus}
          onChange={(handleStatus: string) => setDraft({ ...draft, handleStatus })}
          options={[all, ...HANDLE_STATUSES.map((s) => ({ value: s, label: HandleStatusLabels[s] }))]}
        />
      </Form.Item>
      <Form.Item label="预警状态">
        <Select
          aria-label="预警状态"
          style={{ width: 110 }}
          value={draft.state}
          onChange={(state: string) => setDraft({ ...draft, state })}
          options={[all, { value: 'active', label: '预警中' }, { value: 'released', label: '已解除' }]}
        />
      </Form.Item>
      <Form.Item label="关键字">
        <Input
          allowClear
          aria-label="关键字"
          placeholder="网关或指标名称"
          style={{ width: 180 }}
          value={draft.keyword}
          onChange={(e) => setDraft({ ...draft, keyword: e.target.value })}
          onPressEnter={onSearch}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" onClick={onSearch}>
            查 询
          </Button>
          <Button onClick={onReset}>重 置</Button>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={onExport}>
            导出
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
