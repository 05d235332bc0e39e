import { FileOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { AttachmentMessages } from '@iot/contracts';
import { App, Button, List, Space, Upload } from 'antd';
import { useRef, useState } from 'react';
import { acceptOf, type StoredAttachment, showsUploadButton, sortPicked } from './attachmentUploader';

const IMAGE = /\.(png|jpe?g|gif|webp)$/i;

/**
 * The attachment uploader (feature-areas §2, §5), an Ant Design form control: 点击上传 picks files,
 * each under 200 MB and of the twelve types (else the spec's message), uploads them at once through
 * `upload` and keeps their stored addresses with their names. `single` hides the button once one
 * file exists. The server checks the same rules again.
 */
export function AttachmentUploader({
  value = [],
  onChange,
  upload,
  single = false,
  max,
  extensions,
  disabled = false,
  id,
}: {
  value?: StoredAttachment[];
  onChange?(next: StoredAttachment[]): void;
  /** Sends one file to its feature's upload route; answers what to keep. */
  upload(file: File): Promise<StoredAttachment>;
  single?: boolean;
  max?: number;
  /** A narrower list of endings than the spec's twelve, for a field that takes fewer. */
  extensions?: readonly string[];
  disabled?: boolean;
  id?: string;
}) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(0);
  // Several files picked at once arrive one by one: remember the latest list between them.
  const latest = useRef(value);
  latest.current = value;
  const batch = useRef<File[]>([]);

  const send = async (files: File[]) => {
    const { accepted, refusals } = sortPicked(files, latest.current.length + busy, {
      single,
      max,
      extensions,
    });
    for (const refusal of refusals) message.error(refusal);
    setBusy((n) => n + accepted.length);
    for (const file of accepted) {
      try {
        const stored = await upload(file);
        latest.current = [...latest.current, stored];
        onChange?.(latest.current);
      } catch (error) {
        message.error(error instanceof Error ? error.message : '上传失败');
      } finally {
        setBusy((n) => n - 1);
      }
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} id={id} data-testid="attachment-uploader">
      {showsUploadButton(value.length + busy, { single, max }) && (
        <Upload
          accept={acceptOf(extensions)}
          multiple={!single}
          showUploadList={false}
          disabled={disabled}
          beforeUpload={(file, fileList) => {
            // Called once per picked file with the whole pick: send the pick once, on its last file.
            batch.current.push(file);
            if (batch.current.length === fileList.length) {
              const picked = batch.current;
              batch.current = [];
              void send(picked);
            }
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy > 0} disabled={disabled}>
            {AttachmentMessages.UPLOAD}
          </Button>
        </Upload>
      )}
      {busy > 0 && !showsUploadButton(value.length + busy, { single, max }) && (
        <Button loading disabled>
          {AttachmentMessages.UPLOAD}
        </Button>
      )}
      {value.length > 0 && (
        <List
          size="small"
          bordered
          dataSource={value}
          renderItem={(item, index) => (
            <List.Item
              actions={
                disabled
                  ? []
                  : [
                      <Button
                        key="remove"
                        type="link"
                        size="small"
                        danger
                        onClick={() => onChange?.(value.filter((_, i) => i !== index))}
                      >
                        移除
                      </Button>,
                    ]
              }
            >
              <Space style={{ minWidth: 0 }}>
                {IMAGE.test(item.url) ? <PictureOutlined /> : <FileOutlined />}
                <a href={item.url} target="_blank" rel="noreferrer" style={{ wordBreak: 'break-all' }}>
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
