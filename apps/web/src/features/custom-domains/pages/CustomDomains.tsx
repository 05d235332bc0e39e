import {
  type CustomDomainConfig,
  CustomDomainMessages,
  customDomainBody,
  domainName,
} from '@iot/contracts/custom-domains';
import { Alert, Avatar, Form, Input, Space, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { http } from '../../../api/http';
import { createdAtColumn } from '../../../components/PagedList';
import { ListFormModal, PagedListCard, uniqueRule, useRowActions } from '../../../components/PagedListCard';
import { schemaRule } from '../../../components/schemaRule';

const KEY = 'customDomains';
type FormState = { config: CustomDomainConfig | null } | null;
type DomainForm = Pick<CustomDomainConfig, 'domainName' | 'loginSystemName' | 'logoUrl'>;

/**
 * 自定义域名 (router-customDomain): a customer's own host name; signing in there shows their
 * system name and logo, and the page title follows.
 */
export function CustomDomains() {
  const [form, setForm] = useState<FormState>(null);
  const actions = useRowActions<CustomDomainConfig>({
    width: 130,
    edit: (config) => setForm({ config }),
    remove: {
      confirm: (c) => `确定删除域名「${c.domainName}」吗？`,
      description: '该域名的登录页将显示系统配置的名称。',
      request: (c) => http.delete<null>(`/iot/customDomainConfigs/${c.id}`),
      done: (c) => `域名「${c.domainName}」已删除`,
      invalidate: [KEY],
    },
  });

  const columns: TableColumnsType<CustomDomainConfig> = [
    {
      title: '域名',
      dataIndex: 'domainName',
      width: 220,
      render: (name: string) => (
        <Typography.Link href={`//${name}/login`} target="_blank" rel="noreferrer">
          {name}
        </Typography.Link>
      ),
    },
    {
      title: '登录页系统名称',
      dataIndex: 'loginSystemName',
      width: 200,
      render: (name: string, c) => (
        <Space>
          <Avatar shape="square" size="small" src={c.logoUrl || '/favicon.svg'} />
          {name}
        </Space>
      ),
    },
    createdAtColumn(),
    ...actions,
  ];

  return (
    <>
      <PagedListCard<CustomDomainConfig>
        title="自定义域名"
        what="自定义域名列表"
        queryKey={KEY}
        url="/iot/customDomainConfigs"
        scrollX={800}
        columns={columns}
        searchPlaceholder="域名或系统名称"
        empty="还没有自定义域名"
        counted="个域名"
        create={{ onClick: () => setForm({ config: null }) }}
      >
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="客户把自己的域名解析到本系统后，在该域名下打开的登录页和页面标题显示这里配置的系统名称和 Logo。"
        />
      </PagedListCard>
      <DomainFormModal state={form} onClose={() => setForm(null)} />
    </>
  );
}

function DomainFormModal({ state, onClose }: { state: FormState; onClose(): void }) {
  const [form] = Form.useForm<DomainForm>();
  const config = state?.config ?? null;
  return (
    <ListFormModal<DomainForm, CustomDomainConfig>
      open={state !== null}
      title={config ? `编辑域名「${config.domainName}」` : '新建自定义域名'}
      form={form}
      initialValues={config ?? { domainName: '', loginSystemName: '', logoUrl: '' }}
      save={(v) => {
        const values = {
          domainName: v.domainName.trim(),
          loginSystemName: v.loginSystemName.trim(),
          logoUrl: (v.logoUrl ?? '').trim(),
        };
        return config
          ? http.put<CustomDomainConfig>(`/iot/customDomainConfigs/${config.id}`, values)
          : http.post<CustomDomainConfig>('/iot/customDomainConfigs', values);
      }}
      saved={(saved) => `域名「${saved.domainName}」已${config ? '保存' : '创建'}`}
      invalidate={[KEY]}
      onClose={onClose}
    >
      <Form.Item
        name="domainName"
        label="域名"
        validateFirst
        validateTrigger={['onChange', 'onBlur']}
        rules={[
          { required: true, whitespace: true, message: '请输入域名' },
          schemaRule(domainName),
          uniqueRule(
            (name) =>
              http.get<boolean>('/iot/customDomainConfigs/checkDomainName', {
                params: { domainName: name, excludeId: config?.id },
                quiet: true,
              }),
            CustomDomainMessages.DOMAIN_TAKEN,
          ),
        ]}
      >
        <Input placeholder="如：iot.example.com（不含 http:// 和端口）" maxLength={253} />
      </Form.Item>
      <Form.Item
        name="loginSystemName"
        label="登录页系统名称"
        validateFirst
        rules={[
          { required: true, whitespace: true, message: '请输入登录页系统名称' },
          schemaRule(customDomainBody.shape.loginSystemName),
        ]}
      >
        <Input placeholder="如：滨江水务监测平台" maxLength={32} />
      </Form.Item>
      <Form.Item
        name="logoUrl"
        label="Logo 地址"
        extra="选填；留空时使用系统配置的 Logo"
        rules={[schemaRule(customDomainBody.shape.logoUrl)]}
      >
        <Input placeholder="如：/iot/files/logo.png 或 https://…" maxLength={512} />
      </Form.Item>
    </ListFormModal>
  );
}
