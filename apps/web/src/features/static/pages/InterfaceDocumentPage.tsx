import { ApiOutlined } from '@ant-design/icons';
import { MENUS_BY_CODE } from '@iot/contracts/menus';
import { useQuery } from '@tanstack/react-query';
import {
  Card,
  Collapse,
  Descriptions,
  Empty,
  Layout,
  Menu,
  Space,
  Spin,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { LoadError } from '../../../components/LoadState';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useSystemInfo } from '../../../platform/queries';
import { tagSlugs } from '../apiTagSlugs';
import { LIVE_SOCKET_SLUG, LIVE_SOCKET_TITLE, LiveSocketDoc } from './LiveSocketDoc';

/** The parts of an OpenAPI 3.0 document (as the server generates it from zod) this page reads. */
interface JsonSchema {
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
  description?: string;
}
type Content = Record<string, { schema?: JsonSchema }>;
interface Operation {
  summary?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Content };
  responses?: Record<string, { content?: Content }>;
  security?: unknown[];
  'x-permission'?: { menu: string; bit: number; scope: string };
}
interface OpenApiDocument {
  info?: { title?: string; version?: string };
  paths?: Record<string, Record<string, Operation | undefined>>;
}
interface Entry {
  method: string;
  path: string;
  operation: Operation;
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];
const METHOD_COLORS: Record<string, string> = {
  get: 'blue',
  post: 'green',
  put: 'orange',
  delete: 'red',
  patch: 'purple',
};
const BITS: [number, string][] = [
  [1, '查看'],
  [2, '修改'],
  [4, '删除'],
  [8, '新增'],
  [16, '锁定'],
];
const SCOPES: Record<string, string> = {
  system: '系统',
  firm: '网关厂商',
  corporation: '企业',
  project: '项目',
};

async function fetchDocument(): Promise<OpenApiDocument> {
  const response = await fetch('/openapi.json');
  if (!response.ok) throw new Error(`服务器返回 HTTP ${response.status}`);
  return (await response.json()) as OpenApiDocument;
}

/** Operations grouped by their first tag, in the order the server registered them. */
function groupByTag(document: OpenApiDocument): Map<string, Entry[]> {
  const groups = new Map<string, Entry[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? '其它';
      groups.set(tag, [...(groups.get(tag) ?? []), { method, path, operation }]);
    }
  }
  return groups;
}

function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return '-';
  const variants = schema.anyOf ?? schema.oneOf;
  let text: string;
  if (!variants && !schema.type && !schema.properties && schema.const === undefined && schema.nullable)
    return 'null';
  if (variants) text = variants.map(typeOf).join(' | ');
  else if (schema.const !== undefined) text = JSON.stringify(schema.const);
  else {
    const type = Array.isArray(schema.type)
      ? schema.type.join(' | ')
      : (schema.type ?? (schema.properties ? 'object' : 'any'));
    if (type === 'array') {
      const item = typeOf(schema.items);
      text = item.includes('|') ? `(${item})[]` : `${item}[]`;
    } else text = schema.format ? `${type}(${schema.format})` : type;
  }
  return schema.nullable ? `${text} | null` : text;
}

function constraints(schema: JsonSchema | undefined): string {
  if (!schema) return '';
  const parts: string[] = [];
  if (schema.description) parts.push(schema.description);
  if (schema.enum) parts.push(`可选值：${schema.enum.map((v) => JSON.stringify(v)).join('、')}`);
  if (schema.pattern) parts.push(`格式：${schema.pattern}`);
  if (schema.minLength !== undefined || schema.maxLength !== undefined)
    parts.push(`长度：${schema.minLength ?? 0}～${schema.maxLength ?? '不限'}`);
  // zod writes the safe-integer bounds of .int(); they say nothing to a reader.
  const bound = (n: number | undefined) =>
    n === undefined || Math.abs(n) >= Number.MAX_SAFE_INTEGER ? '不限' : n;
  if (bound(schema.minimum) !== '不限' || bound(schema.maximum) !== '不限')
    parts.push(`范围：${bound(schema.minimum)}～${bound(schema.maximum)}`);
  if (schema.default !== undefined) parts.push(`默认：${JSON.stringify(schema.default)}`);
  return parts.join('；');
}

const firstSchema = (content: Content | undefined) => Object.values(content ?? {})[0]?.schema;

interface FieldRow {
  name: string;
  in?: string;
  required: boolean;
  schema?: JsonSchema;
  description?: string;
}

const propertyRows = (schema: JsonSchema): FieldRow[] =>
  Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    required: schema.required?.includes(name) ?? false,
    schema: property,
  }));

