import { SHARED_TAG } from '@iot/contracts/sharing';
import { Tag, Tooltip } from 'antd';

/** Marks a gateway or camera shared into this project by another one's code (read-only here). */
export function SharedTag({
  from,
  kind = '网关',
}: {
  from: string | null | undefined;
  kind?: '网关' | '摄像头';
}) {
  return (
    <Tooltip title={`来自项目“${from ?? ''}”的共享${kind}，只读`}>
      <Tag color="purple" data-testid="shared-tag" style={{ marginInline: 4 }}>
        {SHARED_TAG}
      </Tag>
    </Tooltip>
  );
}
