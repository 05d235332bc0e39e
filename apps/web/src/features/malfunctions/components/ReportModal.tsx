import { PlusOutlined } from '@ant-design/icons';
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  type MalfunctionEquipmentOption,
  MalfunctionMessages,
  reportBody,
} from '@iot/contracts/malfunctions';
import { App, DatePicker, Form, Input, Select, Upload, type UploadFile } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { ListFormModal } from '../../../components/PagedList';
import { schemaRule } from '../../../components/schemaRule';
import { malfunctionKeys, malfunctionsApi } from '../api';

interface ReportValues {
  equipmentId?: number;
  description?: string;
  startedAt?: Dayjs | null;
}

export const equipmentLabel = (e: MalfunctionEquipmentOption) =>
  `${e.name}（${e.code}）${e.groupName ? ` · ${e.groupName}` : ''}`;

/** Photos taken or picked: each is uploaded at once; the form keeps their stored addresses. */
function PhotoUpload({
  projectId,
  files,
  onChange,
}: {
  projectId: number;
  files: UploadFile[];
  onChange(files: UploadFile[]): void;
}) {
  const { message } = App.useApp();
  return (
    <Upload
      listType="picture-card"
      accept="image/png,image/jpeg,image/gif,image/webp"
      capture="environment"
      multiple
      fileList={files}
      maxCount={MAX_PHOTOS}
      beforeUpload={(file) => {
        if (file.size > MAX_PHOTO_BYTES) {
          message.error(MalfunctionMessages.PHOTO_FORMAT);
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        malfunctionsApi
          .uploadPhoto(projectId, file as Blob)
          .then((answer) => onSuccess?.(answer))
          .catch((error: Error) => {
            message.error(error.message);
            onError?.(error);
          });
      }}
      onChange={({ fileList }) =>
        onChange(
          fileList
            .filter((f) => f.status !== 'error')
            .map((f) => {
              const url = (f.response as { url?: string } | undefined)?.url;
              return url ? { ...f, url, thumbUrl: url } : f;
            }),
        )
      }
    >
      {files.length < MAX_PHOTOS && (
        <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>照片</div>
        </button>
      )}
    </Upload>
  );
}

/** 上报故障: the equipment, what is wrong, when it began (now by default), photos. */
export function ReportModal({
  projectId,
  open,
  equipment,
  onClose,
}: {
  projectId: number;
  open: boolean;
  equipment: MalfunctionEquipmentOption[];
  onClose(): void;
}) {
  const [form] = Form.useForm<ReportValues>();
  const [photos, setPhotos] = useState<UploadFile[]>([]);
  const close = () => {
    setPhotos([]);
    onClose();
  };
  return (
    <ListFormModal<ReportValues, unknown>
      open={open}
      title="上报故障"
      form={form}
      reportError
      save={(values) => {
        if (photos.some((p) => p.status === 'uploading')) throw new Error('照片仍在上传，请稍候');
        return malfunctionsApi.report(projectId, {
          equipmentId: values.equipmentId as number,
          description: values.description ?? '',
          photos: photos.flatMap((p) => (p.url ? [p.url] : [])),
          ...(values.startedAt ? { startedAt: values.startedAt.valueOf() } : {}),
        });
      }}
      saved={() => '故障已上报，已发送设备故障通知'}
      invalidate={malfunctionKeys.all(projectId)}
      onClose={close}
    >
      <Form.Item
        name="equipmentId"
        label="设备"
        rules={[{ required: true, message: MalfunctionMessages.EQUIPMENT_REQUIRED }]}
      >
        <Select
          showSearch
          aria-label="设备"
          placeholder="选择设备"
          optionFilterProp="label"
          options={equipment.map((e) => ({ value: e.id, label: equipmentLabel(e) }))}
          notFoundContent="本项目还没有设备"
        />
      </Form.Item>
      <Form.Item
        name="description"
        label="故障描述"
        rules={[
          { required: true, whitespace: true, message: MalfunctionMessages.DESCRIPTION_REQUIRED },
          schemaRule(reportBody.shape.description),
        ]}
      >
        <Input.TextArea rows={3} maxLength={500} showCount placeholder="现象、部位、影响" />
      </Form.Item>
      <Form.Item name="startedAt" label="发生时间" extra="不填为现在">
        <DatePicker showTime format="YYYY-MM-DD HH:mm" aria-label="发生时间" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label={`照片（最多${MAX_PHOTOS}张）`}>
        <PhotoUpload projectId={projectId} files={photos} onChange={setPhotos} />
      </Form.Item>
    </ListFormModal>
  );
}
