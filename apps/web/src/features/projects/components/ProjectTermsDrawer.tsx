import type { PayStatus, ProjectSettings, ProjectSummary } from '@iot/contracts/projects';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Form, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { http } from '../../../api/http';
import { isNotFound, LoadError } from '../../../components/LoadState';
import { endOfDay, PROJECTS_KEY } from './ProjectFormModal';
import { ProjectTermsFields } from './ProjectTermsFields';

interface TermsForm {
  corporationId?: number | null;
  payStatus: PayStatus;
  setMealEndAt: Dayjs | null;
  accessGatewayIndicatorMaxNum: number;
  sendMessagesTotalNum: number;
  sendVoicesTotalNum: number;
  chatMessagesLimit: number;
  rawRetentionDays: number;
  rollupRetentionDays: number;
  isTemplate: boolean;
  isDemo: boolean;
}

/** 商务条款: pay state, set meal, quotas, data retention and the template/demo flags of one project. */
export function ProjectTermsDrawer({
  project,
  onClose,
}: {
  project: ProjectSummary | null;
  onClose(): void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TermsForm>();
  const terms = useQuery({
    queryKey: [PROJECTS_KEY, 'terms', project?.id],
    queryFn: () => http.get<ProjectSettings>(`/iot/projects/${project?.id}/terms`),
    enabled: project !== null,
  });
  const save = useMutation({
    mutationFn: (v: TermsForm) =>
      http.put<ProjectSettings>(`/iot/projects/${project?.id}/terms`, {
        ...v,
        corporationId: v.corporationId ?? null,
        setMealEndAt: endOfDay(v.setMealEndAt),
      }),
    onSuccess: (saved) => {
      message.success(`项目「${saved.name}」的条款已保存`);
      void queryClient.invalidateQueries({ queryKey: [PROJECTS_KEY] });
      onClose();
    },
  });
  const data = terms.data;
  return (
    <Drawer
      open={project !== null}
      title={project ? `条款 · ${project.name}` : ''}
      size={640}
      destroyOnHidden
      onClose={onClose}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={save.isPending} disabled={!data} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      {terms.isError ? (
        <LoadError
          what="项目条款"
          error={terms.error}
          onRetry={isNotFound(terms.error) ? onClose : terms.refetch}
        />
      ) : !data ? (
        <Spin style={{ display: 'block', margin: '80px auto' }} />
      ) : (
        <Form<TermsForm>
          form={form}
          layout="vertical"
          initialValues={{
            corporationId: data.corporationId,
            payStatus: data.payStatus,
            setMealEndAt: data.setMealEndAt === null ? null : dayjs(data.setMealEndAt),
            accessGatewayIndicatorMaxNum: data.accessGatewayIndicatorMaxNum,
            sendMessagesTotalNum: data.sendMessagesTotalNum,
            sendVoicesTotalNum: data.sendVoicesTotalNum,
            chatMessagesLimit: data.chatMessagesLimit,
            rawRetentionDays: data.rawRetentionDays,
            rollupRetentionDays: data.rollupRetentionDays,
            isTemplate: data.isTemplate,
            isDemo: data.isDemo,
          }}
          onFinish={(v) => save.mutate(v)}
        >
          <ProjectTermsFields retention />
        </Form>
      )}
    </Drawer>
  );
}
