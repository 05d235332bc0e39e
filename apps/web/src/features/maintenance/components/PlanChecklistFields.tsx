import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { MEDICINES, PlanMessages } from '@iot/contracts/maintenance';
import { Button, Checkbox, Divider, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import type { PlanFormValues } from './planForm';

/** 检查项 of the plan form, and 加药 when the plan's types include dosing. */
export function PlanChecklistFields() {
  const form = Form.useFormInstance<PlanFormValues>();
  const types = Form.useWatch('types', form) ?? [];
  return (
    <>
      <div>
        <Typography.Text strong>检查项</Typography.Text>
      </div>
      <Form.List name="checklist">
        {(fields, { add, remove }) => (
          <div style={{ marginTop: 8 }}>
            {fields.map((field) => (
              <Space key={field.key} align="baseline" wrap style={{ display: 'flex' }}>
                <Form.Item
                  name={[field.name, 'text']}
                  rules={[{ required: true, whitespace: true, message: '请填写检查内容' }]}
                >
                  <Input placeholder="检查内容" maxLength={100} style={{ width: 180 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'expected']}>
                  <Input placeholder="期望（如 正常）" maxLength={64} style={{ width: 120 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'min']}>
                  <InputNumber placeholder="下限" style={{ width: 80 }} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'max']}
                  dependencies={[['checklist', field.name, 'min']]}
                  rules={[
                    ({ getFieldValue }) => ({
                      validator: async (_, max: number | null | undefined) => {
                        const min = getFieldValue(['checklist', field.name, 'min']);
                        if (typeof min === 'number' && typeof max === 'number' && min > max)
                          throw new Error(PlanMessages.RANGE_INVALID);
                      },
                    }),
                  ]}
                >
                  <InputNumber placeholder="上限" style={{ width: 80 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'unit']}>
                  <Input placeholder="单位" maxLength={16} style={{ width: 64 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'photoRequired']} valuePropName="checked">
                  <Checkbox>需拍照</Checkbox>
                </Form.Item>
                <MinusCircleOutlined aria-label="删除检查项" onClick={() => remove(field.name)} />
              </Space>
            ))}
            <Button type="dashed" onClick={() => add({ photoRequired: false })} icon={<PlusOutlined />}>
              添加检查项
            </Button>
          </div>
        )}
      </Form.List>

      {types.includes(4) && (
        <>
          <Divider titlePlacement="start" plain>
            加药
          </Divider>
          <Form.List
            name="dosing"
            rules={[
              {
                validator: async (_, list: unknown[] | undefined) => {
                  if (!list || list.length === 0) throw new Error(PlanMessages.DOSING_REQUIRED);
                },
              },
            ]}
          >
            {(fields, { add, remove }, { errors }) => (
              <div>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline" wrap style={{ display: 'flex' }}>
                    <Form.Item
                      name={[field.name, 'medicine']}
                      rules={[{ required: true, message: '请选择药剂' }]}
                    >
                      <Select
                        aria-label="药剂"
                        placeholder="药剂"
                        style={{ width: 170 }}
                        options={MEDICINES.map((m) => ({ value: m, label: m }))}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'quantity']}
                      rules={[{ required: true, message: '请填写用量' }]}
                    >
                      <InputNumber placeholder="用量" min={0.001} style={{ width: 110 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'unit']}>
                      <Input placeholder="kg" maxLength={16} style={{ width: 64 }} />
                    </Form.Item>
                    <MinusCircleOutlined aria-label="删除药剂" onClick={() => remove(field.name)} />
                  </Space>
                ))}
                <Button type="dashed" onClick={() => add({ unit: 'kg' })} icon={<PlusOutlined />}>
                  添加药剂
                </Button>
                <Form.ErrorList errors={errors} />
              </div>
            )}
          </Form.List>
        </>
      )}
    </>
  );
}
