import { FilePdfOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { type Attachment, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '@iot/contracts/equipment';
import { App, Button, List, Space, Upload } from 'antd';
import { useState } from 'react';
import { equipmentApi } from '../api';

const ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,.pdf';

/** Manuals and photos: uploaded at once, kept as stored addresses with their names. A form field. */
export function AttachmentsField({
  projectId,
  value = [],
  onChange,
}: {
  projectId: number;
  value?: Attachment[];
  onChange?(next: Attachment[]): void;
}) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(0);
  const upload = async (file: File) => {
    if (file.size > MAX_ATTACHMENT_BYTES) {
      message.error('附件不能超过 10MB');
      return;
    }
    setBusy((n) => n + 1);
    try {
      const stored = await equipmentApi.upload(projectId, file);
      onChange?.([...value, stored]);
    } catch (error) {
      message.error(error instanceof Error ? error.message : '上传失败');
    } finally {
      setBusy((n) => n - 1);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Upload
        accept={ACCEPT}
        multiple
        showUploadList={false}
        disabled={value.length >= MAX_ATTACHMENTS}
        beforeUpload={(file) => {
          void upload(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy > 0} disabled={value.length >= MAX_ATTACHMENTS}>
          上传附件（说明书 PDF、照片）
        </Button>
      </Upload>
      {value.length > 0 && (
        <List
          size="small"
          bordered
          dataSource={value}
          renderItem={(item, index) => (
            <List.Item
              actions={[
                <Button
                  key="remove"
                  type="link"
                  size="small"
                  danger
                  onClick={() => onChange?.(value.filter((_, i) => i !== index))}
                >
                  移除
                </Button>,
              ]}
            >
              <Space>
                {item.url.endsWith('.pdf') ? <FilePdfOutlined /> : <PictureOutlined />}
                <a href={item.url} target="_blank" rel="noreferrer">
                  {item.name}
                </a>
              </Space>
            </List.Item>
          )}
        />
      )}
    </Space>
  );
}
