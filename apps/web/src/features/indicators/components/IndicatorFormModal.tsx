import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  INDICATOR_TYPES,
  type Indicator,
  type IndicatorEnum,
  IndicatorMessages,
  type IndicatorType,
  indicatorBody,
  indicatorEnum,
  MAX_DECIMAL_PLACES,
} from '@iot/contracts/indicators';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { useEffect } from 'react';
import { ApiError } from '../../../api/http';
import { UnitSelect } from '../../units/index';
import { type IndicatorInput, indicatorKeys, indicatorsApi } from '../api';
import { parseInto, schemaRule } from './formRules';

export type IndicatorFormState = { mode: 'create' } | { mode: 'edit'; indicator: Indicator } | null;

interface Values {
  name: string;
  type: IndicatorType;
  unit?: string;
  decimalPlaces?: number;
  indicatorEnums?: Partial<IndicatorEnum>[];
}

/** Which fields a type has: decimals for floats, a unit for numbers, values for enums. */
const HAS_UNIT: Record<IndicatorType, boolean> = {
  float: true,
  integer: true,
  boolean: false,
  text: false,
  enum: false,
};

export const TYPE_OPTIONS = Object.entries(INDICATOR_TYPES).map(([value, label]) => ({ value, label }));

/** The body the server takes, with fields a type does not have cleared. */
function bodyOf(values: Values): IndicatorInput {
  return {
    name: values.name,
    type: values.type,
    unit: HAS_UNIT[values.type] ? (values.unit ?? '') : '',
    decimalPlaces: values.type === 'float' ? (values.decimalPlaces ?? 2) : 0,
    indicatorEnums:
      values.type === 'enum'
        ? (values.indicatorEnums ?? []).map((e) => ({ value: e.value as number, label: e.label ?? '' }))
        : [],
  };
}

/** 新建 / 编辑 a project indicator: name, type and the type's own fields (unit, decimals, enum values). */
export function IndicatorFormModal({
  groupId,
  state,
  onClose,
}: {
  groupId: number;
  state: IndicatorFormState;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const editing = state?.mode === 'edit' ? state.indicator : null;

  useEffect(() => {
    if (!state) return;
    form.resetFields();
    if (state.mode === 'edit') {
      const { name, type, unit, decimalPlaces, indicatorEnums } = state.indicator;
      form.setFieldsValue({ name, type, unit, decimalPlaces, indicatorEnums });
    } else {
      form.setFieldsValue({ type: 'float', decimalPlaces: 2, unit: '', indicatorEnums: [] });
    }
  }, [state, form]);

  const save = useMutation({
    mutationFn: (body: IndicatorInput) =>
      editing ? indicatorsApi.update(groupId, editing.id, body) : indicatorsApi.create(groupId, body),
    onSuccess: (saved) => {
      message.success(editing ? `指标「${saved.name}」已保存` : `指标「${saved.name}」已创建`);
      void queryClient.invalidateQueries({ queryKey: indicatorKeys.indicators(groupId) });
      // Gateway indicators carry their indicator's name, unit and decimals.
      void queryClient.invalidateQueries({ queryKey: ['gatewayIndicators', groupId] });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.message === IndicatorMessages.NAME_TAKEN)
        form.setFields([{ name: 'name', errors: [error.message] }]);
      else if (error instanceof ApiError && error.message === IndicatorMessages.TYPE_IN_USE)
        form.setFields([{ name: 'type', errors: [error.message] }]);
      else message.error(error.message);
    },
  });

  const submit = async () => {
    // A refused validation shows on the fields; nothing more to do with it here.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = parseInto(indicatorBody, bodyOf(values), form);
    if (body) save.mutate(body);
  };

  return (
    <Modal
      open={state !== null}
      title={editing ? `编辑指标「${editing.name}」` : '新建指标'}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="indicator"
        preserve={false}
        onValuesChange={(changed: Partial<Values>) => {
          // The list's own rule (values unique) is rechecked as values change once it has spoken.
          if (changed.indicatorEnums && form.getFieldError(['indicatorEnums']).length > 0)
            form.validateFields([['indicatorEnums']]).catch(() => undefined);
        }}
      >
        <Form.Item
          name="name"
          label="指标名称"
          rules={[
            { required: true, whitespace: true, message: '请输入指标名称' },
            schemaRule(indicatorBody.shape.name),
          ]}
        >
          <Input maxLength={64} placeholder="如：化学需氧量" />
        </Form.Item>
        <Form.Item
          name="type"
          label="指标类型"
          rules={[{ required: true, message: '请选择指标类型' }]}
          extra={editing && editing.usedCount > 0 ? IndicatorMessages.TYPE_IN_USE : undefined}
        >
          <Select options={TYPE_OPTIONS} disabled={editing !== null && editing.usedCount > 0} />
        </Form.Item>
        {type && HAS_UNIT[type] && (
          <Form.Item name="unit" label="单位" rules={[schemaRule(indicatorBody.shape.unit)]}>
            <UnitSelect projectId={groupId} />
          </Form.Item>
        )}
        {type === 'float' && (
          <Form.Item
            name="decimalPlaces"
            label="小数位数"
            extra={`设备上报的数值按此位数四舍五入后保存和显示（0～${MAX_DECIMAL_PLACES}）`}
            rules={[
              { required: true, message: '请输入小数位数' },
              schemaRule(indicatorBody.shape.decimalPlaces.unwrap()),
            ]}
          >
            <InputNumber min={0} max={MAX_DECIMAL_PLACES} precision={0} style={{ width: 160 }} />
          </Form.Item>
        )}
        {type === 'enum' && <EnumValues />}
      </Form>
    </Modal>
  );
}

/** The values of an enum indicator: at least one, each value once (the contracts' rule). */
function EnumValues() {
  return (
    <Form.List
      name="indicatorEnums"
      rules={[
        {
          validator: async (_, enums: Partial<IndicatorEnum>[] | undefined) => {
            if (!enums?.length) throw new Error(IndicatorMessages.ENUMS_REQUIRED);
            const values = enums.map((e) => e?.value).filter((v) => v !== undefined && v !== null);
            if (new Set(values).size !== values.length) throw new Error(IndicatorMessages.ENUMS_UNIQUE);
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <Form.Item label="枚举值" required>
          {fields.map((field) => (
            <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
              <Form.Item
                name={[field.name, 'value']}
                rules={[{ required: true, message: '请输入值' }, schemaRule(indicatorEnum.shape.value)]}
              >
                <InputNumber placeholder="值" precision={0} aria-label="枚举值" style={{ width: 120 }} />
              </Form.Item>
              <Form.Item
                name={[field.name, 'label']}
                rules={[
                  { required: true, whitespace: true, message: '请输入含义' },
                  schemaRule(indicatorEnum.shape.label),
                ]}
              >
                <Input
                  placeholder="含义，如：运行"
                  aria-label="枚举含义"
                  maxLength={32}
                  style={{ width: 240 }}
                />
              </Form.Item>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label="删除枚举值"
                onClick={() => remove(field.name)}
              />
            </Space>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ value: fields.length })}
            style={{ width: 396 }}
          >
            添加枚举值
          </Button>
          <Form.ErrorList errors={errors} />
        </Form.Item>
      )}
    </Form.List>
  );
}
