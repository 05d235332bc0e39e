import { AggType } from '@iot/contracts/cameras';
import { flvSource } from './flv-source';
import { hlsSource } from './hls-source';
import type { MediaSource } from './source';
import { webrtcSource } from './webrtc-source';

/**
 * The browser-side back-end of each camera platform (decision 0065 "Browser players"): FLV for the
 * built-in relay, cloud service A's live and device-record addresses and the GB28181 media server;
 * HLS for cloud service B. A platform without its own entry plays what its playUrl answers as FLV.
 */
const sources: Partial<Record<AggType, MediaSource>> = {
  [AggType.HTTP_FLV]: flvSource,
  [AggType.CLOUD_A]: flvSource,
  [AggType.CLOUD_B]: hlsSource,
  [AggType.GB28181]: flvSource,
  [AggType.LINK]: webrtcSource,
};

export function sourceFor(aggType: number): MediaSource {
  return sources[aggType as AggType] ?? flvSource;
}
