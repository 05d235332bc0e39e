import { FileOutlined, PlusOutlined } from '@ant-design/icons';
import {
  MAX_ATTACHMENTS,
  WORK_ORDER_FILE_EXTENSIONS,
  WORK_ORDER_FILE_MAX_BYTES,
  WorkOrderFileMessages,
} from '@iot/contracts/maintenance';
import { App, Image, Space, Typography, Upload, type UploadFile } from 'antd';
import { useEffect, useState } from 'react';
import { uploadWorkOrderFile } from '../api';

const IMAGE = /\.(png|jpe?g|gif|webp)$/i;
export const isImage = (url: string) => IMAGE.test(url);

/** Stored photos as thumbnails (click to enlarge), documents as download links. */
export function AttachmentList({ urls, size = 64 }: { urls: string[]; size?: number }) {
  if (urls.length === 0) return null;
  const images = urls.filter(isImage);
  const documents = urls.filter((u) => !isImage(u));
  return (
    <div data-testid="attachments" style={{ marginTop: 6 }}>
      {images.length > 0 && (
        <Image.PreviewGroup>
          <Space size={6} wrap>
            {images.map((url) => (
              <Image
                key={url}
                src={url}
                width={size}
                height={size}
                style={{ objectFit: 'cover', borderRadius: 4 }}
                alt="工单照片"
              />
            ))}
          </Space>
        </Image.PreviewGroup>
      )}
      {documents.map((url, i) => (
        <div key={url}>
          <Typography.Link href={url} download>
            <FileOutlined /> 附件{i + 1}.{url.slice(url.lastIndexOf('.') + 1)}
          </Typography.Link>
        </div>
      ))}
    </div>
  );
}

const ACCEPT_ALL = WORK_ORDER_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');

/**
 * Photos and documents for an order: uploaded one by one as they are picked (the server checks
 * type and size again), the value is their stored addresses. `photos` takes pictures only and, on
 * a phone, opens the camera (accept image/*, capture).
 */
export function AttachmentUpload({
  groupId,
  orderId,
  value = [],
  onChange,
  photos = false,
}: {
  groupId: number;
  /** null: for a new order (needs create). */
  orderId: number | null;
  value?: string[];
  onChange?: (urls: string[]) => void;
  photos?: boolean;
}) {
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadFile[]>([]);
  // A form reset empties the value: empty the list with it.
  useEffect(() => {
    if (value.length === 0) setFiles((list) => (list.some((f) => f.status === 'done') ? [] : list));
  }, [value.length]);
  const publish = (list: UploadFile[]) =>
    onChange?.(list.filter((f) => f.status === 'done' && f.url).map((f) => f.url!));
  return (
    <Upload
      listType="picture-card"
      accept={photos ? 'image/*' : ACCEPT_ALL}
      capture={photos ? 'environment' : undefined}
      multiple
      fileList={files}
      maxCount={MAX_ATTACHMENTS}
      beforeUpload={(file) => {
        const ext = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
        if (
          photos
            ? !file.type.startsWith('image/')
            : !(WORK_ORDER_FILE_EXTENSIONS as readonly string[]).includes(ext)
        ) {
          message.error(WorkOrderFileMessages.FORMAT);
          return Upload.LIST_IGNORE;
        }
        if (file.size >= WORK_ORDER_FILE_MAX_BYTES) {
          message.error(WorkOrderFileMessages.SIZE);
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        uploadWorkOrderFile(groupId, orderId, file as File)
          .then((answer) => onSuccess?.(answer))
          .catch((error: Error) => {
            message.error(`上传失败：${error.message}`);
            onError?.(error);
          });
      }}
      onChange={({ fileList }) => {
        const next = fileList
          .filter((f) => f.status !== 'error')
          .map((f) => {
            const answer = f.response as { url?: string } | undefined;
            return answer?.url ? { ...f, url: answer.url, thumbUrl: answer.url } : f;
          });
        setFiles(next);
        publish(next);
      }}
    >
      {files.length >= MAX_ATTACHMENTS ? null : (
        <button type="button" style={{ border: 0, background: 'none', color: 'inherit' }}>
          <PlusOutlined />
          <div style={{ marginTop: 6 }}>{photos ? '拍照/照片' : '上传'}</div>
        </button>
      )}
    </Upload>
  );
}
