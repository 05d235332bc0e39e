import { LABEL_COLORS } from '@iot/contracts/labels';
import { type Mode, type ModeBody, ModeMessages, modeBody } from '@iot/contracts/modes';
import { Form, Input, InputNumber, Select, Tag } from 'antd';
import { ListFormModal, uniqueRule } from '../../../components/PagedListCard';
import { schemaRule } from '../../../components/schemaRule';
import { modeKeys, modesApi } from '../api';

export type ModeFormState = { mode: 'create' } | { mode: 'edit'; value: Mode } | null;

/** 新建 / 编辑 an operating mode: its name (unique in the project), colour, order and description. */
export function ModeFormModal({
  projectId,
  state,
  onClose,
}: {
  projectId: number;
  state: ModeFormState;
  onClose(): void;
}) {
  const [form] = Form.useForm<ModeBody>();
  const editing = state?.mode === 'edit' ? state.value : null;
  return (
    <ListFormModal<ModeBody, Mode>
      open={state !== null}
      title={editing ? '编辑模式' : '新建模式'}
      form={form}
      initialValues={
        editing
          ? { name: editing.name, color: editing.color, description: editing.description, sort: editing.sort }
          : { color: 'blue', sort: 0 }
      }
      save={(body) =>
        editing ? modesApi.update(projectId, editing.id, body) : modesApi.create(projectId, body)
      }
      saved={(mode) => (editing ? `模式「${mode.name}」已保存` : `模式「${mode.name}」已新建`)}
      invalidate={modeKeys.all(projectId)}
      onClose={onClose}
      reportError
    >
      <Form.Item
        name="name"
        label="模式名称"
        validateFirst
        validateTrigger={['onChange', 'onBlur']}
        rules={[
          { required: true, whitespace: true, message: '模式名称不能为空' },
          schemaRule(modeBody.shape.name),
          uniqueRule((name) => modesApi.checkName(projectId, name, editing?.id), ModeMessages.NAME_TAKEN, 32),
        ]}
      >
        <Input maxLength={32} placeholder="例如 自动、手动、检修" />
      </Form.Item>
      <Form.Item name="color" label="颜色">
        <Select
          aria-label="颜色"
          options={LABEL_COLORS.map((color) => ({ value: color, label: <Tag color={color}>{color}</Tag> }))}
        />
      </Form.Item>
      <Form.Item name="sort" label="排序" extra="数字小的排在前面" rules={[schemaRule(modeBody.shape.sort)]}>
        <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="description" label="描述" rules={[schemaRule(modeBody.shape.description)]}>
        <Input.TextArea maxLength={200} rows={3} placeholder="例如 设备检修期间，部分预警不生效" />
      </Form.Item>
    </ListFormModal>
  );
}
