import { HandleStatusLabels, WarningMessages } from '@iot/contracts/warnings';
import { App, Form, Input, Modal, Radio, Typography } from 'antd';
import { type HandleInput, useHandleWarnings } from '../api';

/** The handle call's limit on a note (contracts' handleBody). */
const MAX_NOTE = 500;

/**
 * 处理预警: to 处理中 or 已处理, with a required note (the contracts' rule and message); one warning
 * or the selected ones at once. Answers through onDone once the server took it.
 */
export function HandleDialog({
  groupId,
  ids,
  summary,
  onClose,
  onDone,
}: {
  groupId: number;
  /** The warnings to handle; an empty list keeps the dialog closed. */
  ids: number[];
  /** What is being handled, in words (one warning's gateway and indicator, or a count). */
  summary: string;
  onClose: () => void;
  onDone?: () => void;
}) {
  const [form] = Form.useForm<Omit<HandleInput, 'ids'>>();
  const handle = useHandleWarnings(groupId);
  const { message } = App.useApp();
  return (
    <Modal
      title={ids.length > 1 ? `批量处理预警（${ids.length} 条）` : '处理预警'}
      open={ids.length > 0}
      okText="确 定"
      okButtonProps={{ loading: handle.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{summary}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ status: 'handled', note: '' }}
        onFinish={(values) =>
          handle
            .mutateAsync({ ids, status: values.status, note: values.note.trim() })
            .then(({ handled }) => {
              message.success(
                values.status === 'handled' ? `已处理 ${handled} 条预警` : `${handled} 条预警已标为处理中`,
              );
              onDone?.();
              onClose();
            })
            .catch(() => undefined)
        }
      >
        <Form.Item name="status" label="处理状态" rules={[{ required: true, message: '请选择处理状态' }]}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'handling', label: HandleStatusLabels.handling },
              { value: 'handled', label: HandleStatusLabels.handled },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="note"
          label="处理说明"
          rules={[{ required: true, whitespace: true, message: WarningMessages.NOTE_REQUIRED }]}
        >
          <Input.TextArea rows={4} maxLength={MAX_NOTE} showCount placeholder="现场情况、采取的措施等" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