/** Parameters (with their location) or the properties of a body schema. */
function FieldTable({ rows, title }: { rows: FieldRow[]; title?: string }) {
  const columns: TableColumnsType<FieldRow> = [
    {
      title: '名称',
      dataIndex: 'name',
      width: 200,
      render: (name: string) => <Typography.Text code>{name}</Typography.Text>,
    },
    ...(rows.some((row) => row.in) ? [{ title: '位置', dataIndex: 'in', width: 80 }] : []),
    { title: '必填', width: 64, render: (_, row) => (row.required ? '是' : '否') },
    { title: '类型', width: 180, render: (_, row) => typeOf(row.schema) },
    { title: '说明', render: (_, row) => row.description ?? (constraints(row.schema) || '-') },
  ];
  return (
    <Table
      size="small"
      pagination={false}
      rowKey={(row) => `${row.in ?? ''}:${row.name}`}
      dataSource={rows}
      columns={columns}
      title={title ? () => title : undefined}
    />
  );
}

/** Names a union member by its discriminator (a property with a single allowed value), e.g. grant_type. */
function variantLabel(variant: JsonSchema, index: number): string {
  for (const [name, property] of Object.entries(variant.properties ?? {})) {
    const only = property.const ?? (property.enum?.length === 1 ? property.enum[0] : undefined);
    if (only !== undefined) return `${name} = ${JSON.stringify(only)}`;
  }
  return `方案 ${index + 1}`;
}

/** A request body: one table, or one per variant of a union (e.g. the grant types of the token call). */
function BodySchema({ schema }: { schema: JsonSchema }) {
  const variants = schema.anyOf ?? schema.oneOf;
  if (schema.properties) return <FieldTable rows={propertyRows(schema)} />;
  if (variants) {
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        {variants.map((variant, index) => (
          <div key={Object.keys(variant.properties ?? {}).join() || index}>
            <Typography.Text type="secondary">{variantLabel(variant, index)}</Typography.Text>
            <BodySchema schema={variant} />
          </div>
        ))}
      </Space>
    );
  }
  return <Typography.Text>{typeOf(schema)}</Typography.Text>;
}

function permissionText(permission: NonNullable<Operation['x-permission']>) {
  const menu =
    permission.menu === '*' ? '任一成员' : (MENUS_BY_CODE.get(permission.menu)?.title ?? permission.menu);
  const bits = BITS.filter(([bit]) => (permission.bit & bit) === bit).map(([bit, label]) => `${label}${bit}`);
  return `${menu}（${permission.menu}）· ${bits.join('、') || permission.bit} · ${SCOPES[permission.scope] ?? permission.scope}范围`;
}

function OperationCard({ entry }: { entry: Entry }) {
  const { operation } = entry;
  const body = firstSchema(operation.requestBody?.content);
  const answer = firstSchema(operation.responses?.['200']?.content);
  // Enveloped answers show their data; raw ones (the OAuth endpoints) the whole body.
  const enveloped = answer?.properties?.data !== undefined;
  const data = enveloped ? answer?.properties?.data : answer;
  const fields = Object.entries((data?.items ?? data)?.properties ?? {}).map(
    ([name, s]) => `${name}: ${typeOf(s)}`,
  );
  const permission = operation['x-permission'];
  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <Tag color={METHOD_COLORS[entry.method]}>{entry.method.toUpperCase()}</Tag>
          <Typography.Text code copyable>
            {entry.path}
          </Typography.Text>
        </Space>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'summary', label: '说明', children: operation.summary ?? '-' },
            {
              key: 'access',
              label: '权限',
              children: permission
                ? permissionText(permission)
                : operation.security?.length === 0
                  ? '公开接口，无需登录'
                  : '登录即可调用',
            },
          ]}
        />
        {operation.parameters && operation.parameters.length > 0 && (
          <FieldTable
            title="参数"
            rows={operation.parameters.map((p) => ({ ...p, required: p.required ?? false }))}
          />
        )}
        {body && (
          <div>
            <Typography.Text strong>请求体</Typography.Text>
            <BodySchema schema={body} />
          </div>
        )}
        <div>
          <Typography.Text strong>{enveloped ? '响应 data：' : '响应：'}</Typography.Text>{' '}
          <Typography.Text code>{typeOf(data)}</Typography.Text>
          {fields.length > 0 && (
            <Typography.Paragraph type="secondary">{fields.join('，')}</Typography.Paragraph>
          )}
          {typeOf(data) !== 'null' && (
            <Collapse
              size="small"
              items={[
                {
                  key: 'raw',
                  label: 'JSON Schema',
                  children: (
                    <pre style={{ margin: 0, overflow: 'auto' }}>{JSON.stringify(data ?? null, null, 2)}</pre>
                  ),
                },
              ]}
            />
          )}
        </div>
      </Space>
    </Card>
  );
}

