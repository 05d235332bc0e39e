import { THEMES, type Theme } from '@iot/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Card, Col, message, Radio, Row, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { http } from '../../../api/http';
import { LoadError } from '../../../components/LoadState';
import { useLoginInfo } from '../../../platform/queries';
import { setSessionTheme } from '../../../platform/session';
import { THEME_LABELS } from '../../../platform/themes';
import { MessageSettingForm } from '../../messages/index';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { ProfileTab } from '../components/ProfileTab';

export type Toast = ReturnType<typeof message.useMessage>[0];
export type LoginInfo = NonNullable<ReturnType<typeof useLoginInfo>['data']>;
const TABS = ['profile', 'password', 'message', 'theme'] as const;

/** 个人中心: profile, password, message preferences and theme of the signed-in user. */
export function UserCenter() {
  const loginInfo = useLoginInfo();
  const { data: info, isLoading } = loginInfo;
  const [toast, toastHolder] = message.useMessage();
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((key) => key === params.get('tab')) ?? 'profile';

  return (
    <Card title="个人中心">
      {toastHolder}
      {isLoading && <Skeleton active paragraph={{ rows: 8 }} />}
      {!isLoading && !info && (
        <LoadError what="个人信息" error={loginInfo.error} onRetry={loginInfo.refetch} />
      )}
      {info && (
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          items={[
            { key: 'profile', label: '基本资料', children: <ProfileTab info={info} toast={toast} /> },
            { key: 'password', label: '修改密码', children: <ChangePasswordForm /> },
            {
              key: 'message',
              label: '消息设置',
              children: <MessageSettingForm />,
            },
            { key: 'theme', label: '主题', children: <ThemeTab current={info.theme} toast={toast} /> },
          ]}
        />
      )}
    </Card>
  );
}

/** Colours of each theme for the preview cards (mirrors app/themes.tsx). */
const gradient = (...stops: string[]) => `linear-gradient(90deg, ${stops.join(', ')})`;
const PREVIEW: Record<Theme, { header: string; sider: string; page: string; accent: string }> = {
  light: { header: '#ffffff', sider: '#ffffff', page: '#f3f5f9', accent: '#1677ff' },
  dark: { header: '#18191d', sider: '#18191d', page: '#101114', accent: '#3c89e8' },
  tech: {
    header: gradient('#061634', '#0b2a5e', '#061634'),
    sider: '#081a3a',
    page: '#06132b',
    accent: '#13c2ff',
  },
  gang: { header: '#2c3e50', sider: '#ffffff', page: '#eef0f2', accent: '#c0392b' },
  huaqing: { header: gradient('#0b6e63', '#0f9d8a'), sider: '#ffffff', page: '#eef7f5', accent: '#0f9d8a' },
};

function ThemePreview({ theme }: { theme: Theme }) {
  const colours = PREVIEW[theme];
  const frame = '1px solid rgba(128, 128, 128, 0.35)';
  return (
    <div style={{ width: 132, height: 80, border: frame, borderRadius: 4, overflow: 'hidden' }}>
      <div style={{ height: 16, background: colours.header, borderBottom: frame }} />
      <div style={{ height: 62, display: 'flex' }}>
        <div style={{ width: 28, background: colours.sider, borderRight: frame }} />
        <div style={{ flex: 1, background: colours.page, padding: 8 }}>
          <div style={{ width: '60%', height: 10, borderRadius: 2, background: colours.accent }} />
        </div>
      </div>
    </div>
  );
}

function ThemeTab({ current, toast }: { current: Theme; toast: Toast }) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Theme | null>(null);
  const save = useMutation({
    mutationFn: (theme: Theme) => http.put<null>('/iot/users/current/theme', { theme }),
    onSuccess: (_, theme) => {
      setChosen(theme);
      setSessionTheme(theme);
      // Re-theme the shell at once, then confirm with the server's answer.
      queryClient.setQueriesData<LoginInfo>({ queryKey: ['loginInfo'] }, (old) => old && { ...old, theme });
      void queryClient.invalidateQueries({ queryKey: ['loginInfo'] });
      toast.success(`已切换为「${THEME_LABELS[theme]}」主题`);
    },
  });
  const value = save.isPending ? save.variables : (chosen ?? current);
  return (
    <Radio.Group
      value={value}
      disabled={save.isPending}
      onChange={(event) => save.mutate(event.target.value as Theme)}
      style={{ width: '100%' }}
    >
      <Row gutter={[16, 16]}>
        {THEMES.map((theme) => (
          <Col key={theme}>
            <Card
              size="small"
              style={{ borderColor: value === theme ? PREVIEW[theme].accent : undefined, borderWidth: 2 }}
            >
              <Radio value={theme} data-testid={`theme-${theme}`}>
                <ThemePreview theme={theme} />
                <div style={{ marginTop: 8 }}>{THEME_LABELS[theme]}</div>
              </Radio>
            </Card>
          </Col>
        ))}
      </Row>
    </Radio.Group>
  );
}
