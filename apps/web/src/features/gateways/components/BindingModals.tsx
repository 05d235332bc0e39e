import type { Gateway } from '@iot/contracts/gateways';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { ApiError } from '../../../api/http';
import { LoadError } from '../../../components/LoadState';
import { useInfiniteSearch } from '../../../components/useInfiniteSearch';
import { type BindInput, type GatewayScope, gatewayKeys, gatewaysApi } from '../api';
import { aliasRules } from './formRules';
import { GroupSelect } from './GroupSelect';

const TWO_WAY = ['onChange', 'onBlur'];

function useDone(scope: GatewayScope, onClose: () => void) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return {
    onSuccess: (text: string) => {
      void queryClient.invalidateQueries({ queryKey: gatewayKeys.all(scope) });
      message.success(text);
      onClose();
    },
    onError: (error: unknown) => {
      // Not returned: message.error's promise settles when the toast closes; the mutation would wait.
      message.error(error instanceof ApiError ? error.message : '操作失败');
    },
  };
}

/** Binds a firm's gateway to the project: the serial number and the bind code from its label. */
export function BindModal({
  groupId,
  open,
  onClose,
}: {
  groupId: number;
  open: boolean;
  onClose: () => void;
}) {
  const scope: GatewayScope = { kind: 'project', groupId };
  const [form] = Form.useForm<BindInput>();
  const done = useDone(scope, onClose);
  const bind = useMutation({
    mutationFn: (values: BindInput) => gatewaysApi.bind(groupId, values),
    onSuccess: (gateway) => done.onSuccess(`网关「${gateway.alias}」已绑定`),
    onError: done.onError,
  });
  return (
    <Modal
      open={open}
      title="绑定网关"
      okText="绑定"
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={bind.isPending}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="绑定网关厂商生产的网关：填写设备标签上的序列号与 8 位绑定码。绑定后网关的指标计入本项目的指标配额。"
      />
      <Form
        form={form}
        name="gatewayBind"
        layout="vertical"
        preserve={false}
        onFinish={(values) => bind.mutate(values)}
      >
        <Form.Item
          name="serialNumber"
          label="序列号"
          rules={[{ required: true, whitespace: true, message: '请输入序列号' }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="bindCode"
          label="绑定码"
          rules={[{ required: true, whitespace: true, message: '请输入绑定码' }]}
        >
          <Input maxLength={16} style={{ textTransform: 'uppercase' }} />
        </Form.Item>
        <Form.Item
          name="alias"
          label="网关别名"
          validateTrigger={TWO_WAY}
          validateFirst
          rules={aliasRules(scope)}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="groupId" label="所属分组">
          <GroupSelect groupId={groupId} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Moves a gateway to another area or site of the same project. */
export function ChangeBindModal({
  groupId,
  gateway,
  onClose,
}: {
  groupId: number;
  gateway: Gateway | null;
  onClose: () => void;
}) {
  const scope: GatewayScope = { kind: 'project', groupId };
  const [form] = Form.useForm<{ groupId: number }>();
  const done = useDone(scope, onClose);
  const change = useMutation({
    mutationFn: (target: number) => gatewaysApi.changeBind(groupId, gateway!.id, target),
    onSuccess: () => done.onSuccess(`网关「${gateway?.alias}」已更换分组`),
    onError: done.onError,
  });
  return (
    <Modal
      open={gateway !== null}
      title={`更换绑定分组：${gateway?.alias ?? ''}`}
      okText="确定"
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={change.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        name="gatewayChangeBind"
        layout="vertical"
        preserve={false}
        initialValues={{ groupId: gateway?.groupId ?? groupId }}
        onFinish={(values) => change.mutate(values.groupId)}
      >
        <Form.Item name="groupId" label="新的分组" rules={[{ required: true, message: '请选择分组' }]}>
          <GroupSelect groupId={groupId} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Moves a gateway with its gateway indicators to another of the user's projects. */
export function TransferModal({
  groupId,
  gateway,
  onClose,
}: {
  groupId: number;
  gateway: Gateway | null;
  onClose: () => void;
}) {
  const scope: GatewayScope = { kind: 'project', groupId };
  const [form] = Form.useForm<{ targetGroupId: number }>();
  const done = useDone(scope, onClose);
  const projects = useInfiniteSearch(['gatewayTransferProjects'], gatewaysApi.myProjects, {
    enabled: gateway !== null,
  });
  const transfer = useMutation({
    mutationFn: (target: number) => gatewaysApi.transfer(groupId, gateway!.id, target),
    onSuccess: () => done.onSuccess(`网关「${gateway?.alias}」已转移`),
    onError: done.onError,
  });
  const options = projects.items.filter((p) => p.id !== groupId).map((p) => ({ value: p.id, label: p.name }));
  return (
    <Modal
      open={gateway !== null}
      title={`转移网关：${gateway?.alias ?? ''}`}
      okText="转移"
      okButtonProps={{ danger: true }}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={transfer.isPending}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title="网关连同它的网关指标转移到目标项目：目标项目中按名称匹配指标（没有则创建），并占用目标项目的指标配额。转移后本项目不再能看到该网关。"
      />
      <Form
        form={form}
        name="gatewayTransfer"
        layout="vertical"
        preserve={false}
        onFinish={(values) => transfer.mutate(values.targetGroupId)}
      >
        <Form.Item
          name="targetGroupId"
          label="目标项目"
          rules={[{ required: true, message: '请选择目标项目' }]}
        >
          <Select
            options={options}
            loading={projects.isFetching}
            showSearch={{ filterOption: false, onSearch: projects.onSearch }}
            onPopupScroll={projects.onPopupScroll}
            notFoundContent={
              projects.isFetching ? (
                '加载中…'
              ) : projects.isError ? (
                <LoadError compact what="项目列表" error={projects.error} onRetry={projects.refetch} />
              ) : (
                '没有其它可转移到的项目'
              )
            }
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
