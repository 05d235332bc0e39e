import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm } from 'antd';
import { sharingApi } from '../api';

/** 移除共享 on a shared gateway of the target project, after a confirmation. */
export function LeaveShareButton({
  groupId,
  gateway,
}: {
  groupId: number;
  gateway: { id: number; alias: string };
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const leave = useMutation({
    mutationFn: () => sharingApi.leave(groupId, gateway.id),
    onSuccess: () => {
      message.success(`已移除共享网关「${gateway.alias}」`);
      void queryClient.invalidateQueries();
    },
  });
  return (
    <Popconfirm
      title={`确定移除共享网关「${gateway.alias}」吗？`}
      description="本项目不再看到它的数据；分享方的网关与分享不受影响。"
      okText="移除"
      okButtonProps={{ danger: true }}
      onConfirm={() => leave.mutateAsync().catch(() => undefined)}
    >
      <Button type="link" size="small" danger>
        移除共享
      </Button>
    </Popconfirm>
  );
}
