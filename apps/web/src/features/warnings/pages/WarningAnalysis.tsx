import {
  type WarningAnalysis as Analysis,
  HANDLE_STATUSES,
  HandleStatusLabels,
  RuleKindLabels,
  WarningLevelLabels,
} from '@iot/contracts/warnings';
import { Button, Card, Col, Form, Row, theme } from 'antd';
import { useMemo, useState } from 'react';
import { type Figure, ReportBody } from '../../../components/ReportBody';
import { useSavedQuery } from '../../../components/useSavedQuery';
import { useProjectId } from '../../../platform/routes/useProjectId';
import { resolveRange, TimeRangeField, type TimeRangeValue } from '../../monitoring/index';
import { useWarningAnalysis } from '../api';
import { DailyChart, ShareChart, TopChart } from '../components/AnalysisCharts';
import { fillDays, handledShare } from '../components/analysisData';
import { formatDuration } from '../components/format';
import { LEVEL_COLORS } from '../components/WarningTags';

const DEFAULTS: TimeRangeValue = { preset: 'last7d', start: 0, stop: 0 };
/** How many gateways and indicators the top charts show. */
const TOP = 10;

/**
 * 预警分析 (router-warningAnalysis): over a chosen range, the warnings per day, their levels, handle
 * statuses and rule kinds, the gateways and indicators warning most, the share handled and the
 * mean time from a warning's start to 已处理.
 */
export function WarningAnalysis() {
  const groupId = useProjectId();
  const [saved, setSaved] = useSavedQuery(`warnings.analysis.${groupId}`, DEFAULTS);
  const [draft, setDraft] = useState<TimeRangeValue>(saved);
  // Bumped on each 查 询 so a preset range ("today") is taken again at the moment of asking.
  const [asked, setAsked] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `asked` takes a preset's range again on each search
  const range = useMemo(() => {
    const r = resolveRange(saved);
    if (!r?.[1].isAfter(r[0])) return null;
    return { startTime: r[0].valueOf(), stopTime: r[1].valueOf() };
  }, [saved, asked]);
  const analysis = useWarningAnalysis(groupId, range);
  const _data = analysis.data;

  return (
    <Card title="预警分析" variant="borderless">
      <Form layout="inline" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item label="时间">
          <TimeRangeField value={draft} onChange={setDraft} />
        </Form.Item>
        <Form.Item>
          <Button
            type="primary"
            onClick={() => {
              setSaved(draft);
              setAsked((n) => n + 1);
            }}
          >
            查 询
          </Button>
        </Form.Item>
      </Form>
      <ReportBody
        what="预警分析"
        query={range === null ? null : analysis}
        invalidRange="请选择开始早于结束的时间范围"
        empty="所选时间内没有预警"
        isEmpty={(data) => data.total === 0}
        figures={figuresOf}
        charts={(data) => <Charts analysis={data} start={range!.startTime} stop={range!.stopTime} />}
      />
    </Card>
  );
}

/** The headline figures of the range. */
function figuresOf(analysis: Analysis): Figure[] {
  const count = (status: string) =>
    analysis.byHandleStatus.find((s) => s.handleStatus === status)?.count ?? 0;
  const share = handledShare(analysis);
  return [
    { key: 'total', title: '预警总数', value: String(analysis.total) },
    { key: 'unhandled', title: '未处理', value: String(count('unhandled')) },
    { key: 'handling', title: '处理中', value: String(count('handling')) },
    { key: 'rate', title: '处理率', value: share === null ? '—' : `${(share * 100).toFixed(1)}%` },
    {
      key: 'mean',
      title: '平均处理用时',
      value: analysis.meanHandleMs === null ? '—' : formatDuration(analysis.meanHandleMs),
    },
  ];
}

function Charts({ analysis, start, stop }: { analysis: Analysis; start: number; stop: number }) {
  const { token } = theme.useToken();
  const days = useMemo(() => fillDays(analysis.byDay, start, stop), [analysis.byDay, start, stop]);
  const levels = useMemo(
    () =>
      analysis.byLevel.map((l) => ({
        name: WarningLevelLabels[l.level] ?? `${l.level}级`,
        value: l.count,
        color: LEVEL_COLORS[l.level],
      })),
    [analysis.byLevel],
  );
  const statuses = useMemo(() => {
    const colors = { unhandled: token.colorError, handling: token.colorPrimary, handled: token.colorSuccess };
    return HANDLE_STATUSES.map((status) => ({
      name: HandleStatusLabels[status],
      value: analysis.byHandleStatus.find((s) => s.handleStatus === status)?.count ?? 0,
      color: colors[status],
    })).filter((s) => s.value > 0);
  }, [analysis.byHandleStatus, token]);
  const kinds = useMemo(() => {
    const palette = [
      token.colorPrimary,
      token.colorWarning,
      token.colorSuccess,
      '#9254de',
      '#13c2c2',
      '#eb2f96',
    ];
    return analysis.byKind.map((k, i) => ({
      name: RuleKindLabels[k.kind],
      value: k.count,
      color: palette[i % palette.length],
    }));
  }, [analysis.byKind, token]);
  const gateways = useMemo(
    () =>
      analysis.byGateway
        .slice(0, TOP)
        .map((g) => ({ name: g.gatewayAlias || `#${g.gatewayId}`, count: g.count })),
    [analysis.byGateway],
  );
  const indicators = useMemo(
    () => analysis.byIndicator.slice(0, TOP).map((i) => ({ name: i.name, count: i.count })),
    [analysis.byIndicator],
  );
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card size="small" title="每日预警数">
          <DailyChart days={days} />
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card size="small" title="级别分布">
          <ShareChart testId="chart-by-level" slices={levels} />
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card size="small" title="处理状态">
          <ShareChart testId="chart-by-status" slices={statuses} />
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card size="small" title="规则类型">
          <ShareChart testId="chart-by-kind" slices={kinds} />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={`预警最多的网关（前 ${TOP}）`}>
          <TopChart testId="chart-by-gateway" items={gateways} />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={`预警最多的指标（前 ${TOP}）`}>
          <TopChart testId="chart-by-indicator" items={indicators} />
        </Card>
      </Col>
    </Row>
  );
}
