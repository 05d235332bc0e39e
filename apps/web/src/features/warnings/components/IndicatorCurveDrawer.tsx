import { thresholdLimits, type Warning } from '@iot/contracts/warnings';
import { Alert, Button, Drawer, Flex, Segmented, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useScopeMenus } from '../../../platform/queries';
import { generateRoutes } from '../../../platform/routes/generate';
import { formatTime, valueText, withUnit } from './format';
import type { CurveMark } from './IndicatorCurve';
import { IndicatorCurve } from './IndicatorCurve';
import { LevelTag } from './WarningTags';

/** The indicator a curve is asked for, as 实时数据 knows it. */
export interface CurveTarget {
  /** The gateway indicator. */
  id: number;
  gatewayId: number;
  gatewayAlias: string;
  metric: string;
  alias: string;
  unit: string;
  decimals: number | null;
}

const SPANS = [
  { value: 3_600_000, label: '1小时' },
  { value: 6 * 3_600_000, label: '6小时' },
  { value: 24 * 3_600_000, label: '24小时' },
  { value: 7 * 86_400_000, label: '7天' },
];

/** Dashed lines for a warning: its limits across, its start (and release) along. */
export function warningMarks(warning: Warning): CurveMark[] {
  const { low, high } = thresholdLimits(warning.kind, warning.threshold);
  const marks: CurveMark[] = [];
  if (high !== null)
    marks.push({ axis: 'y', value: high, label: `上限 ${withUnit(String(high), warning.unit)}` });
  if (low !== null)
    marks.push({ axis: 'y', value: low, label: `下限 ${withUnit(String(low), warning.unit)}` });
  marks.push({ axis: 'x', value: warning.startedAt, label: '预警开始' });
  if (warning.releasedAt !== null) marks.push({ axis: 'x', value: warning.releasedAt, label: '解除' });
  return marks;
}

/** The path of 预警列表 with one warning open, if the user's project menu has the screen. */
function useWarningPath(groupId: number, warningId: number | undefined): string | null {
  const menus = useScopeMenus({ type: 'project', id: groupId });
  return useMemo(() => {
    if (warningId === undefined) return null;
    const list = generateRoutes(menus.data ?? [], { type: 'project', id: groupId }).find(
      (route) => route.code === 'router-warningList',
    );
    return list ? `${list.path}?warningId=${warningId}` : null;
  }, [menus.data, groupId, warningId]);
}

/**
 * A card's or row's curve on 实时数据: the indicator over the last 1 hour … 7 days (24 hours at
 * first), and while it has an open warning, that warning with its limits drawn on the curve.
 */
export function IndicatorCurveDrawer({
  groupId,
  target,
  warning,
  onClose,
}: {
  groupId: number;
  target: CurveTarget | null;
  warning: Warning | undefined;
  onClose: () => void;
}) {
  return (
    <Drawer
      title={target ? `${target.gatewayAlias} · ${target.alias}` : '曲线'}
      // Never wider than a phone's screen.
      size={Math.min(720, window.innerWidth)}
      open={target !== null}
      onClose={onClose}
      destroyOnHidden
    >
      {target && <CurveBody key={target.id} groupId={groupId} target={target} warning={warning} />}
    </Drawer>
  );
}

/** The drawer's content, made afresh for each indicator: its range ends when it opens. */
function CurveBody({
  groupId,
  target,
  warning,
}: {
  groupId: number;
  target: CurveTarget;
  warning: Warning | undefined;
}) {
  const [span, setSpan] = useState(24 * 3_600_000);
  // Taken at opening and at each change of span, not on every render (each would ask again).
  const [stop, setStop] = useState(() => Date.now());
  const navigate = useNavigate();
  const warningPath = useWarningPath(groupId, warning?.id);
  const marks = useMemo(() => (warning ? warningMarks(warning) : undefined), [warning]);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="curve-drawer">
      {warning && (
        <Alert
          type={warning.level === 1 ? 'error' : 'warning'}
          showIcon
          message={
            <Flex justify="space-between" align="center" gap={8} wrap>
              <Space size={8} wrap>
                <LevelTag level={warning.level} />
                <span>
                  {valueText(warning)}，{formatTime(warning.startedAt)} 起
                </span>
              </Space>
              {warningPath && (
                <Button size="small" type="link" onClick={() => navigate(warningPath)}>
                  查看预警
                </Button>
              )}
            </Flex>
          }
        />
      )}
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text type="secondary">
          {target.metric}
          {target.unit ? ` · ${target.unit}` : ''}
        </Typography.Text>
        <Segmented
          aria-label="曲线时段"
          value={span}
          onChange={(value) => {
            setSpan(Number(value));
            setStop(Date.now());
          }}
          options={SPANS.map((s) => ({ value: s.value, label: `最近${s.label}` }))}
        />
      </Flex>
      <IndicatorCurve
        gatewayId={target.gatewayId}
        metric={target.metric}
        name={target.alias}
        unit={target.unit}
        decimals={target.decimals}
        start={stop - span}
        stop={stop}
        marks={marks}
        height={360}
      />
    </Space>
  );
}
