import { DownloadOutlined } from '@ant-design/icons';
import { RANKING_STATISTIC_LABELS, RANKING_STATISTICS } from '@iot/contracts/history';
import { Button, Empty, Form, Radio, Select, Space } from 'antd';
import { TimeRangeField } from '../../monitoring/index';

/** The ranking's query conditions, kept per user (useSavedQuery) once searched. */
export interface Conditions {
  /** 'all': every gateway of the project that has the metric; 'picked': only gatewayIds. */
  scope: string;
  gatewayIds: number[];
  metric: string;
  /** A preset key of spec core §9, or 'custom' for [start, stop]. */
  preset: string;
  start: number;
  stop: number;
  statistic: string;
  order: string;
}

/** The conditions bar: gateways (all or picked), indicator, time range with presets, statistic, order. */
export function RankingConditions({
  draft,
  setDraft,
  gatewayOptions,
  metricOptions,
  loading,
  onSearch,
  onExport,
  canExport,
}: {
  draft: Conditions;
  setDraft: (next: Conditions) => void;
  gatewayOptions: { value: number; label: string }[];
  metricOptions: { value: string; label: string }[];
  loading: boolean;
  onSearch: () => void;
  onExport: () => void;
  canExport: boolean;
}) {
  return (
    <Form layout="inline" style={{ rowGap: 12, marginBottom: 16 }}>
      <Form.Item label="网关">
        <Radio.Group
          optionType="button"
          value={draft.scope}
          onChange={(e) => setDraft({ ...draft, scope: e.target.value as string })}
          options={[
            { value: 'all', label: '全部网关' },
            { value: 'picked', label: '指定网关' },
          ]}
        />
      </Form.Item>
      {draft.scope === 'picked' && (
        <Form.Item>
          <Select
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            placeholder="选择网关"
            aria-label="选择网关"
            style={{ width: 280 }}
            optionFilterProp="label"
            options={gatewayOptions}
            value={draft.gatewayIds}
            onChange={(gatewayIds: number[]) => setDraft({ ...draft, gatewayIds })}
          />
        </Form.Item>
      )}
      <Form.Item label="指标">
        <Select
          showSearch
          placeholder="选择指标"
          aria-label="选择指标"
          style={{ width: 300 }}
          loading={loading}
          optionFilterProp="label"
          options={metricOptions}
          value={draft.metric || undefined}
          onChange={(metric: string) => setDraft({ ...draft, metric })}
          notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="项目下还没有网关指标" />}
        />
      </Form.Item>
      <Form.Item label="时间">
        <TimeRangeField value={draft} onChange={(range) => setDraft({ ...draft, ...range })} />
      </Form.Item>
      <Form.Item label="统计">
        <Select
          aria-label="统计方式"
          style={{ width: 110 }}
          value={draft.statistic}
          onChange={(statistic: string) => setDraft({ ...draft, statistic })}
          options={RANKING_STATISTICS.map((s) => ({ value: s, label: RANKING_STATISTIC_LABELS[s] }))}
        />
      </Form.Item>
      <Form.Item label="排序">
        <Radio.Group
          optionType="button"
          value={draft.order}
          onChange={(e) => setDraft({ ...draft, order: e.target.value as string })}
          options={[
            { value: 'desc', label: '从高到低' },
            { value: 'asc', label: '从低到高' },
          ]}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" onClick={onSearch}>
            查 询
          </Button>
          <Button icon={<DownloadOutlined />} disabled={!canExport} onClick={onExport}>
            导出
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
