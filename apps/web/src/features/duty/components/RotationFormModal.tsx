import {
  ROTATION_PERIODS,
  type Rotation,
  type RotationBody,
  RotationPeriodNames,
  WEEKDAYS,
  WeekdayNames,
} from '@iot/contracts/duty';
import { Alert, Checkbox, Form, Input, Radio, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { ListFormModal } from '../../../components/PagedListCard';
import { dutyApi, dutyKeys, useDutyMembers, useShiftOptions } from '../api';
import { memberOptions } from './people';
import { shiftTimeText } from './ShiftTime';
import { DateField, dateValue } from './timeFields';

export type RotationFormState = { mode: 'create' } | { mode: 'edit'; value: Rotation } | null;

/** 新建 / 编辑 a rotation: people taking a shift in turn, by day or by week, on some weekdays, over dates. */
export function RotationFormModal({
  projectId,
  state,
  onClose,
}: {
  projectId: number;
  state: RotationFormState;
  onClose(): void;
}) {
  const [form] = Form.useForm<RotationBody>();
  const editing = state?.mode === 'edit' ? state.value : null;
  const shifts = useShiftOptions(projectId);
  const members = useDutyMembers(projectId);
  const startDate = Form.useWatch('startDate', form);
  return (
    <ListFormModal<RotationBody, Rotation>
      open={state !== null}
      title={editing ? '编辑轮班规则' : '新建轮班规则'}
      form={form}
      width={600}
      initialValues={
        editing
          ? {
              name: editing.name,
              shiftId: editing.shiftId,
              period: editing.period,
              userIds: editing.userIds,
              startDate: editing.startDate,
              endDate: editing.endDate,
              weekdays: editing.weekdays,
            }
          : {
              period: 'day',
              userIds: [],
              startDate: dayjs().format('YYYY-MM-DD'),
              endDate: null,
              weekdays: [...WEEKDAYS],
            }
      }
      save={(body) =>
        editing
          ? dutyApi.updateRotation(projectId, editing.id, body)
          : dutyApi.createRotation(projectId, body)
      }
      saved={(rotation) =>
        editing ? `轮班规则「${rotation.name}」已保存` : `轮班规则「${rotation.name}」已新建`
      }
      invalidate={dutyKeys.all(projectId)}
      onClose={onClose}
      reportError
    >
      {(shifts.isError || members.isError) && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message="班次或项目成员加载失败，请关闭后重试"
        />
      )}
      <Form.Item
        name="name"
        label="规则名称"
        rules={[{ required: true, whitespace: true, message: '规则名称不能为空' }]}
      >
        <Input maxLength={32} placeholder="例如 白班轮值" />
      </Form.Item>
      <Form.Item name="shiftId" label="班次" rules={[{ required: true, message: '请选择班次' }]}>
        <Select
          aria-label="班次"
          loading={shifts.isLoading}
          placeholder="选择班次"
          options={(shifts.data ?? []).map((s) => ({
            value: s.id,
            label: `${s.name}（${shiftTimeText(s)}）`,
          }))}
        />
      </Form.Item>
      <Form.Item name="period" label="轮换方式">
        <Radio.Group
          options={ROTATION_PERIODS.map((p) => ({ value: p, label: RotationPeriodNames[p] }))}
          optionType="button"
        />
      </Form.Item>
      <Form.Item
        name="userIds"
        label="轮班人员"
        extra="按选择的先后轮流：第一位从开始日期（按周则从开始日期所在的那一周）值起"
        rules={[{ required: true, type: 'array', min: 1, message: '请选择轮班人员' }]}
      >
        <Select
          mode="multiple"
          aria-label="轮班人员"
          placeholder="依次选择项目成员"
          loading={members.isLoading}
          options={memberOptions(members.data)}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <Space size={16} wrap align="start">
        <Form.Item
          name="startDate"
          label="开始日期"
          rules={[{ required: true, message: '请选择开始日期' }]}
          {...dateValue}
        >
          <DateField aria-label="开始日期" allowClear={false} />
        </Form.Item>
        <Form.Item
          name="endDate"
          label="结束日期"
          extra="不填则一直有效"
          dependencies={['startDate']}
          rules={[
            {
              validator: async (_, end: string | null) => {
                if (end && startDate && end < startDate) throw new Error('结束日期不能早于开始日期');
              },
            },
          ]}
          {...dateValue}
        >
          <DateField aria-label="结束日期" placeholder="长期" />
        </Form.Item>
      </Space>
      <Form.Item
        name="weekdays"
        label="值班的星期"
        extra="按天轮换时只在这些日子交接，不值班的日子不占轮次"
        rules={[{ required: true, type: 'array', min: 1, message: '请选择值班的星期' }]}
      >
        <Checkbox.Group options={WEEKDAYS.map((d) => ({ value: d, label: WeekdayNames[d] }))} />
      </Form.Item>
    </ListFormModal>
  );
}
