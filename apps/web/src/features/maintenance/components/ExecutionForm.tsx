import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { type ExecutionBody, MEDICINES } from '@iot/contracts/maintenance';
import { Button, Flex, Form, type FormInstance, Input, InputNumber, Radio, Select, Typography } from 'antd';
import type { ReactNode } from 'react';
import { AttachmentUpload } from './Attachments';

/** What the form holds: the execution report less the note (the result is the timeline's note). */
export type ExecutionValues = Omit<ExecutionBody, 'note'>;

export const EMPTY_EXECUTION: ExecutionValues = {
  checklist: [],
  measurements: [],
  dosing: [],
  result: '',
  attachments: [],
};

const MEDICINE_OPTIONS = MEDICINES.map((m) => ({ value: m, label: m }));

function Rows({
  name,
  title,
  add,
  addText,
  children,
}: {
  name: string;
  title: string;
  add: object;
  addText: string;
  children: (field: { name: number; key: number }) => ReactNode;
}) {
  return (
    <Form.List name={name}>
      {(fields, { add: append, remove }) => (
        <div style={{ marginBottom: 16 }}>
          <Typography.Text strong>{title}</Typography.Text>
          {fields.map((field) => (
            <Flex key={field.key} gap={8} wrap align="start" style={{ marginTop: 8 }}>
              {children(field)}
              <Button
                type="text"
                aria-label="删除此行"
                icon={<MinusCircleOutlined />}
                onClick={() => remove(field.name)}
              />
            </Flex>
          ))}
          <Button
            type="dashed"
            size="small"
            icon={<PlusOutlined />}
            style={{ marginTop: 8, display: 'flex' }}
            onClick={() => append(add)}
          >
            {addText}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

const required = (message: string) => [{ required: true, whitespace: true, message }];

/**
 * The execution report (提交结果): checklist results, measured values, dosing of the core §3
 * medicines, the result, and photos taken on the spot. Narrow enough for a phone (the /m field page
 * reuses it); the caller owns the form and sends it with the submit action.
 */
export function ExecutionForm({
  groupId,
  orderId,
  form,
  onFinish,
  disabled = false,
}: {
  groupId: number;
  orderId: number;
  form: FormInstance<ExecutionValues>;
  onFinish: (values: ExecutionValues) => void;
  disabled?: boolean;
}) {
  return (
    <Form<ExecutionValues>
      form={form}
      layout="vertical"
      initialValues={EMPTY_EXECUTION}
      onFinish={onFinish}
      disabled={disabled}
      data-testid="execution-form"
    >
      <Rows name="checklist" title="检查项" add={{ item: '', ok: true, value: '' }} addText="添加检查项">
        {(field) => (
          <>
            <Form.Item
              name={[field.name, 'item']}
              rules={required('请填写检查项')}
              style={{ flex: '1 1 160px', margin: 0 }}
            >
              <Input placeholder="检查项，如 格栅无堵塞" maxLength={100} aria-label="检查项" />
            </Form.Item>
            <Form.Item name={[field.name, 'ok']} style={{ margin: 0 }}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: true, label: '正常' },
                  { value: false, label: '异常' },
                ]}
              />
            </Form.Item>
            <Form.Item name={[field.name, 'value']} style={{ flex: '1 1 100px', margin: 0 }}>
              <Input placeholder="说明（可选）" maxLength={100} aria-label="检查说明" />
            </Form.Item>
          </>
        )}
      </Rows>
      <Rows name="measurements" title="测量值" add={{ name: '', value: null, unit: '' }} addText="添加测量值">
        {(field) => (
          <>
            <Form.Item
              name={[field.name, 'name']}
              rules={required('请填写名称')}
              style={{ flex: '1 1 120px', margin: 0 }}
            >
              <Input placeholder="名称，如 余氯" maxLength={64} aria-label="测量名称" />
            </Form.Item>
            <Form.Item
              name={[field.name, 'value']}
              rules={[{ required: true, message: '请填写数值' }]}
              style={{ margin: 0 }}
            >
              <InputNumber placeholder="数值" style={{ width: 110 }} aria-label="测量数值" />
            </Form.Item>
            <Form.Item name={[field.name, 'unit']} style={{ margin: 0 }}>
              <Input placeholder="单位" maxLength={16} style={{ width: 80 }} aria-label="测量单位" />
            </Form.Item>
          </>
        )}
      </Rows>
      <Rows
        name="dosing"
        title="加药"
        add={{ medicine: MEDICINES[0], quantity: null, unit: 'kg' }}
        addText="添加加药"
      >
        {(field) => (
          <>
            <Form.Item
              name={[field.name, 'medicine']}
              rules={[{ required: true, message: '请选择药剂' }]}
              style={{ flex: '1 1 150px', margin: 0 }}
            >
              <Select options={MEDICINE_OPTIONS} aria-label="药剂" />
            </Form.Item>
            <Form.Item
              name={[field.name, 'quantity']}
              rules={[{ required: true, message: '请填写投加量' }]}
              style={{ margin: 0 }}
            >
              <InputNumber min={0} placeholder="投加量" style={{ width: 110 }} aria-label="投加量" />
            </Form.Item>
            <Form.Item name={[field.name, 'unit']} style={{ margin: 0 }}>
              <Input placeholder="单位" maxLength={16} style={{ width: 80 }} aria-label="投加单位" />
            </Form.Item>
          </>
        )}
      </Rows>
      <Form.Item label="处理结果" name="result" rules={required('请填写处理结果')}>
        <Input.TextArea rows={3} maxLength={2000} showCount placeholder="现场情况与处理经过" />
      </Form.Item>
      <Form.Item label="现场照片" name="attachments" extra="最多 9 张，每张不超过 10MB">
        <AttachmentUpload groupId={groupId} orderId={orderId} photos />
      </Form.Item>
    </Form>
  );
}
