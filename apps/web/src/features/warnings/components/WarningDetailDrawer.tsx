import { RuleKindLabels, type WarningDetail } from '@iot/contracts/warnings';
import { Button, Descriptions, Drawer, Empty, Spin, Timeline, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { LoadError } from '../../../components/LoadState';
import { useWarningDetail } from '../api';
import { formatDuration, formatTime, indicatorText, warningDuration, withUnit } from './format';
import { IndicatorCurve } from './IndicatorCurve';
import { warningMarks } from './IndicatorCurveDrawer';
import { WarningCameras } from './WarningCameras';
import { HandleStatusTag, LevelTag, StateTag } from './WarningTags';

/** The facts of one warning and every handling step: who, when, to which status, with which note. */
function WarningFacts({ warning }: { warning: WarningDetail }) {
  return (
    <>
      <Descriptions
        size="small"
        column={2}
        bordered
        style={{ marginBottom: 24 }}
        items={[
          {
            key: 'gateway',
            label: '网关',
            span: 2,
            children: warning.gatewayAlias || `#${warning.gatewayId}`,
          },
          { key: 'indicator', label: '指标', span: 2, children: indicatorText(warning) },
          { key: 'level', label: '级别', children: <LevelTag level={warning.level} /> },
          { key: 'kind', label: '规则类型', children: RuleKindLabels[warning.kind] },
          { key: 'value', label: '触发值', children: withUnit(warning.value, warning.unit) },
          { key: 'threshold', label: '阈值', children: withUnit(warning.threshold, warning.unit) || '—' },
          { key: 'startedAt', label: '开始时间', children: formatTime(warning.startedAt) },
          {
            key: 'state',
            label: '预警状态',
            children: <StateTag releasedAt={warning.releasedAt} />,
          },
          { key: 'releasedAt', label: '解除时间', children: formatTime(warning.releasedAt) },
          {
            key: 'releaseValue',
            label: '解除值',
            children: warning.releaseValue === null ? '—' : withUnit(warning.releaseValue, warning.unit),
          },
          {
            key: 'duration',
            label: '持续时长',
            children: formatDuration(warningDuration(warning, Date.now())),
          },
          {
            key: 'handleStatus',
            label: '处理状态',
            children: <HandleStatusTag status={warning.handleStatus} />,
          },
        ]}
      />
      {warning.cameraIds.length > 0 && <WarningCameras warning={warning} />}
      {warning.gatewayIndicatorId !== null && warning.metric && <WarningCurve warning={warning} />}
      <Typography.Title level={5}>处理记录</Typography.Title>
      {warning.handles.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有处理记录" />
      ) : (
        <Timeline
          data-testid="handle-history"
          items={warning.handles.map((h) => ({
            key: h.id,
            color: h.status === 'handled' ? 'green' : 'blue',
            children: (
              <>
                <div>
                  <HandleStatusTag status={h.status} />
                  <Typography.Text strong>{h.realname || h.username || '已删除的用户'}</Typography.Text>
                  {h.username && h.realname && (
                    <Typography.Text type="secondary">（{h.username}）</Typography.Text>
                  )}
                  <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
                    {formatTime(h.createdAt)}
                  </Typography.Text>
                </div>
                <Typography.Paragraph style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>
                  {h.note}
                </Typography.Paragraph>
              </>
            ),
          }))}
        />
      )}
    </>
  );
}

/** Time shown on each side of a warning: as long as it lasted, at least 10 minutes, at most 12 hours. */
const MIN_MARGIN_MS = 10 * 60_000;
const MAX_MARGIN_MS = 12 * 3_600_000;

/** The range of a warning's curve: from before its start to after its release (or now). */
export function curveRange(warning: WarningDetail, now: number): [number, number] {
  const end = warning.releasedAt ?? now;
  const margin = Math.min(MAX_MARGIN_MS, Math.max(MIN_MARGIN_MS, end - warning.startedAt));
  return [warning.startedAt - margin, Math.min(now, end + margin)];
}

/** The indicator's curve around the warning, its limits and its start (and release) drawn on it. */
function WarningCurve({ warning }: { warning: WarningDetail }) {
  // Taken once per warning: a re-render must not move the range (and ask again).
  const [[start, stop]] = useState(() => curveRange(warning, Date.now()));
  const marks = useMemo(() => warningMarks(warning), [warning]);
  return (
    <div style={{ marginBottom: 24 }}>
      <Typography.Title level={5}>预警前后曲线</Typography.Title>
      <IndicatorCurve
        gatewayId={warning.gatewayId}
        metric={warning.metric!}
        name={warning.indicatorName ?? warning.metric!}
        unit={warning.unit ?? ''}
        decimals={null}
        start={start}
        stop={stop}
        marks={marks}
        height={280}
      />
    </div>
  );
}

/** 预警详情 in a drawer; 处理 opens the handle dialog when the user may handle. */
export function WarningDetailDrawer({
  groupId,
  id,
  canHandle,
  onHandle,
  onClose,
}: {
  groupId: number;
  id: number | null;
  canHandle: boolean;
  onHandle: (warning: WarningDetail) => void;
  onClose: () => void;
}) {
  const detail = useWarningDetail(groupId, id);
  const warning = detail.data;
  return (
    <Drawer
      title="预警详情"
      size={640}
      open={id !== null}
      onClose={onClose}
      destroyOnHidden
      extra={
        canHandle && warning ? (
          <Button type="primary" onClick={() => onHandle(warning)}>
            处理
          </Button>
        ) : null
      }
    >
      {detail.isError ? (
        <LoadError what="预警详情" error={detail.error} onRetry={detail.refetch} />
      ) : warning ? (
        <WarningFacts warning={warning} />
      ) : (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      )}
    </Drawer>
  );
}
