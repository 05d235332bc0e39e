import type { Member } from '@iot/contracts/memberships';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal, Select } from 'antd';
import { http } from '../../../api/http';
import type { ScopeApi } from '../../roles/index';
import { membersKey } from '../api';
import type { RoleOption } from './roleOptions';

interface Props {
  api: ScopeApi;
  member: Member | null;
  roleOptions: RoleOption[];
  onClose(): void;
}

/** 修改角色: a member gets another role of the same scope. */
export function ChangeRoleModal({ api, member, roleOptions, onClose }: Props) {
  const [form] = Form.useForm<{ roleId: number }>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: ({ roleId }: { roleId: number }) =>
      http.put<Member>(`${api.members}/${member!.userId}`, { roleId }),
    onSuccess: (saved) => {
      message.success(`「${saved.realname || saved.username}」的角色已改为「${saved.roleName}」`);
      void queryClient.invalidateQueries({ queryKey: membersKey(api) });
      onClose();
    },
  });
  return (
    <Modal
      open={member !== null}
      title={`修改角色「${member?.realname || member?.username || ''}」`}
      okText="保存"
      confirmLoading={change.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={440}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ roleId: member?.roleId }}
        onFinish={(values) => change.mutate(values)}
        style={{ marginTop: 16 }}
      >
        <Form.Item name="roleId" label="角色" rules={[{ required: true, message: '请选择角色' }]}>
          <Select placeholder="请选择角色" options={roleOptions} aria-label="角色" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
