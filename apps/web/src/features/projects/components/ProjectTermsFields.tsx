import type { Page } from '@iot/contracts';
import type { Corporation } from '@iot/contracts/corporations';
import { PAY_STATUSES, ProjectMessages, projectTermsBody } from '@iot/contracts/projects';
import { useQuery } from '@tanstack/react-query';
import { Col, DatePicker, Form, InputNumber, Row, Select, Switch } from 'antd';
import { http } from '../../../api/http';
import { schemaRule } from '../../../components/schemaRule';
import { PAY_STATUS_LABELS } from './payStatus';

const terms = projectTermsBody.shape;
/** Required, then the server's rule: -1 for unlimited, else a whole number (one quota schema). */
const quotaRules = (label: string) => [
  { required: true, message: `请输入${label}` },
  schemaRule(terms.accessGatewayIndicatorMaxNum),
];
const retentionRule = schemaRule(terms.rawRetentionDays);

/** The corporations to pick from (the first 1000 by name; enough for a dropdown with search). */
export function useCorporationOptions() {
  return useQuery({
    queryKey: ['corporations', 'options'],
    queryFn: () => http.get<Page<Corporation>>('/iot/corporations', { params: { page: 0, size: 1000 } }),
    select: (page) => page.list.map((c) => ({ value: c.id, label: c.name })),
  });
}

/** 商务条款 and flags of a project (spec core §3, §4), shared by 新建项目 and 条款. */
export function ProjectTermsFields({ retention }: { retention: boolean }) {
  const corporations = useCorporationOptions();
  return (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        <Form.Item name="corporationId" label="所属公司">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="不属于公司"
            loading={corporations.isLoading}
            options={corporations.data ?? []}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="payStatus" label="付费状态" rules={[{ required: true, message: '请选择付费状态' }]}>
          <Select options={PAY_STATUSES.map((s) => ({ value: s, label: PAY_STATUS_LABELS[s].label }))} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="setMealEndAt" label="套餐到期日" extra="早于今天时指标资源视为已过期">
          <DatePicker style={{ width: '100%' }} placeholder="不限" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="accessGatewayIndicatorMaxNum"
          label="接入指标上限"
          extra="-1 表示不限"
          rules={quotaRules('接入指标上限')}
        >
          <InputNumber min={-1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item
          name="sendMessagesTotalNum"
          label="短信总数"
          extra="-1 表示不限"
          rules={quotaRules('短信总数')}
        >
          <InputNumber min={-1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item
          name="sendVoicesTotalNum"
          label="语音总数"
          extra="-1 表示不限"
          rules={quotaRules('语音总数')}
        >
          <InputNumber min={-1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item
          name="chatMessagesLimit"
          label="助手对话条数"
          extra="-1 表示不限"
          rules={quotaRules('助手对话条数')}
        >
          <InputNumber min={-1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      {retention && (
        <>
          <Col xs={24} sm={12}>
            <Form.Item
              name="rawRetentionDays"
              label="原始数据保留天数"
              extra="0 表示永久保留"
              rules={[{ required: true, message: '请输入原始数据保留天数' }, retentionRule]}
            >
              <InputNumber min={0} max={36500} precision={0} addonAfter="天" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="rollupRetentionDays"
              label="汇总数据保留天数"
              extra="0 表示永久保留；不能少于原始数据"
              dependencies={['rawRetentionDays']}
              rules={[
                { required: true, message: '请输入汇总数据保留天数' },
                retentionRule,
                ({ getFieldValue }) => ({
                  validator: async (_, value: number | null) => {
                    const raw = getFieldValue('rawRetentionDays') as number | null;
                    if (value && value > 0 && (raw === 0 || (raw !== null && value < raw)))
                      throw new Error(ProjectMessages.ROLLUPS_SHORTER);
                  },
                }),
              ]}
            >
              <InputNumber min={0} max={36500} precision={0} addonAfter="天" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </>
      )}
      <Col xs={12} sm={6}>
        <Form.Item name="isTemplate" label="模板项目" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6}>
        <Form.Item name="isDemo" label="演示项目" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
    </Row>
  );
}
