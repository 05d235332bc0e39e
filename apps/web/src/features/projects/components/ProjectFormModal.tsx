import type { Page } from '@iot/contracts';
import {
  createProjectBody,
  type PayStatus,
  ProjectMessages,
  type ProjectSettings,
  type ProjectSummary,
} from '@iot/contracts/projects';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { http } from '../../../api/http';
import { uniqueRule } from '../../../components/PagedListCard';
import { schemaRule } from '../../../components/schemaRule';
import { ProjectTermsFields } from './ProjectTermsFields';

export const PROJECTS_KEY = 'systemProjects';

interface CreateForm {
  name: string;
  templateId?: number;
  corporationId?: number;
  payStatus: PayStatus;
  setMealEndAt?: Dayjs | null;
  accessGatewayIndicatorMaxNum: number;
  sendMessagesTotalNum: number;
  sendVoicesTotalNum: number;
  chatMessagesLimit: number;
  isTemplate: boolean;
  isDemo: boolean;
}

/** A set meal ends at the end of its day. */
export const endOfDay = (date: Dayjs | null | undefined) => (date ? date.endOf('day').valueOf() : null);

/** 新建项目: empty, or from a template project (its areas, sites, roles and settings). */
export function ProjectFormModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const [form] = Form.useForm<CreateForm>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const templates = useQuery({
    queryKey: [PROJECTS_KEY, 'templates'],
    queryFn: () => http.get<Page<ProjectSummary>>('/iot/projects', { params: { page: 0, size: 1000 } }),
    select: (page) => page.list.filter((p) => p.isTemplate).map((p) => ({ value: p.id, label: p.name })),
    enabled: open,
  });
  const save = useMutation({
    mutationFn: (v: CreateForm) =>
      http.post<ProjectSettings>('/iot/projects', {
        ...v,
        name: v.name.trim(),
        templateId: v.templateId ?? null,
        corporationId: v.corporationId ?? null,
        setMealEndAt: endOfDay(v.setMealEndAt),
      }),
    onSuccess: (saved) => {
      message.success(`项目「${saved.name}」已创建`);
      void queryClient.invalidateQueries({ queryKey: [PROJECTS_KEY] });
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title="新建项目"
      okText="保存"
      width={640}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<CreateForm>
        form={form}
        layout="vertical"
        initialValues={{
          payStatus: 'A',
          accessGatewayIndicatorMaxNum: 256,
          sendMessagesTotalNum: 0,
          sendVoicesTotalNum: 0,
          chatMessagesLimit: 100,
          isTemplate: false,
          isDemo: false,
        }}
        onFinish={(v) => save.mutate(v)}
        style={{ marginTop: 16 }}
      >
        <Form.Item
          name="name"
          label="项目名称"
          validateFirst
          validateTrigger={['onChange', 'onBlur']}
          rules={[
            { required: true, whitespace: true, message: '请输入项目名称' },
            schemaRule(createProjectBody.shape.name),
            uniqueRule(
              (name) => http.get<boolean>('/iot/projects/checkName', { params: { name }, quiet: true }),
              ProjectMessages.NAME_TAKEN,
            ),
          ]}
        >
          <Input placeholder="如：城东污水处理厂" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="templateId"
          label="从模板创建"
          extra="复制模板的区域、站点、自建角色和项目设置；网关、数据和成员不复制"
        >
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="不使用模板"
            loading={templates.isLoading}
            options={templates.data ?? []}
            notFoundContent="还没有模板项目（在项目的条款中设为模板）"
          />
        </Form.Item>
        <ProjectTermsFields retention={false} />
      </Form>
    </Modal>
  );
}
