import type { GroupTreeIndicator } from '@iot/contracts/groups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Empty,
  Flex,
  Modal,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { tableEmpty } from '../../../../components/LoadState';
import { useTreeIndicators } from '../../../monitoring/index';
import {
  rulesApi,
  settingsKeys,
  useAllRules,
  useWaterQualityTemplate,
  type WaterQualityLimit,
} from '../../settings-api';
import { EFFLUENT_WORD, effluentGateways } from './effluentGateways';
import { LEVEL_OPTIONS } from './RuleFields';
import { thresholdText } from './ruleForm';

interface Row extends WaterQualityLimit {
  /** Gateway indicators of the chosen gateways whose identification is the template's key, without a rule of its kind yet. */
  fresh: GroupTreeIndicator[];
  /** Those that already have one (left alone, so applying twice adds nothing). */
  covered: GroupTreeIndicator[];
}

/**
 * 水质模板: GB 18918-2002 class 1 A limits (treated water), on the gateways the user chooses — at
 * first those named 出水 or in a group named so, never influent ones (docs/decisions/0033) — matched
 * to their indicators by data identification (cod, ph, nh3n, …). The user ticks which limits to
 * apply; the server makes one rule per matching indicator of those gateways without a rule of that
 * kind yet.
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
  const { indicators, gateways, tree, loading } = useTreeIndicators(groupId);
  const [selected, setSelected] = useState<string[]>([]);
  const [chosenGateways, setChosenGateways] = useState<number[]>([]);
  const [level, setLevel] = useState(2);

  const rows = useMemo<Row[]>(() => {
    const ruled = new Set((rules.data?.list ?? []).map((r) => `${r.gatewayIndicatorId}:${r.kind}`));
    const covers = new Set(chosenGateways);
    return (template.data ?? []).map((limit) => {
      const matching = [...indicators.values()].filter(
        (gi) => covers.has(gi.gatewayId) && gi.dataIdentification.toLowerCase() === limit.key.toLowerCase(),
      );
      const isCovered = (gi: GroupTreeIndicator) => ruled.has(`${gi.id}:${limit.kind}`);
      return {
        ...limit,
        fresh: matching.filter((gi) => !isCovered(gi)),
        covered: matching.filter(isCovered),
      };
    });
  }, [template.data, rules.data, indicators, chosenGateways]);
  const ready = template.isSuccess && rules.isSuccess && !loading;

  // Chosen at first (once per opening, not on every refetch): the effluent gateways; and, whenever
  // the gateways change, each limit with something left to apply it to on them.
  const opened = useRef(false);
  useEffect(() => {
    if (!open) opened.current = false;
    else if (ready && !opened.current) {
      opened.current = true;
      setChosenGateways(effluentGateways(tree));
    }
  }, [open, ready, tree]);
  const tickedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!open) tickedFor.current = null;
    const key = chosenGateways.join(',');
    if (!open || !ready || !opened.current || tickedFor.current === key) return;
    tickedFor.current = key;
    setSelected(rows.filter((r) => r.fresh.length > 0).map((r) => r.key));
  }, [open, ready, chosenGateways, rows]);

  const apply = useMutation({
    mutationFn: async (chosen: Row[]) =>
      (
        await rulesApi.applyWaterQuality(groupId, {
          gatewayIds: chosenGateways,
          keys: chosen.map((row) => row.key),
          level,
        })
      ).created,
    onSuccess: (created) => {
      message.success(`已按水质模板创建 ${created} 条预警规则`);
      onClose();
    },
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
      okButtonProps={{ disabled: chosen.length === 0 || chosenGateways.length === 0 }}
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
          message={`GB 18918 是出水（处理后）水质的标准：只应用到所选网关，默认选中名称或所在分组含“${EFFLUENT_WORD}”的网关。按数据标识匹配指标（如 cod、ph、nh3n），每个匹配的指标建一条规则，已有同类规则的指标不再重复创建。`}
        />
        <Flex gap={8} align="center">
          <span style={{ flex: 'none' }}>应用到网关</span>
          <Select
            aria-label="应用到网关"
            mode="multiple"
            allowClear
            value={chosenGateways}
            onChange={setChosenGateways}
            placeholder="请选择出水网关"
            optionFilterProp="label"
            options={[...gateways].map(([id, alias]) => ({ value: id, label: alias }))}
            style={{ flex: 1, minWidth: 0 }}
            status={ready && chosenGateways.length === 0 ? 'warning' : undefined}
          />
        </Flex>
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
          locale={{ emptyText: tableEmpty(template, '水质模板', <Empty description="模板为空" />) }}
        />
      </Space>
    </Modal>
  );
}
