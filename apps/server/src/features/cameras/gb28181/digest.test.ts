import { describe, expect, it } from 'vitest';
import { DigestAuthority, digestResponse, parseDigest } from './digest.js';

describe('SIP digest authentication (RFC 2617, MD5)', () => {
  it("computes RFC 2617 §3.5's worked example (qop auth)", () => {
    expect(
      digestResponse({
        username: 'Mufasa',
        realm: 'testrealm@host.com',
        password: 'Circle Of Life',
        method: 'GET',
        uri: '/dir/index.html',
        nonce: 'dcd98b7102dd2f0e8b11d0f600bfb0c093',
        qop: 'auth',
        nc: '00000001',
        cnonce: '0a4f113b',
      }),
    ).toBe('6629fae49393a05397450978507c4ef1');
  });

  it('reads a header with quoted and bare values', () => {
    expect(
      parseDigest(
        'Digest username="34020000001320000001", realm="3402000000", nonce="abc", uri="sip:1@2", response="ff", algorithm=MD5',
      ),
    ).toEqual({
      username: '34020000001320000001',
      realm: '3402000000',
      nonce: 'abc',
      uri: 'sip:1@2',
      response: 'ff',
      algorithm: 'MD5',
    });
    expect(parseDigest('Basic abc')).toBeUndefined();
  });

  it('accepts the right password, refuses a wrong one or another device id, and calls old or forged nonces stale', () => {
    const authority = new DigestAuthority('3402000000', 'secret-12345');
    const nonce = /nonce="([^"]+)"/.exec(authority.challenge())?.[1] ?? '';
    const device = '34020000001320000001';
    const uri = 'sip:34020000002000000001@3402000000';
    const answer = (password: string, username = device, n = nonce) =>
      `Digest username="${username}", realm="3402000000", nonce="${n}", uri="${uri}", response="${digestResponse({ username, realm: '3402000000', password, method: 'REGISTER', uri, nonce: n })}"`;
    expect(authority.verify(answer('secret-12345'), { method: 'REGISTER', deviceId: device })).toBe('ok');
    expect(authority.verify(answer('wrong'), { method: 'REGISTER', deviceId: device })).toBe('refused');
    expect(
      authority.verify(answer('secret-12345'), { method: 'REGISTER', deviceId: '34020000001320000002' }),
    ).toBe('refused');
    expect(
      authority.verify(answer('secret-12345', device, `${nonce.slice(0, -1)}0`), {
        method: 'REGISTER',
        deviceId: device,
      }),
    ).toBe('stale');
    expect(
      authority.verify(
        answer('secret-12345'),
        { method: 'REGISTER', deviceId: device },
        Date.now() + 10 * 60_000,
      ),
    ).toBe('stale');
    expect(authority.verify(undefined, { method: 'REGISTER', deviceId: device })).toBe('stale');
  });
});
