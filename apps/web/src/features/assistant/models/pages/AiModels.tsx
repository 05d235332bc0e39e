import { Permission } from '@iot/contracts';
import { AI_MODEL_KIND_LABELS, type AiModel } from '@iot/contracts/assistant';
import { Alert, Button, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { http } from '../../../../api/http';
import { PagedListCard, useRowActions } from '../../../../components/PagedListCard';
import { Permission as Can } from '../../../../platform/routes/currentRoute';
import { AiModelFormModal, type AiModelFormState } from '../components/AiModelFormModal';
import { AiModelTestModal } from '../components/AiModelTestModal';

export const AI_MODELS_KEY = 'aiModels';

/**
 * AI模型 (router-aiModels, system management): the model services the assistant answers with — a
 * system default, and per project an own one; at most one enabled in each. Without any, the
 * built-in analyst answers. The key is write-only: the list shows only whether one is set.
 */
export function AiModels() {
  const [form, setForm] = useState<AiModelFormState>(null);
  const [testing, setTesting] = useState<AiModel | null>(null);
  const actions = useRowActions<AiModel>({
    width: 170,
    before: (m) => (
      <Can bit={Permission.UPDATE}>
        <Button type="link" size="small" onClick={() => setTesting(m)}>
          测试
        </Button>
      </Can>
    ),
    show: false,
    edit: (model) => setForm({ model }),
    remove: {
      confirm: (m) => `确定删除AI模型「${m.name}」吗？`,
      description: '删除后，使用它的项目改由系统默认模型（或内置分析助手）回答。',
      request: (m) => http.delete<null>(`/iot/aiModels/${m.id}`),
      done: (m) => `AI模型「${m.name}」已删除`,
      invalidate: [AI_MODELS_KEY],
    },
  });

  const columns: TableColumnsType<AiModel> = [
    {
      title: '名称',
      dataIndex: 'name',
      width: 180,
      render: (name: string, m) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {AI_MODEL_KIND_LABELS[m.kind]}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '使用范围',
      dataIndex: 'projectId',
      width: 170,
      render: (_: unknown, m) =>
        m.projectId === null ? (
          <Tag color="blue">系统默认</Tag>
        ) : (
          <Tag>{m.projectName || `项目 ${m.projectId}`}</Tag>
        ),
    },
    {
      title: '模型 / 接口地址',
      dataIndex: 'model',
      width: 280,
      render: (model: string, m) => (
        <Space direction="vertical" size={0} style={{ maxWidth: 280 }}>
          <Typography.Text code>{model}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: m.baseUrl }}>
            {m.baseUrl}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: 'API Key',
      dataIndex: 'hasKey',
      width: 90,
      render: (hasKey: boolean) => (hasKey ? <Tag color="green">已设置</Tag> : <Tag>未设置</Tag>),
    },
    {
      title: '深度思考',
      dataIndex: 'supportsThinking',
      width: 90,
      render: (on: boolean) => (on ? '支持' : '—'),
    },
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 80,
      render: (enabled: boolean) => (enabled ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>),
    },
    ...actions,
  ];

  return (
    <>
      <PagedListCard<AiModel>
        title="AI模型"
        what="AI模型列表"
        queryKey={AI_MODELS_KEY}
        url="/iot/aiModels"
        scrollX={1060}
        columns={columns}
        searchPlaceholder="名称、模型、地址或项目"
        searchWidth={220}
        empty="还没有配置AI模型，AI助手由内置分析助手回答"
        counted="个模型"
        noun="模型"
        create={{ onClick: () => setForm({ model: null }) }}
      >
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="项目的AI助手优先使用该项目启用的模型，其次是启用的系统默认模型；都没有时由内置分析助手回答。支持任何 OpenAI 兼容接口（如 DeepSeek、通义千问、本地 vLLM / Ollama）。"
        />
      </PagedListCard>
      <AiModelFormModal state={form} onClose={() => setForm(null)} />
      <AiModelTestModal model={testing} onClose={() => setTesting(null)} />
    </>
  );
}
