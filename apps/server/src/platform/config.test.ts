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
