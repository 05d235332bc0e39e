import { AggType } from '@iot/contracts/cameras';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../platform/config.js';
import { hasPlayerToken, isWebRtcBackend } from './capabilities.js';
import { vendorBackends } from './vendors.js';

describe('vendor back-ends', () => {
  it('are one per vendor aggType, with the capabilities the routes look for', () => {
    const backends = vendorBackends({ config: loadConfig({}) });
    expect(backends.map((b) => b.aggType)).toEqual([
      AggType.CLOUD_A,
      AggType.CLOUD_B,
      AggType.LINK,
      AggType.GB28181,
    ]);
    expect(backends.filter(hasPlayerToken).map((b) => b.aggType)).toEqual([AggType.CLOUD_A, AggType.CLOUD_B]);
    expect(backends.filter(isWebRtcBackend).map((b) => b.aggType)).toEqual([AggType.LINK]);
    expect(backends.find((b) => b.aggType === AggType.GB28181)?.supports.ptz).toBe(false);
  });
});
