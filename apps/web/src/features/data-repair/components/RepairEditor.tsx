import { decimalProblem, MEASURED_VALUE, Permission } from '@iot/contracts';
import {
  MAX_REPAIR_DESCRIPTION,
  NUMERIC_RULES,
  REPAIR_MODES,
  REPAIR_RULES,
  type RepairableIndicator,
  type RepairChange,
  RepairMessages,
  type RepairProposal,
  type RepairRuleKind,
  VALUED_RULES,
} from '@iot/contracts/data-repair';
import { indicatorValueRule } from '@iot/contracts/indicators';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Col,
  Empty,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Spin,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { LoadError } from '../../../components/LoadState';
import { usePermission } from '../../../platform/routes/currentRoute';
import { applyChanges, previewRepair, type RangeQuery, submitRepair, useRangePoints } from '../api';
import { type PointEdits, PointsTable } from './PointsTable';
import { ChangesTable } from './RepairChanges';
import { RepairChart } from './RepairChart';

interface Props {
  groupId: number;
  indicator: RepairableIndicator | undefined;
  /** The range asked for with 查 询; null before the first query. */
  range: RangeQuery | null;
}

/** The proposal side of the screen: the current points, corrections or a rule, a preview, and submission. */
export function RepairEditor({ groupId, indicator, range }: Props) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canSubmit = usePermission(Permission.UPDATE);
  const points = useRangePoints(groupId, range);
  const [mode, setMode] = useState<'points' | 'rule'>('points');
  const [edits, setEdits] = useState<PointEdits>(new Map());
  const [ruleKind, setRuleKind] = useState<RepairRuleKind>('interpolate');
  const [ruleValue, setRuleValue] = useState('');
  const [changes, setChanges] = useState<RepairChange[] | null>(null);
  const [form] = Form.useForm<{ description: string }>();
  const [loadedFor, setLoadedFor] = useState<RangeQuery | null>(null);

  // A new query starts a new proposal.
  if (range !== loadedFor) {
    setLoadedFor(range);
    setEdits(new Map());
    setChanges(null);
  }

  const numeric = indicator?.type === 'float' || indicator?.type === 'integer';
  // The rule's value as the server checks it (spec core §5): a factor or an offset is a measured
  // value; a constant for a numeric indicator has at most the indicator's decimals.
  const checkTyped = (value: string) =>
    numeric && indicator
      ? decimalProblem(
          value,
          indicatorValueRule(indicator.type as 'float' | 'integer', indicator.decimalPlaces),
        )
      : null;
  const ruleValueProblem =
    mode === 'rule' && VALUED_RULES.includes(ruleKind) && ruleValue.trim() !== ''
      ? ruleKind === 'constant'
        ? checkTyped(ruleValue)
        : decimalProblem(ruleValue, MEASURED_VALUE)
      : null;
  const editsHaveProblem =
    mode === 'points' && [...edits.values()].some((value) => value !== null && checkTyped(value) !== null);
  const proposal = (): RepairProposal | null => {
    if (!range) return null;
    const base = { ...range };
    if (mode === 'points') return { ...base, mode, points: [...edits].map(([ts, value]) => ({ ts, value })) };
    return {
      ...base,
      mode,
      rule: { kind: ruleKind, ...(VALUED_RULES.includes(ruleKind) ? { value: ruleValue.trim() } : {}) },
    };
  };

  const preview = useMutation({
    mutationFn: (p: RepairProposal) => previewRepair(groupId, p),
    onSuccess: (answer) => setChanges(answer.changes),
  });
  const submit = useMutation({
    mutationFn: (description: string) => submitRepair(groupId, { ...proposal()!, description }),
    onSuccess: () => {
      message.success('已提交审批，审批通过后修正值才会写入历史数据');
      setEdits(new Map());
      setChanges(null);
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: ['dataRepair', 'list'] });
    },
  });

  const onEdit = (ts: number, value: string | null | undefined) => {
    setEdits((current) => {
      const next = new Map(current);
      if (value === undefined) next.delete(ts);
      else next.set(ts, value);
      return next;
    });
    setChanges(null);
  };

  const stored = useMemo(() => points.data?.points ?? [], [points.data]);
  // The chart also shows the nearest point on each side of the range: the anchors of interpolation.
  const anchors = useMemo(
    () => [points.data?.before, points.data?.after].filter((p) => p != null),
    [points.data],
  );
  const shown = useMemo(() => [...anchors, ...stored].sort((a, b) => a.ts - b.ts), [anchors, stored]);
  const after = useMemo(() => (changes ? applyChanges(shown, changes, 'after') : null), [shown, changes]);

  if (!range || !indicator)
    return (
      <Empty style={{ padding: 32 }} description="选择网关、指标和时间段后点击“查询”，查看要修复的数据" />
    );

  if (points.isError && !points.data)
    return <LoadError what="时间段内的数据" error={points.error} onRetry={points.refetch} />;

  const chartRange: [number, number] = [range.startTime, range.stopTime];
  const chartSpan: [number, number] = [
    Math.min(range.startTime, points.data?.before?.ts ?? range.startTime),
    Math.max(range.stopTime, points.data?.after?.ts ?? range.stopTime),
  ];
  const ruleOptions = (Object.keys(REPAIR_RULES) as RepairRuleKind[])
    .filter((kind) => numeric || !NUMERIC_RULES.includes(kind))
    .map((kind) => ({ value: kind, label: REPAIR_RULES[kind] }));

  return (
    <Spin spinning={points.isFetching && !points.data}>
      {points.data?.truncated && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={RepairMessages.RANGE_TOO_MANY_POINTS}
        />
      )}
      <RepairChart before={shown} after={after} range={chartSpan} unit={indicator.unit} />
      <Row gutter={24} style={{ marginTop: 12 }}>
        <Col xs={24} xl={14}>
          <Space style={{ marginBottom: 12 }} wrap>
            <Radio.Group
              optionType="button"
              value={mode}
              onChange={(event) => {
                setMode(event.target.value);
                setChanges(null);
              }}
              options={[
                { value: 'points', label: REPAIR_MODES.points },
                { value: 'rule', label: REPAIR_MODES.rule },
              ]}
            />
            {mode === 'rule' && (
              <>
                <Select
                  aria-label="修复规则"
                  style={{ width: 140 }}
                  value={ruleKind}
                  options={ruleOptions}
                  onChange={(kind) => {
                    setRuleKind(kind);
                    setChanges(null);
                  }}
                />
                {VALUED_RULES.includes(ruleKind) && (
                  <Input
                    aria-label="规则数值"
                    placeholder={ruleKind === 'scale' ? '系数' : ruleKind === 'offset' ? '偏移量' : '数值'}
                    style={{ width: 120 }}
                    status={ruleValueProblem ? 'error' : undefined}
                    value={ruleValue}
                    onChange={(event) => {
                      setRuleValue(event.target.value);
                      setChanges(null);
                    }}
                  />
                )}
                {ruleValueProblem && (
                  <Typography.Text type="danger" role="alert">
                    {ruleValueProblem}
                  </Typography.Text>
                )}
              </>
            )}
            <Button
              onClick={() => {
                const p = proposal();
                if (p) preview.mutate(p);
              }}
              loading={preview.isPending}
              disabled={
                (mode === 'points' && edits.size === 0) || ruleValueProblem !== null || editsHaveProblem
              }
            >
              预览修正
            </Button>
          </Space>
          {mode === 'points' ? (
            <PointsTable
              points={stored}
              edits={edits}
              onEdit={onEdit}
              range={chartRange}
              loading={points.isFetching}
              editable={canSubmit}
              check={checkTyped}
            />
          ) : (
            <Typography.Paragraph type="secondary">
              {ruleKind === 'interpolate'
                ? '时间段内的每个点取时间段前最后一个点与时间段后第一个点之间的直线值。'
                : `对时间段内已有的 ${stored.length} 个点${REPAIR_RULES[ruleKind]}。`}
            </Typography.Paragraph>
          )}
        </Col>
        <Col xs={24} xl={10}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            修正预览
          </Typography.Title>
          {changes ? (
            <ChangesTable changes={changes} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="修改数值或选择规则后点击“预览修正”" />
          )}
          {canSubmit && (
            <Form
              form={form}
              layout="vertical"
              style={{ marginTop: 12 }}
              onFinish={(values) => submit.mutate(values.description.trim())}
            >
              <Form.Item
                name="description"
                label="修复说明"
                rules={[
                  { required: true, whitespace: true, message: RepairMessages.DESCRIPTION_REQUIRED },
                  { max: MAX_REPAIR_DESCRIPTION, message: RepairMessages.DESCRIPTION_TOO_LONG },
                ]}
              >
                <Input.TextArea
                  rows={2}
                  maxLength={MAX_REPAIR_DESCRIPTION}
                  showCount
                  placeholder="说明数据异常的原因与修正依据"
                />
              </Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                loading={submit.isPending}
                disabled={!changes || changes.length === 0}
              >
                提交审批
              </Button>
            </Form>
          )}
        </Col>
      </Row>
    </Spin>
  );
}
