import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { mobile } from '@iot/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, message, Result, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, http } from '../../../api/http';
import { PhoneCodeField, useResendCountdown } from '../../../components/PhoneCodeField';
import { schemaRule } from '../../../components/schemaRule';
import { useSystemInfo } from '../../../platform/queries';
import { confirmPasswordRules, newPasswordRules, PASSWORD_HINT } from '../components/accountRules';
import { PASSWORD_CHANGED } from '../components/ChangePasswordForm';
import { fieldIssues } from '../components/fieldIssues';
import '../components/password.css';
import { useDocumentTitle } from '../../../components/useDocumentTitle';

interface ResetForm {
  mobile: string;
  mobileCode: string;
  newPassword: string;
  confirmPassword: string;
}

const failureText = (failure: unknown, fallback: string) =>
  failure instanceof ApiError ? failure.message : fallback;

/** Public 忘记密码 page: prove the mobile with a phone code, then set a new password. */
export function ChangePasswordPage() {
  const { data: system } = useSystemInfo();
  const name = system?.systemName ?? '物联网监测运维平台';
  useDocumentTitle(name);
  const [form] = Form.useForm<ResetForm>();
  const [toast, toastHolder] = message.useMessage();
  const [error, setError] = useState<string | null>(null);
  const [countdown, startCountdown] = useResendCountdown();

  const sendCode = useMutation({
    mutationFn: (mobile: string) =>
      http.post<string>(
        '/iot/users/phoneCode',
        { mobile, mobileCodeType: 'resetPassword' },
        { anonymous: true, quiet: true },
      ),
    onMutate: () => setError(null),
    onSuccess: (answer) => {
      startCountdown();
      toast.success(answer || '验证码已发送');
    },
    onError: (failure) => setError(failureText(failure, '验证码发送失败')),
  });

  const reset = useMutation({
    mutationFn: (values: ResetForm) =>
      http.put<null>(
        '/iot/users/resetPassword',
        { mobile: values.mobile, mobileCode: values.mobileCode.trim(), newPassword: values.newPassword },
        { anonymous: true, quiet: true },
      ),
    onMutate: () => setError(null),
    onSuccess: () => {
      toast.success(PASSWORD_CHANGED);
    },
    onError: (failure) => {
      const issues = fieldIssues(failure, ['mobile', 'mobileCode', 'newPassword']);
      if (issues.length > 0) form.setFields(issues);
      else setError(failureText(failure, '密码修改失败，请稍后再试'));
    },
  });

  // An empty or wrong phone shows its message under the field; nothing is sent and nothing thrown.
  const requestCode = () =>
    form.validateFields(['mobile']).then(
      ({ mobile }) => sendCode.mutate(mobile),
      () => undefined,
    );

  return (
    <div className="centered-page">
      {toastHolder}
      <Card style={{ width: 420 }} styles={{ body: { padding: 32 } }}>
        {reset.isSuccess ? (
          <Result
            status="success"
            title={PASSWORD_CHANGED}
            subTitle="请使用新密码登录。该账号原有的登录会话均已结束。"
            extra={
              <Link to="/login">
                <Button type="primary">返回登录</Button>
              </Link>
            }
          />
        ) : (
          <Space orientation="vertical" size="large" style={{ width: '100%' }}>
            <div style={{ textAlign: 'center' }}>
              <img src="/favicon.svg" alt="" width={48} height={48} />
              <Typography.Title level={3} style={{ margin: '8px 0 0' }}>
                找回密码
              </Typography.Title>
              <Typography.Text type="secondary">{name}</Typography.Text>
            </div>
            {error && <Alert type="error" showIcon title={error} data-testid="change-password-error" />}
            <Form
              form={form}
              layout="vertical"
              requiredMark={false}
              onFinish={(values) => reset.mutate(values)}
            >
              <Form.Item
                name="mobile"
                rules={[{ required: true, message: '请输入手机号' }, schemaRule(mobile)]}
              >
                <Input
                  size="large"
                  prefix={<MobileOutlined />}
                  placeholder="账号绑定的手机号"
                  maxLength={11}
                />
              </Form.Item>
              <PhoneCodeField
                name="mobileCode"
                placeholder="手机验证码"
                countdown={countdown}
                sending={sendCode.isPending}
                onSend={requestCode}
              />
              <Form.Item
                name="newPassword"
                className="password-field"
                rules={newPasswordRules}
                validateFirst
                extra={PASSWORD_HINT}
              >
                <Input.Password
                  size="large"
                  prefix={<LockOutlined />}
                  placeholder="新密码"
                  autoComplete="new-password"
                />
              </Form.Item>
              <Form.Item
                name="confirmPassword"
                dependencies={['newPassword']}
                rules={confirmPasswordRules}
                validateFirst
              >
                <Input.Password
                  size="large"
                  prefix={<LockOutlined />}
                  placeholder="确认新密码"
                  autoComplete="new-password"
                />
              </Form.Item>
              <Button type="primary" htmlType="submit" size="large" block loading={reset.isPending}>
                确认修改
              </Button>
            </Form>
            <Link to="/login">返回登录</Link>
          </Space>
        )}
      </Card>
    </div>
  );
}
