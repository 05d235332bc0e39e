import {
  MAX_OFFLINE_MINUTES,
  RULE_KINDS,
  RuleKindLabels,
  ruleFields,
  WARNING_LEVELS,
  WarningLevelLabels,
} from '@iot/contracts/warnings';
import { Checkbox, Col, Form, Input, InputNumber, Row, Select, Switch, TimePicker } from 'antd';
import { DurationInput } from '../../../../components/DurationInput';
import { schemaRule } from '../../../../components/schemaRule';
import { decimalRule, positiveIntegerRule } from '../../../../components/valueRules';
import { useProjectId } from '../../../../platform/routes/useProjectId';
import { ModeSelect } from '../../../modes/index';
import { RuleCameras } from './RuleCameras';
import { hasValueConditions, KIND_FIELDS, type RuleValues, WEEKDAYS } from './ruleForm';

export const KIND_OPTIONS = RULE_KINDS.map((kind) => ({ value: kind, label: RuleKindLabels[kind] }));
export const LEVEL_OPTIONS = WARNING_LEVELS.map((level) => ({
  value: level,
  label: WarningLevelLabels[level],
}));

/** What each kind means, under the kind select. */
const KIND_HELP: Record<RuleValues['kind'], string> = {
  above: '数值大于上限时预警',
  below: '数值小于下限时预警',
  outside: '数值小于下限或大于上限时预警',
  inside: '数值处于下限与上限之间（含）时预警',
  equals: '数值等于比较值时预警（开关量填 0 或 1，枚举填其值）',
  rate: '相邻两次数值每分钟的变化量（绝对值）超过限值时预警',
  offline: '网关连续若干分钟没有上报数据时预警，作用于整个网关',
};

const THRESHOLD_LABELS = {
  low: '下限',
  high: '上限',
  value: '比较值',
  ratePerMinute: '每分钟变化量',
  offlineMinutes: '离线分钟数',
} as const;

/**
 * Thresholds are typed as text and read as numbers when sent (ruleForm.ts): "abc" stays on screen
 * and is called not a number, where an InputNumber cleared it and the form then called it missing.
 * Required, then the rules of spec core §5 in the server's words — 请输入数字！, then the decimal
 * rule (offline minutes: a positive integer) — one message at a time.
 */
function thresholdRules(field: 'low' | 'high' | 'ratePerMinute' | 'offlineMinutes') {
  return [
    { required: true, whitespace: true, message: `请填写${THRESHOLD_LABELS[field]}` },
    field === 'offlineMinutes' ? positiveIntegerRule(MAX_OFFLINE_MINUTES) : decimalRule(),
  ];
}

/**
 * The fields every rule has, shown by its kind: the thresholds the kind uses, the delay and
 * hysteresis (not for offline rules), the level, an optional schedule and the switch.
 * Server messages land on these fields by their names (see formFeedback.ts).
 */
export function RuleFields() {
  const form = Form.useFormInstance<RuleValues>();
  const kind = Form.useWatch('kind', form) ?? 'above';
  const scheduled = Form.useWatch('scheduled', form) ?? false;
  const projectId = useProjectId();

  return (
    <>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="kind" label="规则类型" extra={KIND_HELP[kind]} rules={[{ required: true }]}>
            <Select options={KIND_OPTIONS} aria-label="规则类型" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="level" label="预警等级" rules={[{ required: true }]}>
            <Select options={LEVEL_OPTIONS} aria-label="预警等级" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        {KIND_FIELDS[kind].map((field) => (
          <Col span={12} key={field}>
            {field === 'value' ? (
              <Form.Item name={field} label={THRESHOLD_LABELS[field]} required>
                <Input maxLength={64} placeholder="如：1" />
              </Form.Item>
            ) : (
              <Form.Item
                name={field}
                label={THRESHOLD_LABELS[field]}
                required
                validateFirst
                validateTrigger="onBlur"
                rules={thresholdRules(field)}
                getValueProps={(value: unknown) => ({ value: value ?? '' })}
              >
                <Input
                  inputMode="decimal"
                  suffix={field === 'offlineMinutes' ? '分钟' : undefined}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            )}
          </Col>
        ))}
      </Row>
      {hasValueConditions(kind) && (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="delaySeconds"
              label="持续时间"
              tooltip="条件按数据时间持续满足这么久才预警；0 为不要求（最长 24 小时）"
              rules={[schemaRule(ruleFields.delaySeconds)]}
            >
              <DurationInput unit="s" aria-label="持续时间" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="delayCount"
              label="连续次数"
              tooltip="并且连续这么多个数值满足条件；0 为不要求"
              rules={[schemaRule(ruleFields.delayCount)]}
            >
              <InputNumber min={0} max={1000} precision={0} suffix="次" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="hysteresis"
              label="解除回差"
              tooltip="数值回到限值以内这么多才解除，避免在限值附近反复预警"
              rules={[schemaRule(ruleFields.hysteresis)]}
            >
              <InputNumber min={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      )}
      <Row gutter={16} align="top">
        <Col span={8}>
          <Form.Item
            name="scheduled"
            label="生效时段"
            valuePropName="checked"
            tooltip="只在所选时段内产生新预警（北京时间）；已有预警随时可解除"
          >
            <Switch checkedChildren="指定" unCheckedChildren="全天" aria-label="生效时段" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="enabled" label="启用" valuePropName="checked">
            <Switch aria-label="启用" />
          </Form.Item>
        </Col>
        {kind !== 'offline' && (
          <Col span={8}>
            <Form.Item
              name="equipmentFault"
              label="故障记录"
              valuePropName="checked"
              tooltip="预警产生时为绑定该指标的设备记一条设备故障，预警解除时结束（设备故障记录）"
            >
              <Checkbox>设备故障</Checkbox>
            </Form.Item>
          </Col>
        )}
      </Row>
      <Form.Item
        name="modeIds"
        label="生效模式"
        tooltip="站点处于所选模式之一时才产生新预警（模式管理）；不选为全部模式"
      >
        <ModeSelect projectId={projectId} />
      </Form.Item>
      <RuleCameras projectId={projectId} />
      {scheduled && (
        <>
          <Form.Item name="scheduleDays" label="生效日">
            <Checkbox.Group options={WEEKDAYS} />
          </Form.Item>
          <Form.Item name="scheduleTime" label="时间段" extra="结束早于开始时跨夜，如 22:00–06:00">
            <TimePicker.RangePicker format="HH:mm" order={false} minuteStep={5} aria-label="时间段" />
          </Form.Item>
        </>
      )}
    </>
  );
}

/** Where the server's validation paths land in the rule fields. */
export const RULE_FIELD_NAMES: Record<string, string> = {
  name: 'name',
  kind: 'kind',
  level: 'level',
  low: 'low',
  high: 'high',
  value: 'value',
  ratePerMinute: 'ratePerMinute',
  offlineMinutes: 'offlineMinutes',
  delaySeconds: 'delaySeconds',
  delayCount: 'delayCount',
  hysteresis: 'hysteresis',
  schedule: 'scheduleDays',
  'schedule.days': 'scheduleDays',
  'schedule.from': 'scheduleTime',
  'schedule.to': 'scheduleTime',
  modeIds: 'modeIds',
  equipmentFault: 'equipmentFault',
  cameraIds: 'cameraIds',
  autoCapture: 'autoCapture',
};
