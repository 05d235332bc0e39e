import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from './config.js';

describe('TRUST_PROXY', () => {
  it('trusts no forwarded header unless told', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
  });

  it('reads true or a list of addresses and CIDRs', () => {
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses what is neither', () => {
    for (const bad of ['yes', '1', '10.0.0.0/33', '10.0.0.1/8/8', 'proxy.local', '127.0.0.1,'])
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
  });
});

describe('OPERATION_LOG_FLUSH_MS', () => {
  it('stores entries 100 ms after the first by default, at once with 0, and refuses what is not a count', () => {
    expect(loadConfig({}).operationLogFlushMs).toBe(100);
    expect(loadConfig({ OPERATION_LOG_FLUSH_MS: '0' }).operationLogFlushMs).toBe(0);
    expect(loadConfig({ OPERATION_LOG_FLUSH_MS: '250' }).operationLogFlushMs).toBe(250);
    for (const bad of ['-1', '0.5', 'soon'])
      expect(() => loadConfig({ OPERATION_LOG_FLUSH_MS: bad }), bad).toThrow(/OPERATION_LOG_FLUSH_MS/);
  });
});

describe('camera vendor platforms', () => {
  it("defaults to the vendors' public APIs, leaves the link and GB28181 services unset, and reads each key", () => {
    expect(loadConfig({}).cameraVendors).toEqual({
      cloudAUrl: 'https://open.ys7.com',
      cloudBUrl: 'https://openapi.lechange.cn',
      linkUrl: undefined,
      linkSecret: undefined,
      gbMediaUrl: undefined,
      gbMediaSecret: undefined,
      gbPlayUrl: undefined,
      timeoutMs: 10_000,
      // The SIP server is off until a password is set (decision 0070).
      gbSip: {
        port: 5060,
        host: '0.0.0.0',
        id: '34020000002000000001',
        domain: '3402000000',
        password: undefined,
        mediaIp: undefined,
        keepaliveTimeoutSeconds: 180,
      },
    });
    const set = loadConfig({
      CAMERA_LINK_URL: 'http://link:9000',
      CAMERA_LINK_SECRET: 's',
      CAMERA_GB28181_MEDIA_URL: 'http://zlm:80',
      CAMERA_GB28181_MEDIA_SECRET: 'z',
      CAMERA_GB28181_PLAY_URL: 'https://media.example',
      CAMERA_VENDOR_TIMEOUT_MS: '5000',
    }).cameraVendors;
    expect(set).toMatchObject({
      linkUrl: 'http://link:9000',
      gbPlayUrl: 'https://media.example',
      timeoutMs: 5000,
    });
    expect(() => loadConfig({ CAMERA_VENDOR_TIMEOUT_MS: 'soon' })).toThrow(/CAMERA_VENDOR_TIMEOUT_MS/);
  });
});
