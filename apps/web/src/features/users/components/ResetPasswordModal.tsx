import type { User } from '@iot/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal, Typography } from 'antd';
import { http } from '../../../api/http';
import { PASSWORD_HINT, passwordRules } from './accountRules';

/** 重置密码: an administrator sets a new password; the user's sessions end with it. */
export function ResetPasswordModal({ user, onClose }: { user: User | null; onClose(): void }) {
  const [form] = Form.useForm<{ password: string }>();
  const { message } = App.useApp();
  const reset = useMutation({
    mutationFn: ({ password }: { password: string }) =>
      http.put<null>(`/iot/users/${user!.userId}/password`, { password }),
    onSuccess: () => {
      message.success(`「${user!.username}」的密码已重置`);
      onClose();
    },
  });
  return (
    <Modal
      open={user !== null}
      title={`重置密码「${user?.username ?? ''}」`}
      okText="重置"
      confirmLoading={reset.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={480}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => reset.mutate(values)}
        style={{ marginTop: 16 }}
      >
        <Form.Item name="password" label="新密码" rules={passwordRules} validateFirst>
          <Input.Password placeholder={PASSWORD_HINT} autoComplete="new-password" />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">重置后，该用户在所有设备上的登录都将退出。</Typography.Text>
    </Modal>
  );
}
