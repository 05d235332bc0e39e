import type { CameraGroupOption } from '@iot/contracts/cameras';
import {
  AGG_TYPES,
  AggType,
  AggTypeNames,
  type Camera,
  type CameraAccount,
  type CameraBody,
  CameraTexts,
  cameraBody,
  ENCRYPTED,
  VIDEO_URL_PATTERN,
} from '@iot/contracts/cameras';
import { App, Form, Input, InputNumber, Modal, Radio, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { UnfoldedTreeSelect } from '../../../components/UnfoldedTreeSelect';
import { groupOptions } from './groupOptions';

interface Values {
  name: string;
  groupId: number;
  aggType: number;
  videoUrl?: string;
  deviceSerial?: string;
  channelNo?: number;
  cameraAccountId?: number | null;
  imgUrl?: string;
  encrypted?: boolean;
  validateCode?: string;
  type: number;
  showYuntaiIcon?: boolean;
  showTalkIcon?: boolean;
}

/** 新建 / 编辑摄像头: platform first; HTTP-FLV asks for the stream address, the others for serial, channel and account. */
export function CameraForm({
  open,
  editing,
  tree,
  accounts,
  defaultGroupId,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  editing: Camera | null;
  tree: CameraGroupOption[] | undefined;
  accounts: CameraAccount[];
  defaultGroupId: number;
  onCancel(): void;
  onSubmit(body: CameraBody): Promise<unknown>;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const aggType = Form.useWatch('aggType', form) ?? AggType.HTTP_FLV;
  const encrypted = Form.useWatch('encrypted', form) ?? false;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      editing
        ? {
            name: editing.name,
            groupId: editing.groupId,
            aggType: editing.aggType,
            videoUrl: editing.videoUrl ?? '',
            deviceSerial: editing.deviceSerial,
            channelNo: editing.channelNo,
            cameraAccountId: editing.cameraAccount?.id ?? null,
            imgUrl: editing.imgUrl,
            encrypted: editing.ifEncrypt === ENCRYPTED,
            type: editing.type,
            showYuntaiIcon: editing.showYuntaiIcon === 1,
            showTalkIcon: editing.showTalkIcon === 1,
          }
        : { groupId: defaultGroupId, aggType: AggType.HTTP_FLV, channelNo: 1, type: 1 },
    );
  }, [open, editing, defaultGroupId, form]);

  const submit = async () => {
    const values = await form.validateFields();
    const body: CameraBody = {
      name: values.name,
      groupId: values.groupId,
      aggType: values.aggType,
      videoUrl: values.aggType === AggType.HTTP_FLV ? values.videoUrl?.trim() || null : null,
      deviceSerial: values.deviceSerial ?? '',
      channelNo: values.channelNo ?? 1,
      cameraAccountId: values.aggType === AggType.HTTP_FLV ? null : (values.cameraAccountId ?? null),
      imgUrl: values.imgUrl ?? '',
      ifEncrypt: values.encrypted ? ENCRYPTED : 0,
      ...(values.validateCode ? { validateCode: values.validateCode } : {}),
      type: values.type,
      showYuntaiIcon: values.showYuntaiIcon ? 1 : 0,
      showTalkIcon: values.showTalkIcon ? 1 : 0,
    };
    const checked = cameraBody.safeParse(body);
    if (!checked.success) {
      message.error(checked.error.issues[0]?.message ?? '请检查表单');
      return;
    }
    setSaving(true);
    try {
      await onSubmit(body);
    } catch (error) {
      message.error(error instanceof Error ? error.message : '保存失败');
    } finally {
      setSaving(false);
    }
  };

  const flv = aggType === AggType.HTTP_FLV;
  return (
    <Modal
      open={open}
      title={editing ? '编辑摄像头' : '新建摄像头'}
      onCancel={onCancel}
      onOk={() => void submit()}
      confirmLoading={saving}
      destroyOnHidden
      width={560}
    >
      <Form form={form} layout="vertical" data-testid="camera-form">
        <Form.Item
          name="name"
          label="名称"
          rules={[{ required: true, message: '请输入摄像头名称' }, { max: 64 }]}
        >
          <Input placeholder="如：1号泵房" />
        </Form.Item>
        <Form.Item name="groupId" label="所在分组" rules={[{ required: true, message: '请选择分组' }]}>
          <UnfoldedTreeSelect treeData={groupOptions(tree)} />
        </Form.Item>
        <Form.Item name="aggType" label="摄像头平台" rules={[{ required: true }]}>
          <Select options={AGG_TYPES.map((t) => ({ value: t, label: AggTypeNames[t] }))} />
        </Form.Item>
        {flv ? (
          <Form.Item
            name="videoUrl"
            label="视频地址（HTTP-FLV）"
            rules={[
              { required: true, message: CameraTexts.VIDEO_URL_REQUIRED },
              // An http(s) stream, or a demo camera's `demo://…` left as it is.
              { pattern: VIDEO_URL_PATTERN, message: CameraTexts.VIDEO_URL_FORMAT },
            ]}
          >
            <Input placeholder="http://192.168.1.64/live/1.flv" />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              name="deviceSerial"
              label="设备序列号"
              rules={[{ required: true, message: '请输入设备序列号' }]}
            >
              <Input />
            </Form.Item>
            <Form.Item name="channelNo" label="通道号">
              <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="cameraAccountId" label="摄像头账号">
              <Select
                allowClear
                options={accounts
                  .filter((a) => a.aggType === aggType)
                  .map((a) => ({ value: a.id, label: a.name }))}
              />
            </Form.Item>
            <Form.Item name="encrypted" label="视频加密" valuePropName="checked">
              <Switch />
            </Form.Item>
            {encrypted && (
              <Form.Item
                name="validateCode"
                label="验证码"
                extra={editing?.hasValidateCode ? '已保存；留空则不修改' : undefined}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            )}
          </>
        )}
        <Form.Item name="imgUrl" label="封面图地址">
          <Input placeholder="可选" />
        </Form.Item>
        <Form.Item name="type" label="类型">
          <Radio.Group
            options={[
              { value: 1, label: '实时（支持云台/对讲）' },
              { value: 0, label: '普通' },
            ]}
          />
        </Form.Item>
        <Form.Item name="showYuntaiIcon" label="显示云台按钮" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="showTalkIcon" label="显示对讲按钮" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
