import {
  DingdingOutlined,
  LockOutlined,
  MobileOutlined,
  UserOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import { mobile } from '@iot/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/http';
import { PhoneCodeField, useResendCountdown } from '../../../components/PhoneCodeField';
import { schemaRule } from '../../../components/schemaRule';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useSystemInfo } from '../../../platform/queries';
import { getSession, lastRoute } from '../../../platform/session';
import { ThemeScope } from '../../../platform/themes';
import { loginWithPassword, loginWithSms, sendPhoneCode } from '../api';

/** Where a signed-in user belongs: the address asked for (this site's only), else the last screen, else 我的项目. */
function homeOf(params: URLSearchParams): string {
  const asked = params.get('redirect');
  const own = asked?.startsWith('/') && !asked.startsWith('//') && !asked.startsWith('/login');
  return (own ? asked : null) || lastRoute() || '/projects';
}

/**
 * Password and SMS-code sign-in; every failure is shown with the server's exact message. A user
 * already signed in is sent on to where they belong instead of seeing the form again.
 */
export function LoginPage() {
  // Signed in when the page opened: a sign-in made on this form navigates by itself (after clearing
  // the previous menus), so only the session found on arrival redirects.
  const [signedIn] = useState(() => getSession() !== null);
  const [params] = useSearchParams();
  if (signedIn) return <Navigate to={homeOf(params)} replace />;
  return <LoginForm params={params} />;
}

function LoginForm({ params }: { params: URLSearchParams }) {
  const { data: system } = useSystemInfo();
  const name = system?.systemName ?? '物联网监测运维平台';
  useDocumentTitle(name);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const signIn = async (attempt: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await attempt();
      // Menus and routes are regenerated after each sign-in.
      queryClient.clear();
      navigate(homeOf(params), { replace: true });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : '登录失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  };

  // 系统配置: the ways turned on (both until the settings arrive, so the form does not jump).
  const passwordOn = system?.passwordLoginEnabled ?? true;
  const smsOn = system?.smsLoginEnabled ?? true;
  const page = (
    <div className="centered-page">
      <Card style={{ width: 400 }} styles={{ body: { padding: 32 } }}>
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <div style={{ textAlign: 'center' }}>
            <img src={system?.logoUrl || '/favicon.svg'} alt="" width={48} height={48} />
            <Typography.Title level={3} style={{ margin: '8px 0 0' }}>
              {name}
            </Typography.Title>
            {system?.loginTitle && (
              <Typography.Paragraph style={{ margin: '4px 0 0' }} data-testid="login-title">
                {system.loginTitle}
              </Typography.Paragraph>
            )}
            {system?.loginSubtitle && (
              <Typography.Text type="secondary" data-testid="login-subtitle">
                {system.loginSubtitle}
              </Typography.Text>
            )}
          </div>
          {error && <Alert type="error" showIcon message={error} data-testid="login-error" />}
          <Tabs
            centered
            onChange={() => setError(null)}
            items={[
              passwordOn && {
                key: 'password',
                label: '账号密码登录',
                children: (
                  <Form
                    layout="vertical"
                    requiredMark={false}
                    onFinish={(values: { username: string; password: string }) =>
                      signIn(() => loginWithPassword(values.username.trim(), values.password))
                    }
                  >
                    <Form.Item
                      name="username"
                      rules={[{ required: true, whitespace: true, message: '请输入账号' }]}
                    >
                      <Input
                        size="large"
                        prefix={<UserOutlined />}
                        placeholder="账号或手机号"
                        autoComplete="username"
                      />
                    </Form.Item>
                    <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
                      <Input.Password
                        size="large"
                        prefix={<LockOutlined />}
                        placeholder="密码"
                        autoComplete="current-password"
                      />
                    </Form.Item>
                    <Button type="primary" htmlType="submit" size="large" block loading={busy}>
                      登录
                    </Button>
                  </Form>
                ),
              },
              smsOn && {
                key: 'sms',
                label: '手机验证码登录',
                children: (
                  <SmsForm
                    busy={busy}
                    onError={setError}
                    onSubmit={(m, c) => signIn(() => loginWithSms(m, c))}
                  />
                ),
              },
            ].filter((item) => item !== false)}
          />
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Typography.Link href="/changePassword">忘记密码</Typography.Link>
            <Space>
              {system?.weixinEnabled && (
                <Button shape="circle" icon={<WechatOutlined />} aria-label="微信登录" />
              )}
              {system?.dingdingEnabled && (
                <Button shape="circle" icon={<DingdingOutlined />} aria-label="钉钉登录" />
              )}
            </Space>
          </Space>
        </Space>
      </Card>
    </div>
  );
  // The sign-in page wears 系统配置's default theme (a signed-out visitor has no theme of their own);
  // always inside the scope, so the form is not remounted when the settings arrive.
  return <ThemeScope theme={system?.defaultTheme ?? 'light'}>{page}</ThemeScope>;
}

function SmsForm(props: {
  busy: boolean;
  onError(message: string | null): void;
  onSubmit(mobile: string, code: string): void;
}) {
  const [form] = Form.useForm<{ mobile: string; code: string }>();
  const [countdown, startCountdown] = useResendCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    const { mobile } = await form.validateFields(['mobile']);
    setSending(true);
    props.onError(null);
    try {
      await sendPhoneCode(mobile);
      startCountdown();
    } catch (failure) {
      props.onError(failure instanceof ApiError ? failure.message : '验证码发送失败');
    } finally {
      setSending(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(v) => props.onSubmit(v.mobile, v.code.trim())}
    >
      <Form.Item name="mobile" rules={[{ required: true, message: '请输入手机号' }, schemaRule(mobile)]}>
        <Input size="large" prefix={<MobileOutlined />} placeholder="手机号" maxLength={11} />
      </Form.Item>
      <PhoneCodeField
        name="code"
        placeholder="验证码"
        countdown={countdown}
        sending={sending}
        onSend={send}
      />
      <Button type="primary" htmlType="submit" size="large" block loading={props.busy}>
        登录
      </Button>
    </Form>
  );
}
