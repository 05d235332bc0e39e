import { describe, expect, it } from 'vitest';
import { topicMatches } from './broker.js';

describe('topicMatches', () => {
  it('matches MQTT filters with + and #', () => {
    expect(topicMatches('v1/devices/me/rpc/request/+', 'v1/devices/me/rpc/request/42')).toBe(true);
    expect(topicMatches('v1/devices/me/rpc/request/+', 'v1/devices/me/rpc/request/42/x')).toBe(false);
    expect(topicMatches('gateways/SN1/commands', 'gateways/SN1/commands')).toBe(true);
    expect(topicMatches('gateways/SN1/commands', 'gateways/SN2/commands')).toBe(false);
    expect(topicMatches('gateways/#', 'gateways/SN1/commands')).toBe(true);
    expect(topicMatches('gateways/SN1', 'gateways/SN1/commands')).toBe(false);
  });
});
