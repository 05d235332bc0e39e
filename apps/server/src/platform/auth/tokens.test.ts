import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenSigner } from './tokens.js';

const claims = {
  userId: 7,
  username: 'u',
  realname: '用户',
  avatar: '',
  theme: 'light',
  sid: 'session-1',
  client_id: 'iot-web',
  loginWay: 'web' as const,
};

afterEach(() => {
  vi.useRealTimers();
});

describe('TokenSigner', () => {
  it('remembers a verified token but still refuses it once it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const signer = new TokenSigner(randomBytes(32).toString('base64url'), 60);
    const token = await signer.sign(claims);
    expect(await signer.verify(token)).toMatchObject({ status: 'valid', claims: { sid: 'session-1' } });
    expect(await signer.verify(token)).toMatchObject({ status: 'valid' });
    vi.setSystemTime(Date.now() + 61_000);
    expect(await signer.verify(token)).toEqual({ status: 'expired' });
    expect(await signer.verify(token)).toEqual({ status: 'expired' });
  });

  it('mints a different token each time, also twice in the same second for one session', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_700_000_000_000);
    const signer = new TokenSigner(randomBytes(32).toString('base64url'), 60);
    const first = await signer.sign(claims);
    const second = await signer.sign(claims);
    const payload = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as {
        iat: number;
        jti: string;
      };
    expect(payload(first).iat).toBe(payload(second).iat);
    expect(second).not.toBe(first);
    expect(payload(first).jti).toMatch(/^[\w-]{16,}$/);
    expect(payload(second).jti).not.toBe(payload(first).jti);
    expect(await signer.verify(first)).toMatchObject({ status: 'valid', claims: { sid: 'session-1' } });
    expect(await signer.verify(second)).toMatchObject({ status: 'valid', claims: { sid: 'session-1' } });
  });

  it('refuses a token signed with another key or altered, also after the genuine one was verified', async () => {
    const signer = new TokenSigner(randomBytes(32).toString('base64url'), 60);
    const other = new TokenSigner(randomBytes(32).toString('base64url'), 60);
    const token = await signer.sign(claims);
    expect((await signer.verify(token)).status).toBe('valid');
    expect(await signer.verify(await other.sign(claims))).toEqual({ status: 'invalid' });
    const [header, , signature] = token.split('.');
    const altered = `${header}.${Buffer.from(JSON.stringify({ ...claims, userId: 1, exp: 9e9 })).toString('base64url')}.${signature}`;
    expect(await signer.verify(altered)).toEqual({ status: 'invalid' });
  });
});
