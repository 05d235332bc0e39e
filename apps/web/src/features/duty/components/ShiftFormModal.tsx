import { DutyMessages, type Shift, type ShiftBody, shiftBody } from '@iot/contracts/duty';
import { LABEL_COLORS } from '@iot/contracts/labels';
import { Form, Input, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { ListFormModal, uniqueRule } from '../../../components/PagedListCard';
import { schemaRule } from '../../../components/schemaRule';
import { dutyApi, dutyKeys } from '../api';
import { TimeField, timeValue } from './timeFields';

export type ShiftFormState = { mode: 'create' } | { mode: 'edit'; value: Shift } | null;

const crosses = (start?: string, end?: string) => Boolean(start && end && end <= start);

/** 新建 / 编辑 a shift: its name (unique in the project), the time it starts and ends, colour and order. */
export function ShiftFormModal({
  projectId,
  state,
  onClose,
}: {
  projectId: number;
  state: ShiftFormState;
  onClose(): void;
}) {
  const [form] = Form.useForm<ShiftBody>();
  const editing = state?.mode === 'edit' ? state.value : null;
  const start = Form.useWatch('startTime', form);
  const end = Form.useWatch('endTime', form);
  return (
    <ListFormModal<ShiftBody, Shift>
      open={state !== null}
      title={editing ? '编辑班次' : '新建班次'}
      form={form}
      initialValues={
        editing
          ? {
              name: editing.name,
              startTime: editing.startTime,
              endTime: editing.endTime,
              color: editing.color,
              sort: editing.sort,
            }
          : { startTime: '08:00', endTime: '20:00', color: 'blue', sort: 0 }
      }
      save={(body) =>
        editing ? dutyApi.updateShift(projectId, editing.id, body) : dutyApi.createShift(projectId, body)
      }
      saved={(shift) => (editing ? `班次「${shift.name}」已保存` : `班次「${shift.name}」已新建`)}
      invalidate={dutyKeys.all(projectId)}
      onClose={onClose}
      reportError
    >
      <Form.Item
        name="name"
        label="班次名称"
        validateFirst
        validateTrigger={['onChange', 'onBlur']}
        rules={[
          { required: true, whitespace: true, message: '班次名称不能为空' },
          schemaRule(shiftBody.shape.name),
          uniqueRule(
            (name) => dutyApi.checkShiftName(projectId, name, editing?.id),
            DutyMessages.SHIFT_NAME_TAKEN,
            32,
          ),
        ]}
      >
        <Input maxLength={32} placeholder="例如 白班、夜班" />
      </Form.Item>
      <Space size={16} wrap align="start">
        <Form.Item
          name="startTime"
          label="开始时间"
          rules={[{ required: true, message: '请选择开始时间' }]}
          {...timeValue}
        >
          <TimeField aria-label="开始时间" />
        </Form.Item>
        <Form.Item
          name="endTime"
          label="结束时间"
          rules={[{ required: true, message: '请选择结束时间' }]}
          {...timeValue}
        >
          <TimeField aria-label="结束时间" />
        </Form.Item>
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        {crosses(start, end)
          ? start === end
            ? '开始与结束相同：24小时班，到次日同一时间结束。'
            : `跨零点：到次日 ${end} 结束，次日凌晨仍算作当天的这一班。`
          : '结束时间不晚于开始时间即为跨零点的班次（如夜班 20:00–08:00）。'}
      </Typography.Paragraph>
      <Form.Item name="color" label="颜色">
        <Select
          aria-label="颜色"
          options={LABEL_COLORS.map((color) => ({ value: color, label: <Tag color={color}>{color}</Tag> }))}
        />
      </Form.Item>
      <Form.Item name="sort" label="排序" extra="数字小的排在前面" rules={[schemaRule(shiftBody.shape.sort)]}>
        <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
      </Form.Item>
    </ListFormModal>
  );
}
