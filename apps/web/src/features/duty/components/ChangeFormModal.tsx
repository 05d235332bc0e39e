import { CHANGE_KINDS, type ChangeBody, ChangeKindNames, type DutyChange } from '@iot/contracts/duty';
import { Alert, Form, Input, Radio, Select, Space, Typography } from 'antd';
import { ListFormModal } from '../../../components/PagedListCard';
import { dutyApi, dutyKeys, useDutyMembers, useShiftOptions } from '../api';
import { memberOptions } from './people';
import { shiftTimeText } from './ShiftTime';
import { DateField, dateValue } from './timeFields';

/** The form's fields: both kinds in one, sent as the body of the kind chosen. */
interface ChangeFields {
  kind: 'swap' | 'override';
  date: string;
  shiftId: number;
  userId: number;
  withUserId?: number;
  withDate?: string | null;
  withShiftId?: number | null;
  note?: string;
}

/** Opened empty, or from a calendar slot with its date, shift and the person on it. */
export type ChangeFormState = { date?: string; shiftId?: number; userId?: number } | null;

function bodyOf(f: ChangeFields): ChangeBody {
  const common = { date: f.date, shiftId: f.shiftId, userId: f.userId, note: f.note ?? '' };
  return f.kind === 'override'
    ? { kind: 'override', ...common }
    : {
        kind: 'swap',
        ...common,
        withUserId: f.withUserId!,
        withDate: f.withDate ?? null,
        withShiftId: f.withShiftId ?? null,
      };
}

/** 新建 a swap (one person hands a slot to another, maybe taking one back) or an override. */
export function ChangeFormModal({
  projectId,
  state,
  onClose,
}: {
  projectId: number;
  state: ChangeFormState;
  onClose(): void;
}) {
  const [form] = Form.useForm<ChangeFields>();
  const shifts = useShiftOptions(projectId);
  const members = useDutyMembers(projectId);
  const kind = Form.useWatch('kind', form);
  const withDate = Form.useWatch('withDate', form);
  const shiftOptions = (shifts.data ?? []).map((s) => ({
    value: s.id,
    label: `${s.name}（${shiftTimeText(s)}）`,
  }));
  const people = memberOptions(members.data);
  return (
    <ListFormModal<ChangeFields, DutyChange>
      open={state !== null}
      title="调班 / 指定值班"
      form={form}
      width={600}
      initialValues={{ kind: 'swap', withDate: null, withShiftId: null, note: '', ...state }}
      save={(fields) => dutyApi.createChange(projectId, bodyOf(fields))}
      saved={(change) => `${ChangeKindNames[change.kind]}已保存（${change.date} ${change.shiftName}）`}
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
      <Form.Item name="kind" label="类型">
        <Radio.Group
          optionType="button"
          options={CHANGE_KINDS.map((k) => ({ value: k, label: ChangeKindNames[k] }))}
        />
      </Form.Item>
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        {kind === 'override'
          ? '指定值班优先于轮班和调班：该日该班次只由指定的人员值班（可指定多人，每人一条）。'
          : '调班：值班人把这一班交给对方；如填写“换回”，对方那天的班次由值班人顶替。'}
      </Typography.Paragraph>
      <Space size={16} wrap align="start">
        <Form.Item
          name="date"
          label="日期"
          rules={[{ required: true, message: '请选择日期' }]}
          {...dateValue}
        >
          <DateField aria-label="日期" allowClear={false} />
        </Form.Item>
        <Form.Item name="shiftId" label="班次" rules={[{ required: true, message: '请选择班次' }]}>
          <Select
            aria-label="班次"
            style={{ width: 220 }}
            options={shiftOptions}
            loading={shifts.isLoading}
          />
        </Form.Item>
      </Space>
      <Form.Item
        name="userId"
        label={kind === 'override' ? '指定值班人员' : '原值班人员'}
        rules={[{ required: true, message: '请选择值班人员' }]}
      >
        <Select
          aria-label={kind === 'override' ? '指定值班人员' : '原值班人员'}
          options={people}
          loading={members.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      {kind !== 'override' && (
        <>
          <Form.Item
            name="withUserId"
            label="代班人员"
            rules={[{ required: true, message: '请选择代班人员' }]}
          >
            <Select
              aria-label="代班人员"
              options={people}
              loading={members.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
          <Space size={16} wrap align="start">
            <Form.Item name="withDate" label="换回日期" extra="可不填：只代班不换回" {...dateValue}>
              <DateField aria-label="换回日期" placeholder="不换回" />
            </Form.Item>
            <Form.Item
              name="withShiftId"
              label="换回班次"
              rules={[{ required: Boolean(withDate), message: '请选择换回的班次' }]}
            >
              <Select aria-label="换回班次" style={{ width: 220 }} allowClear options={shiftOptions} />
            </Form.Item>
          </Space>
        </>
      )}
      <Form.Item name="note" label="备注">
        <Input.TextArea maxLength={200} rows={2} placeholder="例如 家中有事，请同事代班" />
      </Form.Item>
    </ListFormModal>
  );
}
