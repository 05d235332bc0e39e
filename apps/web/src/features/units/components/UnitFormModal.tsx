import { type Unit, type UnitBody, UnitMessages, unitBody } from '@iot/contracts/units';
import { Form, Input } from 'antd';
import { ListFormModal, uniqueRule } from '../../../components/PagedListCard';
import { schemaRule } from '../../../components/schemaRule';
import { unitKeys, unitsApi } from '../api';

export type UnitFormState = { mode: 'create' } | { mode: 'edit'; unit: Unit } | null;

/** 新建 / 编辑 a project unit: the symbol (unique with the built-in set), its meaning and category. */
export function UnitFormModal({
  projectId,
  state,
  onClose,
}: {
  projectId: number;
  state: UnitFormState;
  onClose(): void;
}) {
  const [form] = Form.useForm<UnitBody>();
  const editing = state?.mode === 'edit' ? state.unit : null;
  return (
    <ListFormModal<UnitBody, Unit>
      open={state !== null}
      title={editing ? '编辑单位' : '新建单位'}
      form={form}
      initialValues={
        editing
          ? { name: editing.name, description: editing.description, category: editing.category }
          : undefined
      }
      save={(body) =>
        editing ? unitsApi.update(projectId, editing.id, body) : unitsApi.create(projectId, body)
      }
      saved={(unit) => (editing ? `单位「${unit.name}」已保存` : `单位「${unit.name}」已新建`)}
      invalidate={unitKeys.all(projectId)}
      onClose={onClose}
      reportError
    >
      <Form.Item
        name="name"
        label="单位符号"
        extra={
          editing && editing.usedBy > 0
            ? `有 ${editing.usedBy} 个指标使用该单位，修改符号后这些指标随之改用新符号`
            : '显示在数值之后，例如 mg/m³'
        }
        validateFirst
        rules={[
          { required: true, whitespace: true, message: '单位符号不能为空' },
          schemaRule(unitBody.shape.name),
          uniqueRule((name) => unitsApi.checkName(projectId, name, editing?.id), UnitMessages.NAME_TAKEN, 32),
        ]}
        validateTrigger={['onChange', 'onBlur']}
      >
        <Input maxLength={16} placeholder="例如 mg/m³" />
      </Form.Item>
      <Form.Item name="description" label="名称" rules={[schemaRule(unitBody.shape.description)]}>
        <Input maxLength={64} placeholder="例如 毫克每立方米" />
      </Form.Item>
      <Form.Item name="category" label="类别" rules={[schemaRule(unitBody.shape.category)]}>
        <Input maxLength={32} placeholder="例如 浓度" />
      </Form.Item>
    </ListFormModal>
  );
}
