import type { GroupTreeIndicator } from '@iot/contracts/groups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Empty, Modal, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTreeIndicators } from '../../../monitoring/index';
import {
  rulesApi,
  settingsKeys,
  useAllRules,
  useWaterQualityTemplate,
  type WaterQualityLimit,
} from '../../settings-api';
import { LEVEL_OPTIONS } from './RuleFields';
import { thresholdText } from './ruleForm';

interface Row extends WaterQualityLimit {
  /** Gateway indicators whose identification is the template's key, without a rule of its kind yet. */
  fresh: GroupTreeIndicator[];
  /** Those that already have one (left alone, so applying twice adds nothing). */
  covered: GroupTreeIndicator[];
}

/**
 * 水质模板: GB 18918-2002 class 1 A limits, matched to the project's gateway indicators by their
 * data identification (cod, ph, nh3n, …). The user ticks which limits to apply; each becomes one
 * rule per matching indicator that has no rule of that kind yet.
 */
export function WaterQualityModal({
  groupId,
  open,
  onClose,
}: {
  groupId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const template = useWaterQualityTemplate(groupId, open);
  const rules = useAllRules(groupId, open);
  const { indicators, loading } = useTreeIndicators(groupId);
  const [selected, setSelected] = useState<string[]>([]);
  const [level, setLevel] = useState(2);

  const rows = useMemo<Row[]>(() => {
    const ruled = new Set((rules.data?.list ?? []).map((r) => `${r.gatewayIndicatorId}:${r.kind}`));
    return (template.data ?? []).map((limit) => {
      const matching = [...indicators.values()].filter(
        (gi) => gi.dataIdentification.toLowerCase() === limit.key.toLowerCase(),
      );
      const isCovered = (gi: GroupTreeIndicator) => ruled.has(`${gi.id}:${limit.kind}`);
      return {
        ...limit,
        fresh: matching.filter((gi) => !isCovered(gi)),
        covered: matching.filter(isCovered),
      };
    });
  }, [template.data, rules.data, indicators]);
  const ready = template.isSuccess && rules.isSuccess && !loading;

  // Ticked at first (once per opening, not on every refetch): each limit with something left to apply it to.
  const ticked = useRef(false);
  useEffect(() => {
    if (!open) ticked.current = false;
    else if (ready && !ticked.current) {
      ticked.current = true;
      setSelected(rows.filter((r) => r.fresh.length > 0).map((r) => r.key));
    }
  }, [open, ready, rows]);

  const apply = useMutation({
    mutationFn: async (chosen: Row[]) => {
      let created = 0;
      for (const row of chosen) {
        const answer = await rulesApi.batch(
          groupId,
          {
            gatewayIndicatorIds: row.fresh.map((gi) => gi.id),
            gatewayIds: [],
            name: row.name,
            kind: row.kind,
            level,
            low: row.low,
            high: row.high,
            value: null,
            ratePerMinute: null,
            offlineMinutes: null,
            delaySeconds: 0,
            delayCount: 0,
            hysteresis: 0,
            schedule: null,
            enabled: true,
          },
          false,
        );
        created += answer.created;
      }
      return created;
    },
    onSuccess: (created) => {
      message.success(`已按水质模板创建 ${created} 条预警规则`);
      onClose();
    },
    // Some limits may have been applied before a refusal: the list shows what was.
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.rules(groupId) }),
  });

  const chosen = rows.filter((r) => selected.includes(r.key) && r.fresh.length > 0);
  const columns: TableColumnsType<Row> = [
    {
      title: '项目',
      dataIndex: 'name',
      width: 190,
      render: (name: string, r) => (
        <>
          <div>{name}</div>
          <Typography.Text type="secondary">{r.key}</Typography.Text>
        </>
      ),
    },
    {
      title: '限值',
      key: 'limit',
      width: 110,
      render: (_, r) =>
        `${thresholdText({ ...r, value: null, ratePerMinute: null, offlineMinutes: null })} ${r.unit}`,
    },
    {
      title: '匹配的网关指标',
      key: 'matches',
      render: (_, r) =>
        r.fresh.length + r.covered.length === 0 ? (
          <Typography.Text type="secondary">无</Typography.Text>
        ) : (
          <Space size={[4, 4]} wrap>
            {r.fresh.map((gi) => (
              <Tag key={gi.id} color="blue">
                {gi.gatewayAlias} / {gi.alias}
              </Tag>
            ))}
            {r.covered.map((gi) => (
              <Tag key={gi.id} title="已有同类规则，不再重复创建">
                {gi.gatewayAlias} / {gi.alias}（已有）
              </Tag>
            ))}
          </Space>
        ),
    },
  ];

  return (
    <Modal
      open={open}
      title="水质模板（GB 18918-2002 一级 A 标准）"
      okText={`应用 ${chosen.length} 项`}
      okButtonProps={{ disabled: chosen.length === 0 }}
      confirmLoading={apply.isPending}
      onOk={() => apply.mutate(chosen)}
      onCancel={onClose}
      destroyOnHidden
      width={860}
    >
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        <Alert
          type="info"
          showIcon
          message="按数据标识匹配网关指标（如 cod、ph、nh3n），勾选要应用的限值；每个匹配的指标建一条规则，已有同类规则的指标不再重复创建。"
        />
        <Space>
          <span>预警等级</span>
          <Select
            aria-label="模板预警等级"
            value={level}
            onChange={setLevel}
            options={LEVEL_OPTIONS}
            style={{ width: 140 }}
          />
        </Space>
        <Table<Row>
          rowKey="key"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={!ready && open}
          pagination={false}
          scroll={{ y: 420 }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys as string[]),
            getCheckboxProps: (r) => ({ disabled: r.fresh.length === 0, 'aria-label': r.name }),
          }}
          locale={{ emptyText: <Empty description="模板为空" /> }}
        />
      </Space>
    </Modal>
  );
}
