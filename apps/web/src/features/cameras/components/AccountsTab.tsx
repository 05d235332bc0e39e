import { PlusOutlined } from '@ant-design/icons';
import { Permission } from '@iot/contracts';
import {
  AGG_TYPES,
  AggType,
  AggTypeNames,
  type CameraAccount,
  type CameraAccountBody,
} from '@iot/contracts/cameras';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { tableEmpty } from '../../../components/LoadState';
import { usePermission } from '../../../platform/routes/currentRoute';
import { cameraKeys, camerasApi } from '../api';

/** 摄像头账号: the cloud platforms' AppKey / AppSecret (the secret is write-only: sealed on the server). */
export function AccountsTab({ projectId }: { projectId: number }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const canCreate = usePermission(Permission.CREATE);
  const canUpdate = usePermission(Permission.UPDATE);
  const canDelete = usePermission(Permission.DELETE);
  const [editing, setEditing] = useState<CameraAccount | 'new' | null>(null);
  const [form] = Form.useForm<CameraAccountBody>();
  const query = useQuery({
    queryKey: cameraKeys.accounts(projectId),
    queryFn: () => camerasApi.accounts(projectId),
  });
  const refresh = () => client.invalidateQueries({ queryKey: cameraKeys.all(projectId) });
  const save = useMutation({
    mutationFn: (body: CameraAccountBody) =>
      editing === 'new' || editing === null
        ? camerasApi.createAccount(projectId, body)
        : camerasApi.updateAccount(projectId, editing.id, body),
    onSuccess: async () => {
      message.success('保存成功');
      setEditing(null);
      await refresh();
    },
    onError: (error) => message.error(error.message),
  });
  const remove = useMutation({
    mutationFn: (id: number) => camerasApi.removeAccount(projectId, id),
    onSuccess: async () => {
      message.success('删除成功');
      await refresh();
    },
  });
  const open = (account: CameraAccount | 'new') => {
    setEditing(account);
    form.resetFields();
    if (account !== 'new')
      form.setFieldsValue({
        aggType: account.aggType,
        name: account.name,
        appKey: account.appKey,
        baseUrl: account.baseUrl,
      });
    else form.setFieldsValue({ aggType: AggType.CLOUD_A });
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {canCreate && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
          新建账号
        </Button>
      )}
      <Table<CameraAccount>
        rowKey="id"
        size="middle"
        dataSource={query.data ?? []}
        loading={query.isLoading}
        pagination={false}
        scroll={{ x: 560 }}
        locale={{ emptyText: tableEmpty(query, '摄像头账号', <Empty description="还没有摄像头账号" />) }}
        columns={[
          { title: '名称', dataIndex: 'name' },
          { title: '平台', dataIndex: 'aggType', render: (v: number) => AggTypeNames[v as AggType] ?? v },
          { title: 'AppKey', dataIndex: 'appKey', ellipsis: true },
          {
            title: 'AppSecret',
            dataIndex: 'hasSecret',
            render: (v: boolean) => (v ? <Tag>已保存</Tag> : '—'),
          },
          { title: '摄像头数', dataIndex: 'cameraCount', width: 90 },
          {
            title: '操作',
            width: 130,
            render: (_, row) => (
              <Space size={0}>
                {canUpdate && (
                  <Button type="link" size="small" onClick={() => open(row)}>
                    编辑
                  </Button>
                )}
                {canDelete && (
                  <Popconfirm
                    title="确定删除该账号吗？"
                    onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}
                  >
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? '新建摄像头账号' : '编辑摄像头账号'}
        onCancel={() => setEditing(null)}
        onOk={() => void form.validateFields().then((v) => save.mutate(v))}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="aggType" label="平台" rules={[{ required: true }]}>
            <Select
              options={AGG_TYPES.filter((t) => t !== AggType.HTTP_FLV).map((t) => ({
                value: t,
                label: AggTypeNames[t],
              }))}
            />
          </Form.Item>
          <Form.Item
            name="name"
            label="名称"
            rules={[{ required: true, message: '请输入账号名称' }, { max: 64 }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="appKey" label="AppKey" rules={[{ required: true, message: '请输入 AppKey' }]}>
            <Input />
          </Form.Item>
          <Form.Item
            name="appSecret"
            label="AppSecret"
            rules={editing === 'new' ? [{ required: true, message: '请输入 AppSecret' }] : []}
            extra={editing !== 'new' ? '已加密保存；留空则不修改' : '加密保存，之后不再显示'}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="baseUrl" label="接口地址" extra="留空使用平台的默认地址">
            <Input placeholder="https://" />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
