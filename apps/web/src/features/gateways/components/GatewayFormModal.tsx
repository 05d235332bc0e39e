import { GATEWAY_MODELS, GATEWAY_TYPES, type Gateway } from '@iot/contracts/gateways';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import { ApiError } from '../../../api/http';
import { type GatewayScope, gatewayKeys, gatewaysApi, type ProjectGatewayInput } from '../api';
import { aliasRules, batchRules, iccidRules, serialNumberRules } from './formRules';
import { GatewayTypeSelect } from './GatewayTypeSelect';
import { GroupSelect } from './GroupSelect';
import type { ShownSecret } from './SecretModal';

export type GatewayFormState = { mode: 'create' } | { mode: 'edit'; gateway: Gateway } | null;

const typeOptions = Object.entries(GATEWAY_TYPES).map(([value, label]) => ({ value, label }));
const modelOptions = Object.entries(GATEWAY_MODELS).map(([value, label]) => ({ value, label }));
const TWO_WAY = ['onChange', 'onBlur'];

/** Creates a gateway (its secret and bind code are then shown once) or edits one. */
export function GatewayFormModal({
  scope,
  state,
  onClose,
  onCreated,
}: {
  scope: GatewayScope;
  state: GatewayFormState;
  onClose: () => void;
  onCreated: (shown: ShownSecret) => void;
}) {
  const [form] = Form.useForm<ProjectGatewayInput>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const editing = state?.mode === 'edit' ? state.gateway : null;

  const save = useMutation({
    mutationFn: async (values: ProjectGatewayInput) => {
      if (!editing) return { created: await gatewaysApi.create(scope, values) };
      const { groupId: _group, ...fields } = values;
      const body = scope.kind === 'firm' ? { ...fields, serialNumber: editing.serialNumber } : fields;
      await gatewaysApi.update(scope, editing.id, body);
      return { created: null };
    },
    onSuccess: ({ created }) => {
      void queryClient.invalidateQueries({ queryKey: gatewayKeys.all(scope) });
      onClose();
      if (created) {
        onCreated({
          title: `网关「${created.alias}」已创建`,
          serialNumber: created.serialNumber,
          secret: created.secret,
          bindCode: created.bindCode,
        });
      } else message.success('已保存');
    },
    onError: (error) => {
      // Not returned: message.error's promise settles when the toast closes; the mutation would wait.
      message.error(error instanceof ApiError ? error.message : '保存失败');
    },
  });

  return (
    <Modal
      open={state !== null}
      title={editing ? `编辑网关「${editing.alias}」` : '新建网关'}
      okText="保存"
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      {/* Not forceRender: a hidden forceRender dialog stays on antd's Esc stack and takes the key
          from the open one (issue 11, item 8). The form is built afresh at each opening. */}
      <Form
        form={form}
        name="gatewayForm"
        layout="vertical"
        preserve={false}
        initialValues={editing ?? { type: 'ordinary', model: 'direct', groupId: null }}
        onFinish={(values) => save.mutate(values)}
        requiredMark
      >
        <Form.Item
          name="serialNumber"
          label="序列号"
          validateTrigger={TWO_WAY}
          validateFirst
          rules={editing ? [] : serialNumberRules(scope)}
          extra={editing ? '序列号是设备的身份，创建后不能修改' : '设备连接平台时以序列号为用户名'}
        >
          <Input disabled={editing !== null} maxLength={64} placeholder="字母、数字、- 和 _" />
        </Form.Item>
        <Form.Item
          name="alias"
          label="网关别名"
          validateTrigger={TWO_WAY}
          validateFirst
          rules={aliasRules(scope, editing?.id)}
        >
          <Input maxLength={64} />
        </Form.Item>
        {!editing && (
          <Form.Item
            name="typeId"
            label="套用网关类型"
            extra="选择后，网关类型、型号、指标与 Modbus 点位取自该类型"
          >
            <GatewayTypeSelect
              owner={
                scope.kind === 'firm'
                  ? { kind: 'firm', id: scope.firmId }
                  : { kind: 'project', id: scope.groupId }
              }
            />
          </Form.Item>
        )}
        <Form.Item noStyle dependencies={['typeId']}>
          {() => {
            const typed = !editing && Boolean(form.getFieldValue('typeId'));
            return (
              <>
                <Form.Item name="type" label="网关类型">
                  <Select options={typeOptions} disabled={typed} />
                </Form.Item>
                <Form.Item name="model" label="网关型号">
                  <Select options={modelOptions} disabled={typed} />
                </Form.Item>
              </>
            );
          }}
        </Form.Item>
        <Form.Item name="iccid" label="ICCID" rules={iccidRules}>
          <Input maxLength={20} placeholder="19～20位数字或字母，可不填" />
        </Form.Item>
        <Form.Item name="batchOrContract" label="批次或合同号" rules={batchRules}>
          <Input maxLength={64} />
        </Form.Item>
        {scope.kind === 'project' && !editing && (
          <Form.Item name="groupId" label="所属分组">
            <GroupSelect groupId={scope.groupId} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
