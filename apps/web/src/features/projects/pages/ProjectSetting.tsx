import { Permission } from '@iot/contracts';
import { ProjectMessages, type ProjectSettings, projectSettingBody } from '@iot/contracts/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Avatar,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  Row,
  Space,
  Spin,
  Switch,
  Typography,
} from 'antd';
import { useEffect } from 'react';
import { ApiError, http } from '../../../api/http';
import { LoadError } from '../../../components/LoadState';
import { schemaRule } from '../../../components/schemaRule';
import { useProjectSettings } from '../../../platform/projectSettings';
import { usePermission } from '../../../platform/routes/currentRoute';
import { useScopeGroupId } from '../../groups';

type SettingForm = Pick<
  ProjectSettings,
  | 'name'
  | 'groupDisplayName'
  | 'logoUrl'
  | 'axisRule'
  | 'menuName'
  | 'canEntryData'
  | 'canManageGatewayData'
  | 'canUnbindGateway'
  | 'canChangeBindGateway'
>;

/** The project flags with behaviour (decision 0043), each with what it does when on. */
const FLAGS: { name: keyof SettingForm; label: string; help: string }[] = [
  {
    name: 'canEntryData',
    label: '允许手动录入',
    help: '没有设备上报的网关，可由有数据修复新建权限的成员手动录入指标值（标记为手动录入）',
  },
  {
    name: 'canManageGatewayData',
    label: '允许管理网关数据',
    help: '关闭后，本项目网关指标的新建、修改、删除与物模型导入均被拒绝，只能查看',
  },
  { name: 'canUnbindGateway', label: '允许解绑网关', help: '关闭后，网关管理中不能解绑厂商网关' },
  { name: 'canChangeBindGateway', label: '允许更换网关分组', help: '关闭后，已绑定网关不能更换所在分组' },
];

const shape = projectSettingBody.shape;

/**
 * 项目配置 (router-projectSetting, decision 0045): the project's own settings — name, what it calls
 * its groups, logo, axis rule, the flags with behaviour and the 返回公司 entry's label. Read-only
 * without the update bit; the commercial terms are the system administrator's (资源概览 shows them).
 */
export function ProjectSetting() {
  const groupId = useScopeGroupId();
  const settings = useProjectSettings(groupId);
  const canUpdate = usePermission(Permission.UPDATE);
  const [form] = Form.useForm<SettingForm>();
  const logoUrl = Form.useWatch('logoUrl', form);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const project = settings.data;

  useEffect(() => {
    if (project) form.setFieldsValue(project);
  }, [project, form]);

  const save = useMutation({
    mutationFn: (v: SettingForm) =>
      http.put<ProjectSettings>(
        `/iot/projects/${groupId}`,
        {
          ...v,
          name: v.name.trim(),
          groupDisplayName: v.groupDisplayName.trim(),
          logoUrl: (v.logoUrl ?? '').trim(),
          axisRule: (v.axisRule ?? '').trim(),
          menuName: (v.menuName ?? '').trim(),
        },
        { quiet: true },
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(['project', groupId], saved);
      // Every screen that read the settings (flags, title, breadcrumb) reads them again.
      void queryClient.invalidateQueries({ queryKey: ['project'] });
      void queryClient.invalidateQueries({ queryKey: ['scopeName'] });
      void queryClient.invalidateQueries({ queryKey: ['nav'] });
      message.success('项目配置已保存');
    },
    onError: (error) => {
      if (error instanceof ApiError && error.message === ProjectMessages.NAME_TAKEN)
        form.setFields([{ name: 'name', errors: [ProjectMessages.NAME_TAKEN] }]);
      else message.error(`保存失败：${error.message}`);
    },
  });

  if (settings.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!project)
    return <LoadError what="项目配置" error={settings.error} onRetry={() => settings.refetch()} />;

  return (
    <Card title="项目配置" data-testid="project-setting">
      <Form<SettingForm> form={form} layout="vertical" disabled={!canUpdate} onFinish={(v) => save.mutate(v)}>
        <Row gutter={[32, 8]}>
          <Col xs={24} xl={12}>
            <Section first>基本信息</Section>
            <Form.Item
              name="name"
              label="项目名称"
              validateFirst
              rules={[
                { required: true, whitespace: true, message: '请输入项目名称' },
                schemaRule(shape.name),
              ]}
            >
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item
              name="groupDisplayName"
              label="分组显示名称"
              extra="项目对分组的称呼，如“片区”“厂区”，用于分组树的默认节点等处"
              validateFirst
              rules={[
                { required: true, whitespace: true, message: '请输入分组显示名称' },
                schemaRule(shape.groupDisplayName),
              ]}
            >
              <Input maxLength={16} />
            </Form.Item>
            <Form.Item label="Logo 地址" extra="图片地址（选填），显示在项目卡片上">
              <Space.Compact style={{ width: '100%' }}>
                <Avatar shape="square" src={logoUrl || undefined} style={{ flex: 'none' }}>
                  {project.name.slice(0, 1)}
                </Avatar>
                <Form.Item name="logoUrl" noStyle rules={[schemaRule(shape.logoUrl)]}>
                  <Input placeholder="如：/iot/files/logo.png 或 https://…" maxLength={512} />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
            <Form.Item
              name="axisRule"
              label="坐标轴规则"
              extra="图表坐标轴的取值规则（选填）"
              rules={[schemaRule(shape.axisRule)]}
            >
              <Input placeholder="如：auto" maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} xl={12}>
            <Section first>功能开关</Section>
            {FLAGS.map((flag) => (
              <Flex
                key={flag.name}
                gap={16}
                align="flex-start"
                justify="space-between"
                style={{ marginBottom: 16 }}
              >
                <div style={{ minWidth: 0 }}>
                  <Typography.Text>{flag.label}</Typography.Text>
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {flag.help}
                  </Typography.Text>
                </div>
                <Form.Item name={flag.name} valuePropName="checked" noStyle>
                  <Switch
                    checkedChildren="开"
                    unCheckedChildren="关"
                    aria-label={flag.label}
                    style={{ flex: 'none' }}
                  />
                </Form.Item>
              </Flex>
            ))}
            <Section>返回公司</Section>
            <Form.Item label="所属公司" style={{ marginBottom: 8 }}>
              <Typography.Text data-testid="project-corporation">
                {project.corporationName ?? '未归属公司'}
              </Typography.Text>
            </Form.Item>
            <Form.Item
              name="menuName"
              label="入口名称"
              extra={
                project.corporationId === null
                  ? '项目归属公司后，公司成员在项目菜单顶部看到返回公司的入口'
                  : `公司成员在项目菜单顶部看到此入口（对您${project.hasBackCorporationMenu ? '显示' : '不显示'}）；留空为“返回公司”`
              }
              rules={[schemaRule(shape.menuName)]}
            >
              <Input placeholder="返回公司" maxLength={32} />
            </Form.Item>
          </Col>
        </Row>
        {canUpdate ? (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保 存
          </Button>
        ) : (
          <Typography.Text type="secondary">您只能查看项目配置，修改需要项目配置的修改权限。</Typography.Text>
        )}
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        付费状态、套餐、监测项上限与短信、语音、对话额度由平台管理员设置，见资源概览。
      </Typography.Paragraph>
    </Card>
  );
}

/** A section's heading inside the form. */
function Section({ children, first = false }: { children: string; first?: boolean }) {
  return (
    <Typography.Title level={5} style={{ margin: first ? '0 0 12px' : '8px 0 12px' }}>
      {children}
    </Typography.Title>
  );
}
