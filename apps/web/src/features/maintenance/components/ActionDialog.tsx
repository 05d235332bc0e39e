import { type TaskAction, TaskActionNames, type WorkOrderDetail } from '@iot/contracts/maintenance';
import { Alert, App, Form, Input, Modal, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useAssigneeOptions, useWorkOrderAction } from '../api';
import { AttachmentUpload } from './Attachments';
import { EMPTY_EXECUTION, ExecutionForm, type ExecutionValues } from './ExecutionForm';

/** Steps that stop or turn back work: their button and confirmation are red. */
export const DANGER_ACTIONS: readonly string[] = ['cancel', 'auditReject', 'acceptFail'];
const ASSIGNING: readonly string[] = ['allocate', 'reassign'];
export const SUBMITTING: readonly string[] = ['submitResolved', 'submitUnresolved'];

/** What each step's confirmation says beyond its name. */
const EXPLAIN: Partial<Record<TaskAction, string>> = {
  auditPass: '审核通过后工单进入待分配。',
  auditReject: '驳回后工单为未通过，不再处理。',
  allocate: '分配后工单由所选执行人执行。',
  publish: '发布后项目成员均可领取此工单。',
  claim: '领取后由你执行此工单。',
  askReassign: '申请改派后由管理人员重新分配。',
  reassign: '改派后工单由所选执行人执行。',
  start: '开始执行后请在完成时提交结果。',
  acceptPass: '验收通过后工单关闭。',
  acceptFail: '验收不通过，工单退回执行人重新处理。',
  close: '关闭后工单结束，不再处理。',
  cancel: '取消后工单不再处理。',
  submitResolved: '提交后等待验收。',
  submitUnresolved: '问题未解决：提交后由创建人或管理人员决定关闭或退回。',
};

interface NoteValues {
  note?: string;
  attachments?: string[];
  assigneeIds?: number[];
}

/**
 * One step of an order behind its confirmation: a note and attachments; the assignees for
 * 分配 / 改派; the execution report for 提交结果. A refusal from the server is shown as it came.
 */
export function ActionDialog({
  groupId,
  order,
  action,
  onClose,
  onDone,
}: {
  groupId: number;
  order: WorkOrderDetail;
  action: TaskAction | null;
  onClose: () => void;
  onDone?: (detail: WorkOrderDetail) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<NoteValues>();
  const [execution] = Form.useForm<ExecutionValues>();
  const act = useWorkOrderAction(groupId, order.id);
  const assigning = action !== null && ASSIGNING.includes(action);
  const submitting = action !== null && SUBMITTING.includes(action);
  const people = useAssigneeOptions(groupId, assigning);
  const { reset } = act;
  useEffect(() => {
    if (action === null) return;
    reset();
    form.resetFields();
    execution.resetFields();
    if (submitting && order.execution) {
      // A report sent back (验收不通过) starts from what was reported.
      const { submittedAt: _at, submittedBy: _by, note: _note, ...previous } = order.execution;
      execution.setFieldsValue({ ...EMPTY_EXECUTION, ...previous, attachments: [] });
    } else if (submitting) {
      // A first report starts from what the plan asks for: its checklist and its dosing.
      execution.setFieldsValue({
        ...EMPTY_EXECUTION,
        checklist: order.checklist.map((i) => ({ item: i.text, ok: true, value: '' })),
        dosing: order.plannedDosing.map((d) => ({ ...d })),
      });
    }
  }, [action, form, execution, submitting, order.execution, order.checklist, order.plannedDosing, reset]);
  if (action === null) return null;
  const name = TaskActionNames[action];
  const send = (body: object) =>
    act.mutate(
      { action, body },
      {
        onSuccess: (detail) => {
          message.success(`${name}成功`);
          onDone?.(detail);
          onClose();
        },
      },
    );
  return (
    <Modal
      open
      title={`${name} · ${order.title}`}
      okText={submitting ? '提交' : `确认${name}`}
      okButtonProps={{ danger: DANGER_ACTIONS.includes(action), loading: act.isPending }}
      width={submitting ? 'min(720px, calc(100vw - 16px))' : 'min(520px, calc(100vw - 16px))'}
      onCancel={onClose}
      onOk={() => (submitting ? execution.submit() : form.submit())}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{EXPLAIN[action]}</Typography.Paragraph>
      {act.error && (
        <Alert
          type="error"
          showIcon
          message={act.error.message}
          style={{ marginBottom: 16 }}
          data-testid="action-error"
        />
      )}
      {submitting ? (
        <ExecutionForm
          groupId={groupId}
          orderId={order.id}
          form={execution}
          onFinish={(values) => send(values)}
        />
      ) : (
        <Form<NoteValues>
          form={form}
          layout="vertical"
          initialValues={{
            note: '',
            attachments: [],
            assigneeIds: assigning ? order.assignees.map((a) => a.id) : [],
          }}
          onFinish={(values) => send(values)}
        >
          {assigning && (
            <Form.Item
              label="执行人"
              name="assigneeIds"
              rules={[{ required: true, type: 'array', min: 1, message: '请选择执行人' }]}
              extra={people.isError ? `执行人加载失败：${people.error.message}` : undefined}
            >
              <Select
                mode="multiple"
                aria-label="执行人"
                placeholder="选择本项目成员"
                loading={people.isLoading}
                optionFilterProp="label"
                options={(people.data ?? []).map((p) => ({
                  value: p.id,
                  label: `${p.realname}（${p.username}）`,
                }))}
              />
            </Form.Item>
          )}
          <Form.Item label="备注" name="note">
            <Input.TextArea rows={3} maxLength={500} showCount placeholder="说明（可选）" />
          </Form.Item>
          <Form.Item label="附件" name="attachments">
            <AttachmentUpload groupId={groupId} orderId={order.id} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
