import {
  type PackageKind,
  type ResourcePackage,
  type ResourcePackageBody,
  resourcePackageBody,
} from '@iot/contracts/purchases';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Modal, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { http } from '../../../api/http';
import { LoadError, tableEmpty } from '../../../components/LoadState';
import { schemaRule } from '../../../components/schemaRule';
import { yuanText } from './orderLabels';

const KIND_LABELS: Record<PackageKind, string> = {
  setMeal: '监测项套餐',
  message: '短信资源包',
  voice: '语音资源包',
};
const KEY = ['resourcePackages', 'all'];
const rule = (field: keyof typeof resourcePackageBody.shape) => schemaRule(resourcePackageBody.shape[field]);

/** The packages on sale: a system administrator changes names, quantities, prices and what is offered. */
export function PackagesPanel({ canUpdate }: { canUpdate: boolean }) {
  const packages = useQuery({
    queryKey: KEY,
    queryFn: () => http.get<ResourcePackage[]>('/iot/resourcePackages', { quiet: true }),
  });
  const [editing, setEditing] = useState<ResourcePackage | null>(null);
  return (
    <Card title="套餐与资源包" data-testid="packages-panel">
      {packages.isError && !packages.data ? (
        <LoadError inline what="套餐列表" error={packages.error} onRetry={() => void packages.refetch()} />
      ) : (
        <Table<ResourcePackage>
          rowKey="key"
          size="small"
          loading={packages.isLoading}
          pagination={false}
          dataSource={packages.data ?? []}
          scroll={{ x: 640 }}
          locale={{ emptyText: tableEmpty(packages, '套餐列表', '没有套餐') }}
          columns={[
            { title: '类别', dataIndex: 'kind', width: 110, render: (k: PackageKind) => KIND_LABELS[k] },
            { title: '名称', dataIndex: 'name', width: 150 },
            { title: '数量', dataIndex: 'quantity', width: 90 },
            {
              title: '价格',
              dataIndex: 'annualCharge',
              width: 130,
              render: (c: number, p) => `${yuanText(c)}${p.kind === 'setMeal' ? '/年' : '/份'}`,
            },
            {
              title: '状态',
              dataIndex: 'enabled',
              width: 80,
              render: (on: boolean) => (on ? <Tag color="success">在售</Tag> : <Tag>停售</Tag>),
            },
            ...(canUpdate
              ? [
                  {
                    title: '操作',
                    key: 'actions',
                    width: 80,
                    render: (_: unknown, p: ResourcePackage) => (
                      <Button type="link" size="small" onClick={() => setEditing(p)}>
                        编辑
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {editing && <PackageModal pkg={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function PackageModal({ pkg, onClose }: { pkg: ResourcePackage; onClose(): void }) {
  const [form] = Form.useForm<ResourcePackageBody>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: ResourcePackageBody) =>
      http.put<ResourcePackage>(`/iot/resourcePackages/${pkg.key}`, body),
    onSuccess: () => {
      message.success('套餐已保存');
      void queryClient.invalidateQueries({ queryKey: ['resourcePackages'] });
      onClose();
    },
  });
  return (
    <Modal
      open
      title={`编辑${KIND_LABELS[pkg.kind]}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<ResourcePackageBody>
        form={form}
        layout="vertical"
        initialValues={pkg}
        onFinish={(v) => save.mutate(resourcePackageBody.parse(v))}
      >
        <Form.Item
          name="name"
          label="名称"
          rules={[{ required: true, message: '名称不能为空' }, rule('name')]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item
          name="quantity"
          label={pkg.kind === 'setMeal' ? '监测项数量' : '条数 / 次数'}
          rules={[{ required: true, message: '请输入数量' }, rule('quantity')]}
        >
          <InputNumber style={{ width: '100%' }} min={1} precision={0} />
        </Form.Item>
        <Form.Item
          name="annualCharge"
          label={pkg.kind === 'setMeal' ? '年费（元）' : '价格（元/份）'}
          rules={[{ required: true, message: '请输入价格' }, rule('annualCharge')]}
        >
          <InputNumber style={{ width: '100%' }} min={0} precision={2} />
        </Form.Item>
        <Form.Item name="sort" label="排序">
          <InputNumber style={{ width: '100%' }} min={0} precision={0} />
        </Form.Item>
        <Form.Item name="enabled" label="在售" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
