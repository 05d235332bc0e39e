import { Card } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSavedQuery } from '../../../components/useSavedQuery';
import { useProjectId } from '../../../platform/routes/useProjectId';
import { type RangeQuery, useRepairableIndicators } from '../api';
import { IndicatorRangeForm, type RangeConditions } from '../components/IndicatorRangeForm';
import { RepairEditor } from '../components/RepairEditor';
import { RepairList } from '../components/RepairList';

const DEFAULTS: RangeConditions = { gatewayId: 0, gatewayIndicatorId: 0, startTime: 0, stopTime: 0 };

/**
 * 数据修复 (router-dataRepair): pick a gateway indicator and a range, see its points, correct them
 * point by point or by a rule, preview before/after and submit for audit; the project's repairs below.
 */
export function DataRepair() {
  const groupId = useProjectId();
  const indicators = useRepairableIndicators(groupId);
  const [saved, setSaved] = useSavedQuery(`dataRepair.${groupId}`, DEFAULTS);
  // The range shown on first entry: the saved one, else the last 24 hours up to now (never ahead).
  const [conditions, setConditions] = useState<RangeConditions>(() => {
    if (saved.startTime > 0) return saved;
    const now = dayjs().startOf('minute');
    return { ...saved, startTime: now.subtract(24, 'hour').valueOf(), stopTime: now.valueOf() };
  });
  const [range, setRange] = useState<RangeQuery | null>(() =>
    saved.gatewayIndicatorId > 0 && saved.startTime > 0
      ? { gatewayIndicatorId: saved.gatewayIndicatorId, startTime: saved.startTime, stopTime: saved.stopTime }
      : null,
  );
  const indicator = indicators.data?.find((i) => i.gatewayIndicatorId === range?.gatewayIndicatorId);

  const search = () => {
    if (!conditions.gatewayIndicatorId || conditions.stopTime <= conditions.startTime) return;
    setSaved(conditions);
    setRange({
      gatewayIndicatorId: conditions.gatewayIndicatorId,
      startTime: conditions.startTime,
      stopTime: conditions.stopTime,
    });
  };

  return (
    <>
      <Card title="数据修复" style={{ marginBottom: 16 }}>
        <IndicatorRangeForm
          indicators={indicators.data ?? []}
          loading={indicators.isLoading}
          value={conditions}
          onChange={setConditions}
          onSearch={search}
        />
        <div style={{ marginTop: 16 }}>
          <RepairEditor groupId={groupId} indicator={indicator} range={range} />
        </div>
      </Card>
      <Card title="修复记录">
        <RepairList groupId={groupId} />
      </Card>
    </>
  );
}
