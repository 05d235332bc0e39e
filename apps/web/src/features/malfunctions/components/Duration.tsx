import { durationText } from '@iot/contracts/malfunctions';
import { Tag } from 'antd';
import { useEffect, useState } from 'react';

/** The clock, ticking each second while `running` (ongoing malfunctions count up). */
export function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

/** 持续时长: fixed once ended; counting up in red while it lasts. */
export function Duration({
  startedAt,
  endedAt,
  now,
}: {
  startedAt: number;
  endedAt: number | null;
  now: number;
}) {
  if (endedAt !== null) return <span>{durationText(endedAt - startedAt)}</span>;
  return (
    <Tag color="error" data-testid="ongoing-duration">
      故障中 {durationText(now - startedAt)}
    </Tag>
  );
}

/** A duration in ms as hours with one decimal (MTBF / MTTR), or — without one. */
export function hoursText(ms: number | null): string {
  if (ms === null) return '—';
  return `${(ms / 3_600_000).toLocaleString('zh-CN', { maximumFractionDigits: 1 })} 小时`;
}
