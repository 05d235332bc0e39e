import type { Page } from '@iot/contracts';
import {
  type AiModel,
  type AiModelBody,
  type AiModelProject,
  aiModelBaseUrl,
  aiModelBody,
} from '@iot/contracts/assistant';
import { Form, Input, Radio, Select, Switch } from 'antd';
import { http } from '../../../../api/http';
import { ListFormModal } from '../../../../components/PagedListCard';
import { schemaRule } from '../../../../components/schemaRule';
import { useInfiniteSearch } from '../../../../components/useInfiniteSearch';

export type AiModelFormState = { model: AiModel | null } | null;

interface AiModelForm {
  name: string;
  baseUrl: string;
  model: string;
  apiKey?: string;
  supportsThinking: boolean;
  enabled: boolean;
  scope: 'system' | 'project';
  projectId?: number;
}

const INVALIDATE = ['aiModels'];

/** 新建 / 编辑 AI模型: the key is a password field; on edit, left empty it keeps the stored one. */
export function AiModelFormModal({ state, onClose }: { state: AiModelFormState; onClose(): void }) {
  const [form] = Form.useForm<AiModelForm>();
  const model = state?.model ?? null;
  const scope = Form.useWatch('scope', form);
  const projects = useInfiniteSearch(
    ['aiModels', 'projects'],
    (page, size, keyword) =>
      http.get<Page<AiModelProject>>('/iot/aiModels/projects', { params: { page, size, keyword } }),
    { enabled: state !== null && scope === 'project' },
  );
  // The chosen project stays named while the search shows others.
  const options = projects.items.map((p) => ({ value: p.id, label: p.name }));
  if (model?.projectId && !options.some((o) => o.value === model.projectId))
    options.unshift({ value: model.projectId, label: model.projectName ?? `项目 ${model.projectId}` });
  const shape = aiModelBody.shape;

  return (
    <ListFormModal<AiModelForm, AiModel>
      open={state !== null}
      title={model ? `编辑AI模型「${model.name}」` : '新建AI模型'}
      width={560}
      form={form}
      initialValues={
        model
          ? {
              name: model.name,
              baseUrl: model.baseUrl,
              model: model.model,
              apiKey: '',
              supportsThinking: model.supportsThinking,
              enabled: model.enabled,
              scope: model.projectId === null ? 'system' : 'project',
              ...(model.projectId === null ? {} : { projectId: model.projectId }),
            }
          : {
              name: '',
              baseUrl: '',
              model: '',
              apiKey: '',
              supportsThinking: false,
              enabled: true,
              scope: 'system',
            }
      }
      save={(v) => {
        const body: AiModelBody = {
          name: v.name.trim(),
          kind: 'openai',
          baseUrl: v.baseUrl.trim(),
          model: v.model.trim(),
          supportsThinking: v.supportsThinking,
          enabled: v.enabled,
          projectId: v.scope === 'project' ? (v.projectId ?? null) : null,
          ...(v.apiKey?.trim() ? { apiKey: v.apiKey.trim() } : {}),
        };
        return model
          ? http.put<AiModel>(`/iot/aiModels/${model.id}`, body)
          : http.post<AiModel>('/iot/aiModels', body);
      }}
      saved={(saved) => `AI模型「${saved.name}」已${model ? '保存' : '创建'}`}
      invalidate={INVALIDATE}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label="名称"
        validateFirst
        rules={[{ required: true, whitespace: true, message: '请输入名称' }, schemaRule(shape.name)]}
      >
        <Input placeholder="如：DeepSeek、通义千问" maxLength={32} />
      </Form.Item>
      <Form.Item
        name="baseUrl"
        label="接口地址（Base URL）"
        validateFirst
        extra="OpenAI 兼容接口的地址，调用时在其后加 /chat/completions"
        rules={[{ required: true, whitespace: true, message: '请输入接口地址' }, schemaRule(aiModelBaseUrl)]}
      >
        <Input placeholder="如：https://api.deepseek.com/v1" maxLength={500} />
      </Form.Item>
      <Form.Item
        name="model"
        label="模型名称"
        validateFirst
        rules={[{ required: true, whitespace: true, message: '请输入模型名称' }, schemaRule(shape.model)]}
      >
        <Input placeholder="如：deepseek-chat、qwen-plus" maxLength={128} />
      </Form.Item>
      <Form.Item
        name="apiKey"
        label="API Key"
        extra={
          model
            ? model.hasKey
              ? '已设置；留空则不修改'
              : '未设置；留空则不修改'
            : '加密保存，保存后不再显示；本地服务不需要时可留空'
        }
        rules={[{ max: 512, message: '最多输入512个字符' }]}
      >
        <Input.Password
          placeholder={model ? '留空则不修改' : '如：sk-…'}
          autoComplete="new-password"
          maxLength={512}
        />
      </Form.Item>
      <Form.Item name="scope" label="使用范围">
        <Radio.Group
          optionType="button"
          options={[
            { value: 'system', label: '系统默认' },
            { value: 'project', label: '指定项目' },
          ]}
        />
      </Form.Item>
      {scope === 'project' && (
        <Form.Item name="projectId" label="项目" rules={[{ required: true, message: '请选择项目' }]}>
          <Select
            showSearch
            filterOption={false}
            placeholder="搜索项目名称"
            options={options}
            loading={projects.isFetching}
            onSearch={projects.onSearch}
            onPopupScroll={projects.onPopupScroll}
            notFoundContent={projects.isFetching ? '加载中…' : '没有匹配的项目'}
          />
        </Form.Item>
      )}
      <Form.Item
        name="supportsThinking"
        label="支持深度思考"
        valuePropName="checked"
        extra="模型会先输出推理过程（如 deepseek-reasoner）"
      >
        <Switch />
      </Form.Item>
      <Form.Item name="enabled" label="启用" valuePropName="checked" extra="每个范围只能启用一个模型">
        <Switch />
      </Form.Item>
    </ListFormModal>
  );
}
