import { LABEL_COLORS, type Label, type LabelBody, LabelMessages, labelBody } from '@iot/contracts/labels';
import { Form, Input, Select, Tag } from 'antd';
import { ListFormModal, uniqueRule } from '../../../components/PagedListCard';
import { schemaRule } from '../../../components/schemaRule';
import { labelKeys, labelsApi } from '../api';

export type LabelFormState = { mode: 'create' } | { mode: 'edit'; label: Label } | null;

const COLOR_NAMES: Record<(typeof LABEL_COLORS)[number], string> = {
  blue: '蓝',
  green: '绿',
  orange: '橙',
  red: '红',
  purple: '紫',
  cyan: '青',
  gold: '金',
  magenta: '品红',
  geekblue: '深蓝',
  volcano: '火山红',
};

/** 新建 / 编辑 a label: its name (unique in the project), colour and description. */
export function LabelFormModal({
  projectId,
  state,
  onClose,
}: {
  projectId: number;
  state: LabelFormState;
  onClose(): void;
}) {
  const [form] = Form.useForm<LabelBody>();
  const editing = state?.mode === 'edit' ? state.label : null;
  return (
    <ListFormModal<LabelBody, Label>
      open={state !== null}
      title={editing ? '编辑标签' : '新建标签'}
      form={form}
      initialValues={
        editing
          ? {
              name: editing.name,
              color: editing.color as LabelBody['color'],
              description: editing.description,
            }
          : { color: 'blue' }
      }
      save={(body) =>
        editing ? labelsApi.update(projectId, editing.id, body) : labelsApi.create(projectId, body)
      }
      saved={(label) => (editing ? `标签「${label.name}」已保存` : `标签「${label.name}」已新建`)}
      invalidate={labelKeys.all(projectId)}
      onClose={onClose}
      reportError
    >
      <Form.Item
        name="name"
        label="标签名称"
        validateFirst
        validateTrigger={['onChange', 'onBlur']}
        rules={[
          { required: true, whitespace: true, message: '标签名称不能为空' },
          schemaRule(labelBody.shape.name),
          uniqueRule(
            (name) => labelsApi.checkName(projectId, name, editing?.id),
            LabelMessages.NAME_TAKEN,
            32,
          ),
        ]}
      >
        <Input maxLength={32} placeholder="例如 重点监控" />
      </Form.Item>
      <Form.Item name="color" label="颜色">
        <Select
          aria-label="颜色"
          options={LABEL_COLORS.map((color) => ({
            value: color,
            label: <Tag color={color}>{COLOR_NAMES[color]}</Tag>,
          }))}
        />
      </Form.Item>
      <Form.Item name="description" label="描述" rules={[schemaRule(labelBody.shape.description)]}>
        <Input.TextArea maxLength={200} rows={3} />
      </Form.Item>
    </ListFormModal>
  );
}
