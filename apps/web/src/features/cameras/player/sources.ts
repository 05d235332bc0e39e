import { AggType } from '@iot/contracts/cameras';
import { flvSource } from './flv-source';
import type { MediaSource } from './source';
import { webrtcSource } from './webrtc-source';

/**
 * The browser-side back-end of each camera platform (decision 0065). A platform without its own
 * entry plays what its playUrl answers as FLV.
 */
const sources: Partial<Record<AggType, MediaSource>> = {
  [AggType.HTTP_FLV]: flvSource,
  [AggType.LINK]: webrtcSource,
};

export function sourceFor(aggType: number): MediaSource {
  return sources[aggType as AggType] ?? flvSource;
}
