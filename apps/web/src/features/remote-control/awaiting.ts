import type { GatewayIndicator } from '@iot/contracts/indicators';
import {
  type InstructionRecord,
  InstructionStatus,
  OPEN_INSTRUCTION_STATUSES,
} from '@iot/contracts/remote-control';

/**
 * Whether the list should be read again soon: a record is still open, or a successful command on an
 * auto-reposition indicator has not seen its automatic return yet (due repositionDelay seconds later).
 */
export function awaitingDevice(
  list: InstructionRecord[],
  indicators: GatewayIndicator[],
  now = Date.now(),
): boolean {
  if (list.some((r) => OPEN_INSTRUCTION_STATUSES.includes(r.status))) return true;
  const returned = new Set(list.map((r) => r.repositionOf));
  const delays = new Map(
    indicators.filter((gi) => gi.isAutoReposition).map((gi) => [gi.dataIdentification, gi.repositionDelay]),
  );
  return list.some((r) => {
    const delay = delays.get(r.metric);
    const succeeded = r.status === InstructionStatus.SUCCESS || r.status === InstructionStatus.CACHED_SUCCESS;
    return (
      delay !== undefined &&
      r.repositionOf === null &&
      succeeded &&
      !returned.has(r.id) &&
      r.acknowledgedAt !== null &&
      now - r.acknowledgedAt < (delay + 30) * 1000
    );
  });
}
