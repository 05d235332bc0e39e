import type { ShiftOption } from '@iot/contracts/duty';
import { Tag } from 'antd';

/** 08:00–20:00, or 20:00–次日08:00 for a shift crossing midnight. */
export function shiftTimeText(shift: Pick<ShiftOption, 'startTime' | 'endTime' | 'crossesMidnight'>): string {
  return `${shift.startTime}–${shift.crossesMidnight ? '次日' : ''}${shift.endTime}`;
}

export function ShiftTime({ shift }: { shift: ShiftOption }) {
  return (
    <span>
      {shiftTimeText(shift)}
      {shift.crossesMidnight && (
        <Tag bordered={false} color="purple" style={{ marginInlineStart: 6 }}>
          跨天
        </Tag>
      )}
    </span>
  );
}
