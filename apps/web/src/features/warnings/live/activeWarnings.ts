import type { Warning, WarningEvent } from '@iot/contracts/warnings';

/** What 实时数据 marks: per gateway indicator (and per gateway, for offline) its most severe open warning. */
export interface WarningMarks {
  byIndicator: Map<number, Warning>;
  byGateway: Map<number, Warning>;
}

/**
 * Open warnings are those not released and not yet 已处理 (unhandled or 处理中): once someone has
 * dealt with it, the card returns to normal even if the value is still out (docs/decisions/0033).
 */
export const isOpen = (w: Warning) => w.releasedAt === null && w.handleStatus !== 'handled';

/** The list of active warnings after a raise or release from the project's topic. */
export function applyEvent(list: Warning[], event: WarningEvent): Warning[] {
  const others = list.filter((w) => w.id !== event.warning.id);
  return event.type === 'raised' && event.warning.releasedAt === null ? [...others, event.warning] : others;
}

/** The marks of a list of warnings: the most severe (lowest level), then the latest, wins. */
export function warningMarks(list: Warning[]): WarningMarks {
  const byIndicator = new Map<number, Warning>();
  const byGateway = new Map<number, Warning>();
  const worse = (a: Warning, b: Warning | undefined) =>
    !b || a.level < b.level || (a.level === b.level && a.startedAt > b.startedAt);
  for (const w of list) {
    if (!isOpen(w)) continue;
    if (w.gatewayIndicatorId === null) {
      if (worse(w, byGateway.get(w.gatewayId))) byGateway.set(w.gatewayId, w);
    } else if (worse(w, byIndicator.get(w.gatewayIndicatorId))) byIndicator.set(w.gatewayIndicatorId, w);
  }
  return { byIndicator, byGateway };
}
