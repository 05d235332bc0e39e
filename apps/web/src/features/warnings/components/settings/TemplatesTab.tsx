import { Permission } from '@iot/contracts';
import { type MessageTemplate, type MessageType, TEMPLATE_PLACEHOLDERS } from '@iot/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  Form,
  type GetRef,
  Input,
  type InputRef,
  Popconfirm,
  Row,
  Space,
  Spin,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { LoadError } from '../../../../components/LoadState';
import { usePermission } from '../../../../platform/routes/currentRoute';
import { settingsKeys, templatesApi, useProjectSummary, useTemplates } from '../../settings-api';
import { clearIssuesOnChange, showServerIssues } from './formFeedback';
import { fillTemplate, insertPlaceholder, sampleValues } from './templatePreview';

type Field = 'title' | 'content';
type TextAreaRef = GetRef<typeof Input.TextArea>;
interface Values {
  title: string;
  content: string;
}

/** 消息模板: per message type, the title and content with `{placeholders}`, a preview, reset to default. */
export function TemplatesTab({ groupId }: { groupId: number }) {
  const templates = useTemplates(groupId);
  const [type, setType] = useState<MessageType>('warning');
  const chosen = templates.data?.find((t) => t.type === type);

  if (templates.isError)
    return <LoadError what="消息模板" error={templates.error} onRetry={templates.refetch} />;
  if (!templates.data) return <Spin style={{ display: 'block', margin: '60px auto' }} />;
  return (
    <Tabs
      tabPosition="left"
      activeKey={type}
      onChange={(key) => setType(key as MessageType)}
      items={templates.data.map((t) => ({
        key: t.type,
        label: (
          <Space size={6}>
            {t.typeName}
            {!t.isDefault && <Tag color="blue">已自定义</Tag>}
          </Space>
        ),
        children: chosen && t.type === type ? <TemplateEditor groupId={groupId} template={chosen} /> : null,
      }))}
    />
  );
}

function TemplateEditor({ groupId, template }: { groupId: number; template: MessageTemplate }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canUpdate = usePermission(Permission.UPDATE);
  const project = useProjectSummary(groupId);
  const title = Form.useWatch('title', form) ?? template.title;
  const content = Form.useWatch('content', form) ?? template.content;
  const titleRef = useRef<InputRef>(null);
  const contentRef = useRef<TextAreaRef>(null);
  const lastField = useRef<Field>('content');
  const samples = useMemo(() => sampleValues(project.data?.name ?? '示例项目'), [project.data?.name]);

  // The saved template is what the form starts from, again after a save or a reset.
  useEffect(() => {
    form.setFieldsValue({ title: template.title, content: template.content });
  }, [form, template.title, template.content]);

  const onSaved = (saved: MessageTemplate, text: string) => {
    message.success(text);
    queryClient.setQueryData<MessageTemplate[]>(settingsKeys.templates(groupId), (list) =>
      list?.map((t) => (t.type === saved.type ? saved : t)),
    );
  };
  const save = useMutation({
    mutationFn: (values: Values) => templatesApi.save(groupId, template.type, values),
    onSuccess: (saved) => onSaved(saved, `「${saved.typeName}」模板已保存`),
    onError: (error) => showServerIssues(error, form, message.error, { title: 'title', content: 'content' }),
  });
  const reset = useMutation({
    mutationFn: () => templatesApi.reset(groupId, template.type),
    onSuccess: (saved) => onSaved(saved, `「${saved.typeName}」已恢复默认模板`),
  });

  /** Puts `{name}` where the caret was in the field last edited. */
  const insert = (name: string) => {
    const field = lastField.current;
    const element =
      field === 'title' ? titleRef.current?.input : contentRef.current?.resizableTextArea?.textArea;
    const text = (form.getFieldValue(field) as string | undefined) ?? '';
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? start;
    const next = insertPlaceholder(text, name, start, end);
    form.setFieldValue(field, next.text);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.caret, next.caret);
    });
  };

  return (
    <Row gutter={24}>
      <Col xs={24} xl={14}>
        <Form<Values>
          form={form}
          layout="vertical"
          name="messageTemplate"
          onValuesChange={clearIssuesOnChange(form)}
          disabled={!canUpdate}
        >
          <Form.Item name="title" label="标题" required>
            <Input ref={titleRef} maxLength={128} onFocus={() => (lastField.current = 'title')} />
          </Form.Item>
          <Form.Item name="content" label="内容" required>
            <Input.TextArea
              ref={contentRef}
              maxLength={1000}
              autoSize={{ minRows: 4, maxRows: 10 }}
              onFocus={() => (lastField.current = 'content')}
            />
          </Form.Item>
        </Form>
        <div style={{ marginBottom: 16 }}>
          <Typography.Text type="secondary">点击插入占位符：</Typography.Text>
          <Space size={[4, 6]} wrap style={{ marginTop: 6 }}>
            {Object.entries(TEMPLATE_PLACEHOLDERS).map(([name, label]) => (
              <Tag
                key={name}
                title={`{${name}}`}
                role="button"
                aria-disabled={!canUpdate}
                onClick={() => canUpdate && insert(name)}
                style={{ cursor: canUpdate ? 'pointer' : 'default', borderStyle: 'dashed' }}
              >
                {label}
              </Tag>
            ))}
          </Space>
        </div>
        {canUpdate && (
          <Space>
            <Button
              type="primary"
              loading={save.isPending}
              onClick={() => save.mutate(form.getFieldsValue())}
            >
              保存模板
            </Button>
            <Popconfirm
              title="恢复为系统默认模板？"
              description="本项目对这类消息的自定义会被删除"
              okText="恢复默认"
              disabled={template.isDefault}
              onConfirm={() => reset.mutateAsync().catch(() => undefined)}
            >
              <Button disabled={template.isDefault} loading={reset.isPending}>
                恢复默认
              </Button>
            </Popconfirm>
          </Space>
        )}
      </Col>
      <Col xs={24} xl={10}>
        <Card size="small" title="预览（示例数据）" data-testid="template-preview">
          <Typography.Paragraph strong style={{ marginBottom: 8 }}>
            {fillTemplate(title, samples)}
          </Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>
            {fillTemplate(content, samples)}
          </Typography.Paragraph>
        </Card>
      </Col>
    </Row>
  );
}
