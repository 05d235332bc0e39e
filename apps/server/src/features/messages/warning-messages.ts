import { RuleKindLabels, WarningLevelLabels } from '@iot/contracts/warnings';
import type { WarningEvent } from '../warnings/index.js';
import { chinaTime, type Notification } from './dispatcher.js';

/** A value or threshold with the indicator's unit, where it has one. */
const withUnit = (text: string, unit: string | null) => (unit ? `${text} ${unit}` : text);

/** A warning raised → 监测预警通知; released → 监测预警解除通知, with the template's placeholders. */
export function warningNotification(event: WarningEvent): Notification {
  const w = event.warning;
  const released = event.type === 'released';
  const at = released ? (w.releasedAt ?? w.startedAt) : w.startedAt;
  return {
    projectId: w.projectId,
    type: released ? 'warningRelease' : 'warning',
    level: w.level,
    relationId: w.id,
    // §3 Message headers: the warning's cameras (comma-separated) beside its time.
    headers: {
      warningAt: w.startedAt,
      ...(w.cameraIds.length > 0 ? { cameraIds: w.cameraIds.join(','), autoCapture: w.autoCapture } : {}),
    },
    at,
    variables: {
      gatewayAlias: w.gatewayAlias,
      indicatorName: w.indicatorName ?? (w.kind === 'offline' ? '在线状态' : (w.metric ?? '')),
      value: withUnit(released ? (w.releaseValue ?? w.value) : w.value, w.unit),
      threshold: withUnit(w.threshold, w.unit),
      level: WarningLevelLabels[w.level] ?? String(w.level),
      kind: RuleKindLabels[w.kind],
      time: chinaTime(at),
    },
  };
}
