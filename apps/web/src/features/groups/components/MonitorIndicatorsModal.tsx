import { type GroupNode, MONITOR_MAX_INDICATORS } from '@iot/contracts/groups';
import { useMutation } from '@tanstack/react-query';
import { App, Empty, Modal, Spin, Transfer, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { LoadError } from '../../../components/LoadState';
import { groupsApi, useMonitorIndicators, useProjectIndicators, useRefreshGroups } from '../api';

/**
 * 关联网关指标: a transfer list of the project's gateway indicators; saving sets the point's whole
 * list in one call (attach and detach alike). Linking takes no indicator quota (decision 0015).
 */
export function MonitorIndicatorsModal({
  projectId,
  point,
  onClose,
}: {
  projectId: number;
  point: GroupNode | null;
  onClose(): void;
}) {
  const { indicators, loading, failure } = useProjectIndicators(projectId);
  const linked = useMonitorIndicators(point?.id ?? null);
  const [targetKeys, setTargetKeys] = useState<number[]>([]);
  const { message } = App.useApp();
  const refresh = useRefreshGroups();

  useEffect(() => {
    if (point && linked.data) setTargetKeys(linked.data.map((i) => i.id));
  }, [point, linked.data]);

  const save = useMutation({
    mutationFn: () => groupsApi.setIndicators(point!.id, targetKeys),
    onSuccess: (saved) => {
      message.success(`「${point?.name}」已关联 ${saved.length} 个网关指标`);
      void refresh();
      onClose();
    },
  });

  const dataSource = indicators.map((i) => ({
    key: i.id,
    title: `${i.gatewayAlias} · ${i.alias}`,
    description: i.dataIdentification,
  }));

  return (
    <Modal
      open={point !== null}
      title={`关联网关指标「${point?.name ?? ''}」`}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => {
        if (targetKeys.length > MONITOR_MAX_INDICATORS)
          return void message.warning(`一个监测点最多关联 ${MONITOR_MAX_INDICATORS} 个网关指标`);
        save.mutate();
      }}
      onCancel={onClose}
      destroyOnHidden
      width={760}
    >
      {loading || linked.isLoading ? (
        <Spin style={{ display: 'block', margin: '40px auto' }} />
      ) : failure ? (
        <LoadError compact what="网关指标" error={failure.error} onRetry={failure.refetch} />
      ) : linked.isError ? (
        <LoadError compact what="已关联的网关指标" error={linked.error} onRetry={linked.refetch} />
      ) : dataSource.length === 0 ? (
        <Empty description="本项目的网关还没有指标，请先在网关管理中添加网关与指标" />
      ) : (
        <>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            可选本项目任意网关的指标；关联不占用监测项配额。
          </Typography.Paragraph>
          <Transfer
            dataSource={dataSource}
            targetKeys={targetKeys}
            onChange={(keys) => setTargetKeys(keys.map(Number))}
            render={(item) => (
              <span title={item.description}>
                {item.title}
                <Typography.Text type="secondary" style={{ marginLeft: 6, fontSize: 12 }}>
                  {item.description}
                </Typography.Text>
              </span>
            )}
            showSearch
            filterOption={(input, item) =>
              `${item.title} ${item.description}`.toLowerCase().includes(input.trim().toLowerCase())
            }
            titles={['本项目网关指标', '已关联']}
            locale={{
              searchPlaceholder: '网关或指标名称',
              itemUnit: '项',
              itemsUnit: '项',
              notFoundContent: '无',
            }}
            styles={{ section: { width: 330, height: 380 } }}
            pagination={{ pageSize: 50 }}
          />
        </>
      )}
    </Modal>
  );
}
