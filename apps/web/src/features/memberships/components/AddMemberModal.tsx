import type { Member } from '@iot/contracts/memberships';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Segmented, Select } from 'antd';
import { useState } from 'react';
import { http } from '../../../api/http';
import type { ScopeApi } from '../../roles/index';
import { AccountFields, accountBody } from '../../users/index';
import { membersKey } from '../api';
import type { RoleOption } from './roleOptions';

type Mode = 'existing' | 'new';

interface AddForm {
  account: string;
  username: string;
  realname: string;
  mobile?: string;
  password: string;
  roleId: number;
}

interface Props {
  api: ScopeApi;
  open: boolean;
  roleOptions: RoleOption[];
  onClose(): void;
}

/** 添加成员: an existing account (username or mobile) or a new one, with a role of this scope. */
export function AddMemberModal({ api, open, roleOptions, onClose }: Props) {
  const [form] = Form.useForm<AddForm>();
  const [mode, setMode] = useState<Mode>('existing');
  const { message } = App.useApp();
  const queryClient = useQueryClient();

  const add = useMutation({
    mutationFn: (values: AddForm) =>
      http.post<Member>(
        api.members,
        mode === 'existing'
          ? { account: values.account.trim(), roleId: values.roleId }
          : { ...accountBody(values), roleId: values.roleId },
      ),
    onSuccess: (member) => {
      message.success(`已添加成员「${member.realname || member.username}」`);
      void queryClient.invalidateQueries({ queryKey: membersKey(api) });
      close();
    },
  });

  const close = () => {
    setMode('existing');
    onClose();
  };

  return (
    <Modal
      open={open}
      title="添加成员"
      okText="添加"
      confirmLoading={add.isPending}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
      width={520}
    >
      <Form<AddForm>
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(values) => add.mutate(values)}
        style={{ marginTop: 16 }}
      >
        <Form.Item>
          <Segmented<Mode>
            block
            value={mode}
            onChange={setMode}
            options={[
              { label: '已有账号', value: 'existing' },
              { label: '新建账号', value: 'new' },
            ]}
          />
        </Form.Item>
        {mode === 'existing' ? (
          <Form.Item
            name="account"
            label="账号或手机号"
            rules={[{ required: true, whitespace: true, message: '请输入账号或手机号' }]}
            extra="输入平台上已有用户的账号或手机号"
          >
            <Input placeholder="账号或手机号" maxLength={64} autoComplete="off" />
          </Form.Item>
        ) : (
          <AccountFields />
        )}
        <Form.Item name="roleId" label="角色" rules={[{ required: true, message: '请选择角色' }]}>
          <Select
            placeholder="请选择角色"
            options={roleOptions}
            aria-label="角色"
            notFoundContent="暂无可选角色"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
