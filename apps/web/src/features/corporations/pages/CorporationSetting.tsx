import { Permission } from '@iot/contracts';
import { type Corporation, CorporationMessages, createCorporationBody } from '@iot/contracts/corporations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Card, Form, Input, Space, Spin } from 'antd';
import { useEffect } from 'react';
import { ApiError, http } from '../../../api/http';
import { LoadError } from '../../../components/LoadState';
import { schemaRule } from '../../../components/schemaRule';
import { usePermission } from '../../../platform/routes/currentRoute';
import { useRouteScope } from '../../../platform/routes/useProjectId';

type SettingForm = Pick<Corporation, 'name' | 'owner' | 'ownerMobile' | 'logoUrl' | 'axisRule'>;

/**
 * 企业设置 (/corporations/groups/{id}/setting): the corporation's name, owner and the owner's mobile
 * (输入的手机号错误), its logo and the charts' axis rule. Read-only without the update bit.
 */
export function CorporationSetting() {
  const scope = useRouteScope();
  const corporationId = scope.type === 'corporation' ? scope.id : 0;
  const canUpdate = usePermission(Permission.UPDATE);
  const [form] = Form.useForm<SettingForm>();
  const logoUrl = Form.useWatch('logoUrl', form);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const url = `/iot/corporations/${corporationId}/setting`;
  const setting = useQuery({
    queryKey: ['corporationSetting', corporationId],
    queryFn: () => http.get<Corporation>(url, { quiet: true }),
    enabled: corporationId > 0,
  });
  useEffect(() => {
    if (setting.data) form.setFieldsValue(setting.data);
  }, [setting.data, form]);
  const save = useMutation({
    mutationFn: (v: SettingForm) =>
      http.put<Corporation>(
        url,
        {
          name: v.name.trim(),
          owner: v.owner.trim(),
          ownerMobile: v.ownerMobile.trim(),
          logoUrl: (v.logoUrl ?? '').trim(),
          axisRule: (v.axisRule ?? '').trim(),
        },
        { quiet: true },
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(['corporationSetting', corporationId], saved);
      void queryClient.invalidateQueries({ queryKey: ['scopeName', 'corporation', corporationId] });
      message.success('公司设置已保存');
    },
    onError: (error) => {
      if (error instanceof ApiError && error.message === CorporationMessages.NAME_TAKEN) {
        form.setFields([{ name: 'name', errors: [CorporationMessages.NAME_TAKEN] }]);
      } else message.error(`保存失败：${error.message}`);
    },
  });

  if (setting.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (setting.isError) return <LoadError what="公司设置" error={setting.error} onRetry={setting.refetch} />;
  const shape = createCorporationBody.shape;
  return (
    <Card title="公司设置" data-testid="corporation-setting">
      <Form<SettingForm>
        form={form}
        layout="vertical"
        disabled={!canUpdate}
        style={{ maxWidth: 560 }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item
          name="name"
          label="公司名称"
          validateFirst
          rules={[{ required: true, whitespace: true, message: '请输入公司名称' }, schemaRule(shape.name)]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="owner"
          label="负责人"
          validateFirst
          rules={[{ required: true, whitespace: true, message: '请输入负责人' }, schemaRule(shape.owner)]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item
          name="ownerMobile"
          label="负责人手机号"
          validateFirst
          rules={[{ required: true, message: '请输入负责人手机号' }, schemaRule(shape.ownerMobile)]}
        >
          <Input placeholder="11位手机号" maxLength={11} />
        </Form.Item>
        <Form.Item label="Logo 地址" extra="图片地址（选填），显示在公司的页面上">
          <Space.Compact style={{ width: '100%' }}>
            <Avatar shape="square" src={logoUrl || undefined} style={{ flex: 'none' }}>
              {setting.data?.name.slice(0, 1) ?? '企'}
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
        {canUpdate && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保 存
          </Button>
        )}
      </Form>
    </Card>
  );
}
