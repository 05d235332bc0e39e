import { PlanMessages, planBody, preview } from '@iot/contracts/maintenance';
import {
  Alert,
  Checkbox,
  Col,
  DatePicker,
  Divider,
  Form,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  TimePicker,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { NEW_PLAN, type PlanFormValues, toBody } from './planForm';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7].map((w) => ({ value: w, label: `周${'一二三四五六日'[w - 1]}` }));
const MONTH_DAYS = Array.from({ length: 31 }, (_, i) => ({ value: i + 1, label: `${i + 1}日` }));
const UNITS = [
  { value: 'day', label: '按天' },
  { value: 'week', label: '按周' },
  { value: 'month', label: '按月' },
  { value: 'runHours', label: '按运行小时' },
];

/** The next five occurrences of what the form says now (the same arithmetic as the server). */
function SchedulePreview() {
  const form = Form.useFormInstance<PlanFormValues>();
  const values = Form.useWatch([], form) as Partial<PlanFormValues> | undefined;
  if (!values?.unit) return null;
  if (values.unit === 'runHours')
    return (
      <Alert
        type="info"
        showIcon
        data-testid="plan-preview"
        message={`所选设备自开始日期起每累计运行满${values.every || 'N'}小时，各生成一张工单`}
        description="运行时长来自设备台账的运行信号，未绑定运行信号的设备不会生成；两次检查之间跨过多个周期的（如服务停机），只生成一张。"
      />
    );
  const body = toBody({ ...NEW_PLAN, ...values } as PlanFormValues);
  const parsed = planBody.shape.schedule.safeParse(body.schedule);
  const times = parsed.success
    ? preview(parsed.data, { startAt: body.startAt, endAt: body.endAt ?? null }, Date.now(), 5)
    : [];
  return (
    <div data-testid="plan-preview">
      <Typography.Text strong>接下来5次</Typography.Text>
      {values.basis === 'completion' && (
        <Typography.Text type="secondary">（按每次在计划日期完成推算）</Typography.Text>
      )}
      {times.length === 0 ? (
        <div>
          <Typography.Text type="secondary">
            {parsed.success ? '计划期内没有更多日期' : (parsed.error.issues[0]?.message ?? '请完善周期设置')}
          </Typography.Text>
        </div>
      ) : (
        <ol style={{ margin: '4px 0 0', paddingLeft: 20 }}>
          {times.map((t) => (
            <li key={t}>
              {dayjs(t).format('YYYY-MM-DD HH:mm')} 周{'日一二三四五六'[dayjs(t).day()]}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** 周期 of the plan form: the rule, its dates, lead and allowed time, beside a preview. */
export function PlanScheduleFields() {
  const form = Form.useFormInstance<PlanFormValues>();
  const unit = Form.useWatch('unit', form);
  const basis = Form.useWatch('basis', form);
  return (
    <>
      <Divider titlePlacement="start" plain>
        周期
      </Divider>
      <Row gutter={16}>
        <Col xs={24} md={14}>
          <Form.Item name="unit" label="周期类型">
            <Radio.Group options={UNITS} optionType="button" />
          </Form.Item>
          <Space align="start" wrap>
            <Form.Item
              name="every"
              label={
                unit === 'runHours'
                  ? '每运行（小时）'
                  : `每隔（${unit === 'day' ? '天' : unit === 'week' ? '周' : '个月'}）`
              }
              rules={[{ required: true, message: PlanMessages.EVERY_INVALID }]}
            >
              <InputNumber
                min={1}
                max={unit === 'runHours' ? 100000 : 366}
                precision={0}
                style={{ width: 120 }}
              />
            </Form.Item>
            {unit !== 'runHours' && (
              <Form.Item name="time" label="时间">
                <TimePicker format="HH:mm" allowClear={false} minuteStep={5} />
              </Form.Item>
            )}
          </Space>
          {unit !== 'runHours' && (
            <Form.Item name="basis" label="下次日期">
              <Radio.Group
                options={[
                  { value: 'schedule', label: '按计划日期' },
                  { value: 'completion', label: '自上次完成起算' },
                ]}
              />
            </Form.Item>
          )}
          {unit === 'week' && basis !== 'completion' && (
            <Form.Item
              name="weekdays"
              label="每周的"
              rules={[{ required: true, type: 'array', min: 1, message: PlanMessages.WEEKDAYS_REQUIRED }]}
            >
              <Checkbox.Group options={WEEKDAYS} />
            </Form.Item>
          )}
          {unit === 'month' && basis !== 'completion' && (
            <Form.Item
              name="monthDays"
              label="每月的"
              extra="31日在小月取当月最后一天"
              rules={[{ required: true, type: 'array', min: 1, message: PlanMessages.MONTH_DAYS_REQUIRED }]}
            >
              <Select mode="multiple" aria-label="每月的" options={MONTH_DAYS} />
            </Form.Item>
          )}
          {unit !== 'runHours' && (
            <Form.Item
              name="skipWeekends"
              label="跳过周末"
              valuePropName="checked"
              extra="落在周六、周日的顺延到周一"
            >
              <Switch />
            </Form.Item>
          )}
          <Space align="start" wrap>
            <Form.Item
              name="startAt"
              label="开始日期"
              rules={[{ required: true, message: PlanMessages.START_REQUIRED }]}
            >
              <DatePicker allowClear={false} />
            </Form.Item>
            <Form.Item name="endAt" label="结束日期">
              <DatePicker placeholder="不结束" />
            </Form.Item>
          </Space>
        </Col>
        <Col xs={24} md={10}>
          <SchedulePreview />
        </Col>
      </Row>
      <Space align="start" wrap>
        {/* Run hours have no date to generate ahead of: the order is made when the hours pass. */}
        {unit !== 'runHours' && (
          <Form.Item name="leadHours" label="提前生成（小时）">
            <InputNumber min={0} max={720} precision={0} style={{ width: 140 }} />
          </Form.Item>
        )}
        <Form.Item
          name="allowedHours"
          label="完成时限（小时）"
          extra={unit === 'runHours' ? '截止时间 = 生成时间 + 完成时限' : '截止时间 = 计划时间 + 完成时限'}
        >
          <InputNumber min={1} max={8760} precision={0} style={{ width: 140 }} />
        </Form.Item>
      </Space>
    </>
  );
}
