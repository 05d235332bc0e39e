import { LinkOutlined } from '@ant-design/icons';
import { type Page, Permission } from '@iot/contracts';
import {
  ClientMessages,
  type ClientWithSecret,
  createClientBody,
  type IntegrationClient,
} from '@iot/contracts/clients';
import type { User } from '@iot/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Popconfirm, Select, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { http } from '../../../api/http';
import { createdAtColumn } from '../../../components/PagedList';
import { PagedListCard, uniqueRule, useRowActions } from '../../../components/PagedListCard';
import { schemaRule } from '../../../components/schemaRule';
import { useInfiniteSearch } from '../../../components/useInfiniteSearch';
import { usePermission } from '../../../platform/routes/currentRoute';
import { SecretModal } from '../components/SecretModal';

const KEY = 'integrationClients';
const base = '/iot/system/clients';

/**
 * 开放平台 (router-openPlatform): integrations that sign in by client credentials as an account,
 * with its permissions. The secret is shown once, at creation or rotation.
 */
export function OpenPlatform() {
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<ClientWithSecret | null>(null);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canUpdate = usePermission(Permission.UPDATE);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [KEY] });
  const toggle = useMutation({
    mutationFn: (c: IntegrationClient) =>
      http.put<IntegrationClient>(`${base}/${c.id}`, { enabled: !c.enabled }),
    onSuccess: (saved) => {
      message.success(`客户端「${saved.name}」已${saved.enabled ? '启用' : '停用'}`);
      void refresh();
    },
  });
  const rotate = useMutation({
    mutationFn: (c: IntegrationClient) => http.post<ClientWithSecret>(`${base}/${c.id}/secret`),
    onSuccess: (saved) => setSecret(saved),
  });
  const actions = useRowActions<IntegrationClient>({
    width: 220,
    before: canUpdate
      ? (c) => (
          <>
            <Button
              type="link"
              size="small"
              disabled={toggle.isPending && toggle.variables?.id === c.id}
              onClick={() => toggle.mutate(c)}
            >
              {c.enabled ? '停用' : '启用'}
            </Button>
            <Popconfirm
              title={`确定重置「${c.name}」的密钥吗？`}
              description="旧密钥立即失效，对接系统须换用新密钥。"
              okText="重置"
              onConfirm={() => rotate.mutateAsync(c).catch(() => undefined)}
            >
              <Button type="link" size="small">
                重置密钥
              </Button>
            </Popconfirm>
          </>
        )
      : undefined,
    remove: {
      confirm: (c) => `确定删除客户端「${c.name}」吗？`,
      description: '删除后该客户端无法再登录。',
      request: (c) => http.delete<null>(`${base}/${c.id}`),
      done: (c) => `客户端「${c.name}」已删除`,
      invalidate: [KEY],
    },
  });

  const columns: TableColumnsType<IntegrationClient> = [
    { title: '名称', dataIndex: 'name', width: 180, ellipsis: true },
    { title: 'clientId', dataIndex: 'clientId', width: 160 },
    { title: '登录账号', dataIndex: 'username', width: 140 },
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 80,
      render: (on: boolean) => (on ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>),
    },
    createdAtColumn(),
    ...actions,
  ];

  return (
    <>
      <PagedListCard<IntegrationClient>
        title="开放平台"
        what="客户端列表"
        queryKey={KEY}
        url={base}
        columns={columns}
        searchPlaceholder="名称、clientId 或账号"
        empty="还没有集成客户端"
        counted="个客户端"
        scrollX={950}
        create={{ onClick: () => setCreating(true) }}
      >
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={
            <span>
              对接系统以 client_credentials 方式调用 POST /iot/oauth/token
              换取访问令牌，权限与所选登录账号相同。
              <a href="/interfaceDocument" target="_blank" rel="noreferrer">
                <LinkOutlined /> 接口文档
              </a>
            </span>
          }
        />
      </PagedListCard>
      <ClientFormModal open={creating} onClose={() => setCreating(false)} onCreated={setSecret} />
      <SecretModal client={secret} onClose={() => setSecret(null)} />
    </>
  );
}

interface ClientForm {
  name: string;
  clientId: string;
  userId: number;
}

function ClientFormModal(props: {
  open: boolean;
  onClose(): void;
  onCreated(client: ClientWithSecret): void;
}) {
  const [form] = Form.useForm<ClientForm>();
  const queryClient = useQueryClient();
  const users = useInfiniteSearch(
    ['users', 'options'],
    (page, size, keyword) => http.get<Page<User>>('/iot/users', { params: { page, size, keyword } }),
    { enabled: props.open },
  );
  const save = useMutation({
    mutationFn: (v: ClientForm) =>
      http.post<ClientWithSecret>(base, { ...v, name: v.name.trim(), clientId: v.clientId.trim() }),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: [KEY] });
      props.onClose();
      props.onCreated(created);
    },
  });
  const shape = createClientBody.shape;
  return (
    <Modal
      open={props.open}
      title="新建集成客户端"
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Form<ClientForm>
        form={form}
        layout="vertical"
        onFinish={(v) => save.mutate(v)}
        style={{ marginTop: 16 }}
      >
        <Form.Item
          name="name"
          label="名称"
          validateFirst
          rules={[{ required: true, whitespace: true, message: '请输入名称' }, schemaRule(shape.name)]}
        >
          <Input placeholder="如：ERP 对接" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="clientId"
          label="clientId"
          validateFirst
          validateTrigger={['onChange', 'onBlur']}
          rules={[
            { required: true, whitespace: true, message: '请输入 clientId' },
            schemaRule(shape.clientId),
            uniqueRule(
              (clientId) => http.get<boolean>(`${base}/checkClientId`, { params: { clientId }, quiet: true }),
              ClientMessages.CLIENT_ID_TAKEN,
            ),
          ]}
        >
          <Input placeholder="字母、数字、下划线和连字符，3～64位" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="userId"
          label="登录账号"
          extra="客户端以该账号登录，权限与该账号相同"
          rules={[{ required: true, message: '请选择登录账号' }]}
        >
          <Select
            showSearch={{ filterOption: false, onSearch: users.onSearch }}
            onPopupScroll={users.onPopupScroll}
            placeholder="搜索账号或姓名"
            loading={users.isFetching}
            notFoundContent={users.isFetching ? '加载中…' : '没有匹配的账号'}
            options={users.items.map((u) => ({ value: u.userId, label: `${u.realname}（${u.username}）` }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
