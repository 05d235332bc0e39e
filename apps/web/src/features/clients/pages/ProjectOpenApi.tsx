import { LinkOutlined } from '@ant-design/icons';
import type { IntegrationClient } from '@iot/contracts/clients';
import { Card, Descriptions, type TableColumnsType, Tag, Typography } from 'antd';
import { createdAtColumn } from '../../../components/PagedList';
import { PagedListCard } from '../../../components/PagedListCard';
import { useProjectId } from '../../../platform/routes/useProjectId';

/**
 * 开放接口 of a project (router-openApi): how an integration reads this project's data, and the
 * clients that can (those signing in as one of its members). Clients are registered in the
 * system's 开放平台 (docs/decisions/0039).
 */
export function ProjectOpenApi() {
  const projectId = useProjectId();
  const origin = window.location.origin;
  const columns: TableColumnsType<IntegrationClient> = [
    { title: '名称', dataIndex: 'name', width: 180, ellipsis: true },
    { title: 'clientId', dataIndex: 'clientId', width: 160 },
    { title: '登录账号', dataIndex: 'username', width: 140 },
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 80,
      render: (on: boolean) => (on ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>),
    },
    createdAtColumn(),
  ];
  const token = `curl -X POST ${origin}/iot/oauth/token \\\n  -u <clientId>:<clientSecret> \\\n  -d grant_type=client_credentials -d clientId=<clientId> -d clientSecret=<clientSecret>`;
  const call = `curl -H "Authorization: Bearer <access_token>" \\\n  ${origin}/iot/groups/${projectId}/tree`;
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      <Card
        title="开放接口"
        extra={
          <a href="/interfaceDocument" target="_blank" rel="noreferrer">
            <LinkOutlined /> 接口文档
          </a>
        }
      >
        <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
          <Descriptions.Item label="项目 groupId">
            <Typography.Text copyable>{String(projectId)}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="接口地址">
            <Typography.Text copyable>{origin}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="获取令牌">
            <Typography.Paragraph copyable={{ text: token }} style={{ margin: 0 }}>
              <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{token}</pre>
            </Typography.Paragraph>
          </Descriptions.Item>
          <Descriptions.Item label="调用示例">
            <Typography.Paragraph copyable={{ text: call }} style={{ margin: 0 }}>
              <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{call}</pre>
            </Typography.Paragraph>
          </Descriptions.Item>
        </Descriptions>
        <Typography.Text type="secondary">
          集成客户端由系统管理员在「开放平台」中注册；客户端以所选账号登录，该账号是本项目成员时即可按其角色调用本项目的接口。
        </Typography.Text>
      </Card>
      <PagedListCard<IntegrationClient>
        title="可访问本项目的客户端"
        what="客户端列表"
        queryKey="projectClients"
        url={`/iot/groups/${projectId}/openApi/clients`}
        rowKey="id"
        columns={columns}
        searchPlaceholder="名称、clientId 或账号"
        empty="还没有客户端以本项目成员的账号登录"
        counted="个客户端"
      />
    </div>
  );
}
