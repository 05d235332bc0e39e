import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  BINDING_ROLES,
  type BindingInput,
  type BindingRole,
  BindingRoleNames,
} from '@iot/contracts/equipment';
import { Button, Select, Space, Typography } from 'antd';
import { GatewayIndicatorPicker } from '../../monitoring';

/**
 * The gateway indicators bound to a piece, one per role (运行信号, 故障信号, 电流, …), each picked
 * from the project's group tree. A form field: value and onChange.
 */
export function BindingsEditor({
  projectId,
  value = [],
  onChange,
}: {
  projectId: number;
  value?: BindingInput[];
  onChange?(next: BindingInput[]): void;
}) {
  const set = (next: BindingInput[]) => onChange?.(next);
  const used = new Set(value.map((b) => b.role));
  const free = BINDING_ROLES.filter((role) => !used.has(role));
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="bindings-editor">
      {value.length === 0 && (
        <Typography.Text type="secondary">
          未绑定指标。绑定运行信号后，状态与运行时长、启动次数由它得出；绑定故障信号后，信号为 1 时显示故障。
        </Typography.Text>
      )}
      {value.map((binding, index) => (
        <Space key={binding.role} wrap style={{ width: '100%' }} align="start">
          <Select<BindingRole>
            aria-label="信号类型"
            value={binding.role}
            style={{ width: 120 }}
            options={[binding.role, ...free].map((role) => ({ value: role, label: BindingRoleNames[role] }))}
            onChange={(role) => set(value.map((b, i) => (i === index ? { ...b, role } : b)))}
          />
          <GatewayIndicatorPicker
            groupId={projectId}
            mode="indicators"
            value={binding.gatewayIndicatorId ? [binding.gatewayIndicatorId] : []}
            // One indicator per role: a newly ticked one replaces the one before.
            onChange={(ids) => {
              const picked = ids.find((id) => id !== binding.gatewayIndicatorId) ?? ids[0];
              set(value.map((b, i) => (i === index ? { ...b, gatewayIndicatorId: picked ?? 0 } : b)));
            }}
            style={{ minWidth: 240, maxWidth: '100%' }}
          />
          <Button
            aria-label={`移除${BindingRoleNames[binding.role]}`}
            icon={<DeleteOutlined />}
            onClick={() => set(value.filter((_, i) => i !== index))}
          />
        </Space>
      ))}
      {free.length > 0 && (
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          onClick={() => set([...value, { role: free[0]!, gatewayIndicatorId: 0 }])}
        >
          添加绑定
        </Button>
      )}
    </Space>
  );
}

/** Every binding names an indicator. */
export const bindingsRule = {
  validator: async (_: unknown, value: BindingInput[] | undefined) => {
    const missing = (value ?? []).find((b) => !b.gatewayIndicatorId);
    if (missing) throw new Error(`请选择${BindingRoleNames[missing.role]}绑定的指标`);
  },
};
