import { PasswordMessages } from '@iot/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { ApiError, http } from '../../../api/http';
import { confirmPasswordRules, newPasswordRules, PASSWORD_HINT } from './accountRules';
import { fieldIssues } from './fieldIssues';
import './password.css';

/** Spec feature-areas §8: what a changed password is told. */
export const PASSWORD_CHANGED = '密码修改成功！';

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The server's verdicts on a single field go next to that field. */
const FIELD_OF_ERROR: Record<string, keyof PasswordForm | undefined> = {
  [PasswordMessages.OLD_WRONG]: 'oldPassword',
  [PasswordMessages.SAME_AS_OLD]: 'newPassword',
};

/**
 * 修改密码 of the signed-in user (原密码, 新密码, 确认新密码) under the one password rule (decision
 * 0034): in 个人中心 and in the dialog of the avatar menu. `onCancel` adds a 取消 button.
 */
export function ChangePasswordForm({ onDone, onCancel }: { onDone?: () => void; onCancel?: () => void }) {
  const { message: toast } = App.useApp();
  const [form] = Form.useForm<PasswordForm>();
  const [error, setError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: ({ oldPassword, newPassword }: PasswordForm) =>
      http.put<null>('/iot/users/changePassword', { oldPassword, newPassword }, { quiet: true }),
    onMutate: () => setError(null),
    onSuccess: () => {
      void toast.success(PASSWORD_CHANGED);
      form.resetFields();
      onDone?.();
    },
    onError: (failure) => {
      // A refused field (the server checks the same rules) shows its one message under the field.
      const issues = fieldIssues(failure, ['oldPassword', 'newPassword']);
      if (issues.length > 0) return form.setFields(issues);
      const text = failure instanceof ApiError ? failure.message : '密码修改失败，请稍后再试';
      const field = FIELD_OF_ERROR[text];
      if (field) form.setFields([{ name: field, errors: [text] }]);
      else setError(text);
    },
  });
  return (
    <Form
      form={form}
      name="changePassword"
      layout="vertical"
      style={{ maxWidth: 420 }}
      onFinish={(values) => change.mutate(values)}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form.Item
        name="oldPassword"
        label="原密码"
        rules={[{ required: true, message: '请输入原密码' }]}
        validateTrigger="onBlur"
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label="新密码"
        className="password-field"
        rules={newPasswordRules}
        extra={PASSWORD_HINT}
        validateFirst
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label="确认新密码"
        dependencies={['newPassword']}
        rules={confirmPasswordRules}
        validateFirst
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Typography.Paragraph type="secondary">修改后，您在其它设备上的登录将被退出。</Typography.Paragraph>
      <Space>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          确认修改
        </Button>
        {onCancel && <Button onClick={onCancel}>取消</Button>}
      </Space>
    </Form>
  );
}
