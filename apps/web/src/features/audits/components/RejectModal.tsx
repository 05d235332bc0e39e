import { AuditMessages, type AuditRecord, MAX_REJECT_REASON } from '@iot/contracts/audits';
import { Form, Input, Modal, Typography } from 'antd';
import { useAuditActions } from '../api';

/** 驳回: the reason is required (contracts' rule and message). */
export function RejectModal({ record, onClose }: { record: AuditRecord | null; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const { reject } = useAuditActions();
  return (
    <Modal
      title="驳回"
      open={record !== null}
      okText="驳回"
      okButtonProps={{ danger: true, loading: reject.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {record && <Typography.Paragraph type="secondary">{record.content}</Typography.Paragraph>}
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(values) =>
          record &&
          reject
            .mutateAsync({ record, reason: values.reason.trim() })
            .then(onClose)
            .catch(() => undefined)
        }
      >
        <Form.Item
          name="reason"
          label="驳回原因"
          rules={[
            { required: true, whitespace: true, message: AuditMessages.REASON_REQUIRED },
            { max: MAX_REJECT_REASON, message: AuditMessages.REASON_TOO_LONG },
          ]}
        >
          <Input.TextArea rows={3} maxLength={MAX_REJECT_REASON} showCount placeholder="请说明驳回的理由" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