function Overview({ document, count }: { document: OpenApiDocument; count: number }) {
  return (
    <Card title="接口说明">
      <Typography>
        <Typography.Paragraph>
          {document.info?.title} 的全部 HTTP 接口（共 {count} 个，版本 {document.info?.version ?? '-'}
          ），由服务端校验请求所用的同一份定义生成。请从左侧选择分类。
        </Typography.Paragraph>
        <Typography.Paragraph>
          应答统一为 <Typography.Text code>{'{code, message, data}'}</Typography.Text>：code 20000
          表示成功；40000 为一般错误，40001 为令牌无效，50001 为登录状态已过期，其它 code 时 message
          为服务端说明。
        </Typography.Paragraph>
        <Typography.Paragraph>
          认证：以表单格式调用 <Typography.Text code>POST /iot/oauth/token</Typography.Text>（HTTP Basic
          客户端凭据，grant_type 为 password、sms、client_credentials 或 refresh_token）取得
          access_token，之后的请求携带请求头{' '}
          <Typography.Text code>Authorization: Bearer &lt;access_token&gt;</Typography.Text>。
        </Typography.Paragraph>
        <Typography.Paragraph>
          权限：标注了菜单与权限位的接口，要求调用者的角色在该范围内拥有对应菜单的该权限位（查看1、修改2、删除4、新增8、锁定16）。
        </Typography.Paragraph>
        <Typography.Paragraph>
          机器可读的 OpenAPI 3 文档：<a href="/openapi.json">/openapi.json</a>
        </Typography.Paragraph>
        <Typography.Paragraph>
          实时数值经 WebSocket <Typography.Text code>/data-server/ws</Typography.Text> 推送，报文格式见{' '}
          <Link to={`/interfaceDocument/${LIVE_SOCKET_SLUG}`}>{LIVE_SOCKET_TITLE}</Link>。
        </Typography.Paragraph>
      </Typography>
    </Card>
  );
}

/** Public 接口文档: our own OpenAPI document, one tag at a time (route param subPage = the tag's slug). */
export function InterfaceDocumentPage() {
  const { subPage } = useParams();
  const navigate = useNavigate();
  const { data: system } = useSystemInfo();
  const doc = useQuery({ queryKey: ['openapi'], queryFn: fetchDocument, staleTime: 5 * 60_000, retry: 1 });
  const name = system?.systemName ?? doc.data?.info?.title ?? '物联网监测运维平台';
  useDocumentTitle(`接口文档 - ${name}`);
  const groups = doc.data ? groupByTag(doc.data) : new Map<string, Entry[]>();
  const slugs = tagSlugs([...groups.keys()]);
  const tag = [...slugs].find(([, slug]) => slug === subPage)?.[0];
  const entries = tag ? groups.get(tag) : undefined;
  const count = [...groups.values()].reduce((sum, list) => sum + list.length, 0);

  // An address by tag name (older links, /interfaceDocument/实时数据) moves to the tag's slug.
  if (subPage && !tag && slugs.has(subPage))
    return <Navigate to={`/interfaceDocument/${slugs.get(subPage)}`} replace />;

  let content: ReactNode;
  // The live socket has no OpenAPI: its page is written out and shown whatever the document does.
  if (subPage === LIVE_SOCKET_SLUG) content = <LiveSocketDoc />;
  else if (doc.isLoading) content = <Spin size="large" style={{ display: 'block', margin: '120px auto' }} />;
  else if (doc.isError || !doc.data) {
    content = <LoadError what="接口文档" error={doc.error} onRetry={doc.refetch} />;
  } else if (!subPage) content = <Overview document={doc.data} count={count} />;
  else if (!entries)
    content = <Empty description={`没有名为“${subPage}”的接口分类`} style={{ marginTop: 120 }} />;
  else {
    content = (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {tag}（{entries.length}）
        </Typography.Title>
        {entries.map((entry) => (
          <OperationCard key={`${entry.method} ${entry.path}`} entry={entry} />
        ))}
      </Space>
    );
  }

  return (
    <Layout style={{ minHeight: '100vh', background: 'transparent' }}>
      <header className="shell-header">
        <Link to="/index" className="shell-brand">
          <img src="/favicon.svg" alt="" />
          {name}
        </Link>
        <span>
          <ApiOutlined /> 接口文档
        </span>
        <span className="shell-spacer" />
        <Link to="/index">返回首页</Link>
      </header>
      <Layout style={{ background: 'transparent' }}>
        <Layout.Sider width={240} className="shell-sider" theme="light">
          <Menu
            mode="inline"
            style={{ borderInlineEnd: 'none', background: 'transparent' }}
            selectedKeys={subPage ? [subPage] : []}
            onClick={({ key }) => navigate(`/interfaceDocument/${key}`)}
            items={[
              { key: LIVE_SOCKET_SLUG, label: LIVE_SOCKET_TITLE },
              ...[...groups.entries()].map(([name, list]) => ({
                key: slugs.get(name) ?? name,
                label: `${name}（${list.length}）`,
              })),
            ]}
          />
        </Layout.Sider>
        <Layout.Content className="shell-content">{content}</Layout.Content>
      </Layout>
    </Layout>
  );
}
