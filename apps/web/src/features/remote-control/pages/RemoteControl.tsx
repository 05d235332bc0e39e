import { Permission } from '@iot/contracts';
import type { GatewayIndicator } from '@iot/contracts/indicators';
import {
  InstructionMessages,
  type InstructionStatus,
  OPEN_INSTRUCTION_STATUSES,
} from '@iot/contracts/remote-control';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Card, Empty, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../../api/http';
import { tableEmpty } from '../../../components/LoadState';
import { useSavedQuery } from '../../../components/useSavedQuery';
import { usePermission } from '../../../platform/routes/currentRoute';
import { useProjectId } from '../../../platform/routes/useProjectId';
import {
  remoteControlKeys,
  sendControl,
  useGateway,
  useInstructionRecords,
  useLastValues,
  useWritableIndicators,
} from '../api';
import { ControlInput } from '../components/ControlInput';
import { GatewayPicker } from '../components/GatewayPicker';
import { InstructionRecords } from '../components/InstructionRecords';
import { type ControlValue, display, initialValue } from '../values';

const TYPE_LABELS: Record<string, string> = {
  float: '浮点数',
  integer: '整数',
  boolean: '开关',
  text: '文本',
  enum: '枚举',
};

const DEFAULTS = { gatewayId: 0, page: 0 };

/** 远程控制: write a value to a writable indicator of a gateway and follow its instruction record. */
export function RemoteControl() {
  const projectId = useProjectId();
  const [query, setQuery] = useSavedQuery(`remoteControl.${projectId}`, DEFAULTS);
  const [drafts, setDrafts] = useState<Record<number, ControlValue | undefined>>({});
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const canControl = usePermission(Permission.UPDATE);

  const gateway = useGateway(projectId, query.gatewayId);
  const indicators = useWritableIndicators(projectId, query.gatewayId);
  const writable = indicators.data ?? [];
  const metrics = useMemo(() => writable.map((gi) => gi.dataIdentification), [writable]);
  const values = useLastValues(query.gatewayId, metrics);

  // A closed record changes the device's value: read the current values again.
  const records = useInstructionRecords(query.gatewayId, query.page, writable);
  const openCount =
    records.data?.list.filter((r) => OPEN_INSTRUCTION_STATUSES.includes(r.status)).length ?? 0;
  useEffect(() => {
    if (openCount === 0)
      void queryClient.invalidateQueries({ queryKey: remoteControlKeys.lastValues(query.gatewayId) });
  }, [openCount, query.gatewayId, queryClient]);

  const gatewayName = gateway.data ? `${gateway.data.alias}（${gateway.data.serialNumber}）` : '';
  const control = useMutation({
    mutationFn: ({ gi, value }: { gi: GatewayIndicator; value: ControlValue }) =>
      sendControl(query.gatewayId, gi.dataIdentification, value),
    onSuccess: (record) => {
      const text = InstructionMessages[record.status as InstructionStatus] ?? record.message;
      if (record.status === 20101) message.warning(text);
      else message.info(text);
      setQuery((q) => ({ ...q, page: 0 }));
      void queryClient.invalidateQueries({ queryKey: remoteControlKeys.records(query.gatewayId) });
    },
    onError: (error) => message.error(error instanceof ApiError ? error.message : '下发失败'),
  });

  const controlValue = (gi: GatewayIndicator) =>
    gi.id in drafts ? drafts[gi.id] : initialValue(gi, values.data?.[gi.dataIdentification]?.value);

  const confirm = (gi: GatewayIndicator) => {
    const value = controlValue(gi);
    if (value === undefined || value === '') {
      message.warning('请输入控制值');
      return;
    }
    modal.confirm({
      title: '确认下发指令',
      content: `确定向「${gatewayName}」的「${gi.alias}」下发 ${display(gi, value)} 吗？`,
      okText: '下发',
      cancelText: '取消',
      onOk: () => control.mutateAsync({ gi, value }).catch(() => undefined),
    });
  };

  const columns: TableColumnsType<GatewayIndicator> = [
    {
      title: '指标',
      key: 'alias',
      ellipsis: true,
      render: (_, gi) => (
        <Flex vertical>
          <span>{gi.alias}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {gi.dataIdentification}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: '类型',
      key: 'type',
      width: 150,
      render: (_, gi) => (
        <Flex gap={4} wrap>
          <Tag>{TYPE_LABELS[gi.indicator.type] ?? gi.indicator.type}</Tag>
          <Tag>{gi.ioType === 'w' ? '只写' : '读写'}</Tag>
          {gi.isAutoReposition && <Tag color="purple">{`${gi.repositionDelay}秒后复位`}</Tag>}
        </Flex>
      ),
    },
    {
      title: '当前值',
      key: 'current',
      width: 200,
      render: (_, gi) => {
        const last = values.data?.[gi.dataIdentification];
        return last ? (
          <Flex vertical>
            <span data-testid={`current-${gi.dataIdentification}`}>{display(gi, last.value)}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {dayjs(last.ts).format('YYYY-MM-DD HH:mm:ss')}
            </Typography.Text>
          </Flex>
        ) : (
          <Typography.Text type="secondary">暂无数据</Typography.Text>
        );
      },
    },
    {
      title: '控制',
      key: 'control',
      width: 300,
      render: (_, gi) => (
        <Flex gap={8} align="center">
          <ControlInput
            indicator={gi}
            value={controlValue(gi)}
            onChange={(value) => setDrafts((d) => ({ ...d, [gi.id]: value }))}
          />
          {canControl && (
            <Button
              type="primary"
              size="small"
              loading={control.isPending && control.variables?.gi.id === gi.id}
              onClick={() => confirm(gi)}
            >
              下发
            </Button>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <Card title="远程控制" variant="borderless">
      <Flex vertical gap={16}>
        <Flex gap={12} align="center" wrap>
          <span>网关</span>
          <GatewayPicker
            projectId={projectId}
            value={query.gatewayId}
            onChange={(gatewayId) => {
              setDrafts({});
              setQuery({ gatewayId, page: 0 });
            }}
          />
          {gateway.data && (
            <Badge
              status={gateway.data.onlineStatus === 'online' ? 'success' : 'default'}
              text={gateway.data.onlineStatus === 'online' ? '在线' : '离线（指令将缓存，设备上线后下发）'}
            />
          )}
        </Flex>

        {query.gatewayId === 0 ? (
          <Empty description="请选择要控制的网关" style={{ padding: '48px 0' }} />
        ) : (
          <>
            <Table<GatewayIndicator>
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={writable}
              loading={indicators.isLoading}
              pagination={false}
              locale={{
                emptyText: tableEmpty(
                  indicators,
                  '可写指标',
                  <Empty
                    image={Empty.PRESENTED_IMAGE_SIMPLE}
                    description="该网关没有可写指标（读写类型为只写或读写）"
                  />,
                ),
              }}
              data-testid="writable-indicators"
            />
            <InstructionRecords
              gatewayId={query.gatewayId}
              indicators={writable}
              page={query.page}
              onPage={(page) => setQuery((q) => ({ ...q, page }))}
            />
          </>
        )}
      </Flex>
    </Card>
  );
}
