import type { Malfunction } from '@iot/contracts/malfunctions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Input, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { malfunctionKeys, malfunctionsApi } from '../api';

const when = (at: number | null) => (at === null ? '—' : dayjs(at).format('YYYY-MM-DD HH:mm:ss'));

/** 结束: a confirmation with what was done; the record closes and 设备故障解除通知 goes out. */
export function CloseModal({
  projectId,
  target,
  onClose,
}: {
  projectId: number;
  target: Malfunction | null;
  onClose(): void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  useEffect(() => {
    if (target) setNote('');
  }, [target]);
  const close = useMutation({
    mutationFn: () => malfunctionsApi.close(projectId, target!.id, note.trim()),
    onSuccess: () => {
      message.success('故障已结束，已发送设备故障解除通知');
      void queryClient.invalidateQueries({ queryKey: malfunctionKeys.all(projectId) });
      onClose();
    },
  });
  return (
    <Modal
      open={target !== null}
      title="结束故障"
      okText="确定结束"
      okButtonProps={{ danger: true }}
      confirmLoading={close.isPending}
      onOk={() => close.mutate()}
      onCancel={onClose}
      destroyOnHidden
    >
      {target && (
        <Typography.Paragraph>
          确定结束「{target.equipmentName}」自 {when(target.startedAt)}{' '}
          起的故障吗？结束后将发送设备故障解除通知。
        </Typography.Paragraph>
      )}
      <Input.TextArea
        aria-label="处理说明"
        rows={3}
        maxLength={500}
        showCount
        placeholder="处理说明（可不填）"
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
    </Modal>
  );
}
