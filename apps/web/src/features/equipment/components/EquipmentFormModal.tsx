import {
  type Equipment,
  type EquipmentBody,
  EquipmentMessages,
  equipmentBody,
  MANUAL_STATUSES,
  ManualStatusNames,
} from '@iot/contracts/equipment';
import { Col, DatePicker, Form, Input, InputNumber, Row, Select, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ListFormModal, uniqueRule } from '../../../components/PagedListCard';
import { schemaRule } from '../../../components/schemaRule';
import { UnfoldedTreeSelect } from '../../../components/UnfoldedTreeSelect';
import { useLabelOptions } from '../../labels';
import { equipmentApi, equipmentKeys } from '../api';
import { AttachmentsField } from './AttachmentsField';
import { BindingsEditor, bindingsRule } from './BindingsEditor';
import { useGroupOptions } from './groupOptions';

export type EquipmentFormState = { mode: 'create' } | { mode: 'edit'; equipment: Equipment } | null;

type FormValues = Omit<EquipmentBody, 'installDate' | 'warrantyEnd'> & {
  installDate: Dayjs | null;
  warrantyEnd: Dayjs | null;
};

const shape = equipmentBody.shape;
const day = (text: string | null) => (text ? dayjs(text) : null);
const text = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : null);

function initial(equipment: Equipment | null): Partial<FormValues> {
  if (!equipment) return { manualStatus: 'normal', bindings: [], labelIds: [], attachments: [] };
  return {
    name: equipment.name,
    code: equipment.code,
    category: equipment.category,
    model: equipment.model,
    manufacturer: equipment.manufacturer,
    serialNumber: equipment.serialNumber,
    groupId: equipment.groupId,
    installDate: day(equipment.installDate),
    warrantyEnd: day(equipment.warrantyEnd),
    ratedCapacity: equipment.ratedCapacity,
    ratedUnit: equipment.ratedUnit,
    labelIds: equipment.labels.map((l) => l.id),
    attachments: equipment.attachments,
    manualStatus: equipment.manualStatus,
    bindings: equipment.bindings.map((b) => ({ role: b.role, gatewayIndicatorId: b.gatewayIndicatorId })),
    remark: equipment.remark,
  };
}

/** 新建 / 编辑 a piece of equipment: its ledger fields, bound indicators, labels and attachments. */
export function EquipmentFormModal({
  projectId,
  state,
  onClose,
}: {
  projectId: number;
  state: EquipmentFormState;
  onClose(): void;
}) {
  const [form] = Form.useForm<FormValues>();
  const editing = state?.mode === 'edit' ? state.equipment : null;
  const groups = useGroupOptions(projectId);
  const labels = useLabelOptions(projectId);
  const half = { xs: 24, sm: 12 };
  return (
    <ListFormModal<FormValues, Equipment>
      open={state !== null}
      title={editing ? '编辑设备' : '新建设备'}
      width={760}
      form={form}
      initialValues={initial(editing)}
      save={(values) => {
        const body: EquipmentBody = {
          ...values,
          groupId: values.groupId ?? null,
          ratedCapacity: values.ratedCapacity ?? null,
          installDate: text(values.installDate),
          warrantyEnd: text(values.warrantyEnd),
          labelIds: values.labelIds ?? [],
          attachments: values.attachments ?? [],
          bindings: values.bindings ?? [],
        };
        return editing
          ? equipmentApi.update(projectId, editing.id, body)
          : equipmentApi.create(projectId, body);
      }}
      saved={(piece) => (editing ? `设备「${piece.name}」已保存` : `设备「${piece.name}」已新建`)}
      invalidate={equipmentKeys.all(projectId)}
      onClose={onClose}
      reportError
    >
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item
            name="name"
            label="设备名称"
            rules={[{ required: true, whitespace: true, message: '请输入设备名称' }, schemaRule(shape.name)]}
          >
            <Input maxLength={64} placeholder="例如 1号提升泵" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="code"
            label="设备编码"
            validateFirst
            validateTrigger={['onChange', 'onBlur']}
            rules={[
              { required: true, whitespace: true, message: '请输入设备编码' },
              schemaRule(shape.code),
              uniqueRule(
                (code) => equipmentApi.checkCode(projectId, code, editing?.id),
                EquipmentMessages.CODE_TAKEN,
                32,
              ),
            ]}
          >
            <Input maxLength={32} placeholder="项目内唯一，例如 P-001" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="category" label="类别" rules={[schemaRule(shape.category)]}>
            <Input maxLength={32} placeholder="例如 泵、风机" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="groupId" label="位置（区域、站点或监测点）">
            <UnfoldedTreeSelect
              aria-label="位置"
              allowClear
              loading={groups.loading}
              treeData={groups.options}
              placeholder="项目下"
              showSearch
              treeNodeFilterProp="title"
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="model" label="型号" rules={[schemaRule(shape.model)]}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="manufacturer" label="生产厂家" rules={[schemaRule(shape.manufacturer)]}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="serialNumber" label="出厂编号" rules={[schemaRule(shape.serialNumber)]}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item label="额定容量" style={{ marginBottom: 0 }}>
            <Row gutter={8}>
              <Col span={14}>
                <Form.Item name="ratedCapacity">
                  <InputNumber aria-label="额定容量" min={0} max={1e9} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={10}>
                <Form.Item name="ratedUnit" rules={[schemaRule(shape.ratedUnit)]}>
                  <Input aria-label="容量单位" maxLength={16} placeholder="单位" />
                </Form.Item>
              </Col>
            </Row>
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="installDate" label="安装日期">
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="warrantyEnd"
            label="质保截止"
            dependencies={['installDate']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_, value: Dayjs | null) => {
                  const installed = getFieldValue('installDate') as Dayjs | null;
                  if (value && installed && value.isBefore(installed, 'day'))
                    throw new Error(EquipmentMessages.WARRANTY_BEFORE_INSTALL);
                },
              }),
            ]}
          >
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="manualStatus" label="人工状态">
            <Select
              aria-label="人工状态"
              options={MANUAL_STATUSES.map((s) => ({ value: s, label: ManualStatusNames[s] }))}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="labelIds" label="标签">
            <Select
              aria-label="标签"
              mode="multiple"
              allowClear
              loading={labels.isLoading}
              optionFilterProp="title"
              options={(labels.data ?? []).map((l) => ({
                value: l.id,
                title: l.name,
                label: <Tag color={l.color}>{l.name}</Tag>,
              }))}
              placeholder={labels.data?.length === 0 ? '项目还没有标签' : '选择标签'}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="bindings" label="绑定指标" rules={[bindingsRule]}>
        <BindingsEditor projectId={projectId} />
      </Form.Item>
      <Form.Item name="attachments" label="附件">
        <AttachmentsField projectId={projectId} />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={[schemaRule(shape.remark)]}>
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
    </ListFormModal>
  );
}
