import { Permission } from '@iot/contracts';
import {
  SIGN_IN_WAY_LABELS,
  SIGN_IN_WAYS,
  SystemMessages,
  type SystemSettings,
  systemSettingsBody,
} from '@iot/contracts/system';
import { THEMES } from '@iot/contracts/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Card, Checkbox, Form, Input, Select, Space, Spin, Switch } from 'antd';
import { http } from '../../../api/http';
import { LoadError } from '../../../components/LoadState';
import { schemaRule } from '../../../components/schemaRule';
import { usePermission } from '../../../platform/routes/currentRoute';
import { THEME_LABELS } from '../../../platform/themes';
import { MapProviderCard } from '../../maps';

const shape = systemSettingsBody.shape;

/**
 * 系统配置 (router-systems): the system's name, what the sign-in page says and shows, the default
 * theme and which ways to sign in are on (docs/decisions/0039).
 */
export function Systems() {
  const [form] = Form.useForm<SystemSettings>();
  const logoUrl = Form.useWatch('logoUrl', form);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canUpdate = usePermission(Permission.UPDATE);
  const settings = useQuery({
    queryKey: ['systemSettings'],
    queryFn: () => http.get<SystemSettings>('/iot/system'),
  });
  const save = useMutation({
    mutationFn: (v: SystemSettings) =>
      http.put<SystemSettings>('/iot/system', {
        ...v,
        systemName: v.systemName.trim(),
        loginTitle: (v.loginTitle ?? '').trim(),
        loginSubtitle: (v.loginSubtitle ?? '').trim(),
        logoUrl: (v.logoUrl ?? '').trim(),
      }),
    onSuccess: (saved) => {
      message.success('系统配置已保存');
      queryClient.setQueryData(['systemSettings'], saved);
      void queryClient.invalidateQueries({ queryKey: ['systemInfo'] });
    },
  });

  if (settings.isError)
    return (
      <Card title="系统配置">
        <LoadError what="系统配置" error={settings.error} onRetry={settings.refetch} />
      </Card>
    );
  return (
    <Card title="系统配置">
      {!settings.data ? (
        <Spin style={{ display: 'block', margin: '80px auto' }} />
      ) : (
        <Form<SystemSettings>
          form={form}
          layout="vertical"
          disabled={!canUpdate}
          initialValues={settings.data}
          onFinish={(v) => save.mutate(v)}
          style={{ maxWidth: 560 }}
        >
          <Form.Item
            name="systemName"
            label="系统名称"
            extra="页面标题和登录页标题；客户自定义域名下显示其配置的名称"
            validateFirst
            rules={[
              { required: true, whitespace: true, message: '请输入系统名称' },
              schemaRule(shape.systemName),
            ]}
          >
            <Input maxLength={32} placeholder="如：物联网监测运维平台" />
          </Form.Item>
          <Form.Item name="loginTitle" label="登录页标语" rules={[schemaRule(shape.loginTitle)]}>
            <Input maxLength={64} placeholder="选填，显示在登录页系统名称下方" />
          </Form.Item>
          <Form.Item name="loginSubtitle" label="登录页说明" rules={[schemaRule(shape.loginSubtitle)]}>
            <Input maxLength={64} placeholder="选填，如：服务热线 400-800-0000" />
          </Form.Item>
          <Form.Item label="登录页 Logo" extra="图片地址，留空使用默认图标">
            <Space.Compact style={{ width: '100%' }}>
              <Avatar shape="square" src={logoUrl || '/favicon.svg'} style={{ flex: 'none' }} />
              <Form.Item name="logoUrl" noStyle rules={[schemaRule(shape.logoUrl)]}>
                <Input maxLength={512} placeholder="如：/iot/files/logo.png 或 https://…" />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
          <Form.Item name="defaultTheme" label="默认主题" extra="登录页的主题，也是此后新建账号的主题">
            <Select
              options={THEMES.map((t) => ({ value: t, label: THEME_LABELS[t] }))}
              style={{ width: 200 }}
            />
          </Form.Item>
          <Form.Item
            name="signInWays"
            label="登录方式"
            extra="关闭的方式不在登录页显示，服务端也不再受理；集成客户端（client_credentials）不受影响"
            rules={[
              {
                validator: async (_, ways: string[] | undefined) => {
                  if (!ways?.includes('password') && !ways?.includes('sms'))
                    throw new Error(SystemMessages.NO_SIGN_IN_WAY);
                },
              },
            ]}
          >
            <Checkbox.Group options={SIGN_IN_WAYS.map((w) => ({ value: w, label: SIGN_IN_WAY_LABELS[w] }))} />
          </Form.Item>
          <Form.Item
            name="guideForNewUsers"
            label="新手引导"
            valuePropName="checked"
            extra="开启后，尚未看完新手引导的账号登录时自动打开一次；随时可从头像菜单打开"
          >
            <Switch checkedChildren="自动打开" unCheckedChildren="不自动打开" />
          </Form.Item>
          {canUpdate && (
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存
            </Button>
          )}
        </Form>
      )}
      {/* 地图服务 (decision 0066): which map service answers, and its sealed key. */}
      <MapProviderCard />
    </Card>
  );
}
