import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LoginMessages } from '@iot/contracts/auth';
import { SystemMessages } from '@iot/contracts/system';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

let t: TestServer;
let admin: string;

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
});
afterAll(() => t.close());

/** Creates an enabled user through the admin API and answers its id. */
async function createUser(username: string, extra: Record<string, unknown> = {}): Promise<number> {
  const answer = await t.request<{ userId: number }>('POST', '/iot/users', {
    token: admin,
    body: { username, realname: username, password: 'Passw0rd!', ...extra },
  });
  expect(answer.body.code, answer.body.message).toBe(20000);
  return answer.body.data.userId;
}

describe('password grant', () => {
  it('answers tokens whose JWT carries the session user', async () => {
    const answer = await t.grant({ grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 20000, token_type: 'bearer', expires_in: 7200 });
    const claims = decodeJwt(String(answer.body.access_token));
    expect(claims).toMatchObject({
      userId: 1,
      username: 'admin',
      realname: '系统管理员',
      avatar: '',
      theme: 'tech',
    });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(typeof answer.body.refresh_token).toBe('string');
  });

  it('refuses a wrong or missing client credential', async () => {
    const wrong = await t.grant(
      { grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD },
      `Basic ${Buffer.from('iot-web:nope').toString('base64')}`,
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe(40001);
    const missing = await t.grant(
      { grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD },
      '',
    );
    expect(missing.status).toBe(401);
  });

  it('requires loginWay on every grant', async () => {
    const response = await fetch(`${t.baseUrl}/iot/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('iot-web:iot-web').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=password&username=admin&password=x',
    });
    const body = (await response.json()) as { code: number; message: string };
    expect(response.status).toBe(400);
    expect(body.code).toBe(40000);
    expect(body.message).toContain('loginWay');
  });

  it('answers the spec message for a wrong password and an unknown account alike', async () => {
    for (const username of ['admin', 'nobody']) {
      const answer = await t.grant({ grant_type: 'password', username, password: 'Wrong@123' });
      expect(answer.body).toMatchObject({ code: 40000, message: LoginMessages.BAD_CREDENTIALS });
    }
    await t.login('admin', ADMIN_PASSWORD); // resets admin's count of wrong passwords
  });

  it('locks the account after 5 wrong passwords in a row until a system admin unlocks it', async () => {
    const id = await createUser('locky');
    for (let i = 1; i <= 4; i++) {
      const answer = await t.grant({ grant_type: 'password', username: 'locky', password: 'Wrong@123' });
      expect(answer.body.message).toBe(LoginMessages.BAD_CREDENTIALS);
    }
    const fifth = await t.grant({ grant_type: 'password', username: 'locky', password: 'Wrong@123' });
    expect(fifth.body.message).toBe(LoginMessages.LOCKED);
    const right = await t.grant({ grant_type: 'password', username: 'locky', password: 'Passw0rd!' });
    expect(right.body.message).toBe(LoginMessages.LOCKED);

    const listed = await t.request<{ locked: boolean }>('GET', `/iot/users/${id}`, { token: admin });
    expect(listed.body.data.locked).toBe(true);
    expect((await t.request('PUT', `/iot/users/${id}/unlock`, { token: admin })).body.code).toBe(20000);
    await t.login('locky', 'Passw0rd!');
  });

  it('a right password resets the count of wrong ones', async () => {
    await createUser('counter');
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++)
        await t.grant({ grant_type: 'password', username: 'counter', password: 'Wrong@123' });
      await t.login('counter', 'Passw0rd!');
    }
  });

  it('refuses disabled and expired accounts with their messages', async () => {
    const disabled = await createUser('sleeper');
    await t.request('PUT', `/iot/users/${disabled}`, { token: admin, body: { status: 'disabled' } });
    const answer = await t.grant({ grant_type: 'password', username: 'sleeper', password: 'Passw0rd!' });
    expect(answer.body.message).toBe(LoginMessages.DISABLED);

    await createUser('lapsed', { expireAt: Date.now() - 1000 });
    const expired = await t.grant({ grant_type: 'password', username: 'lapsed', password: 'Passw0rd!' });
    expect(expired.body.message).toBe(LoginMessages.EXPIRED);
  });

  it('signs in by mobile number as well as by username', async () => {
    await createUser('mobilist', { mobile: '13900000001' });
    await t.login('13900000001', 'Passw0rd!');
  });
});

describe('refresh tokens rotate', () => {
  it('a refresh token works once; replaying it ends the session', async () => {
    const first = await t.login('admin', ADMIN_PASSWORD);
    const rotated = await t.grant({ grant_type: 'refresh_token', refresh_token: first.refresh });
    expect(rotated.body.code).toBe(20000);
    const next = String(rotated.body.refresh_token);
    expect(next).not.toBe(first.refresh);

    const replay = await t.grant({ grant_type: 'refresh_token', refresh_token: first.refresh });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe(50001);

    // The replay revoked the whole session: the rotated token and its access token are dead too.
    const afterReplay = await t.grant({ grant_type: 'refresh_token', refresh_token: next });
    expect(afterReplay.body.code).toBe(50001);
    const call = await t.request('GET', '/iot/users/current/loginInfo', {
      token: String(rotated.body.access_token),
    });
    expect(call.body.code).toBe(50001);
  });

  it('refuses an unknown refresh token', async () => {
    const answer = await t.grant({ grant_type: 'refresh_token', refresh_token: 'made-up' });
    expect(answer.body.code).toBe(50001);
  });
});

describe('tokens on API routes', () => {
  it('no token, an expired token or a revoked session answer 50001', async () => {
    const none = await t.request('GET', '/iot/users/current/loginInfo');
    expect(none).toMatchObject({ status: 401, body: { code: 50001 } });

    const secrets = JSON.parse(readFileSync(path.join(t.config.dataDir, 'secrets.json'), 'utf8')) as {
      tokenSigningKey: string;
    };
    const claims = decodeJwt((await t.login('admin', ADMIN_PASSWORD)).access);
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new Uint8Array(Buffer.from(secrets.tokenSigningKey, 'base64url')));
    const answer = await t.request('GET', '/iot/users/current/loginInfo', { token: expired });
    expect(answer).toMatchObject({ status: 401, body: { code: 50001 } });
  });

  it('a malformed or forged token answers 40001 with HTTP 401', async () => {
    const malformed = await t.request('GET', '/iot/users/current/loginInfo', { token: 'not.a.jwt' });
    expect(malformed).toMatchObject({ status: 401, body: { code: 40001 } });
    const claims = decodeJwt((await t.login('admin', ADMIN_PASSWORD)).access);
    const forged = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new Uint8Array(48));
    const answer = await t.request('GET', '/iot/users/current/loginInfo', { token: forged });
    expect(answer).toMatchObject({ status: 401, body: { code: 40001 } });
  });

  it('check_token tells active from inactive', async () => {
    const { access } = await t.login('admin', ADMIN_PASSWORD);
    const active = await t.request('POST', `/iot/oauth/check_token?token=${access}`);
    expect(active.body).toMatchObject({ code: 20000, active: true, userId: 1, username: 'admin' });
    const inactive = await t.request('POST', '/iot/oauth/check_token?token=nonsense');
    expect(inactive.body).toMatchObject({ active: false });
  });

  it('exit ends the session: its access token is refused and its refresh token is dead', async () => {
    const { access, refresh } = await t.login('admin', ADMIN_PASSWORD);
    const exit = await t.request('POST', `/iot/exit?accessToken=${access}&loginWayEnumOp=web`, {
      token: access,
    });
    expect(exit.body.code).toBe(20000);
    expect((await t.request('GET', '/iot/users/current/loginInfo', { token: access })).body.code).toBe(50001);
    expect((await t.request('POST', `/iot/oauth/check_token?token=${access}`)).body.active).toBe(false);
    expect((await t.grant({ grant_type: 'refresh_token', refresh_token: refresh })).body.code).toBe(50001);
  });

  it('a user cannot end somebody else’s session', async () => {
    await createUser('bystander');
    const victim = await t.login('admin', ADMIN_PASSWORD);
    const other = await t.login('bystander', 'Passw0rd!');
    const answer = await t.request('POST', `/iot/exit?accessToken=${victim.access}`, { token: other.access });
    expect(answer.body.code).toBe(40000);
    expect((await t.request('GET', '/iot/users/current/loginInfo', { token: victim.access })).body.code).toBe(
      20000,
    );
  });

  it('disabling an account ends its sessions at once', async () => {
    const id = await createUser('soon-off');
    const { access } = await t.login('soon-off', 'Passw0rd!');
    await t.request('PUT', `/iot/users/${id}`, { token: admin, body: { status: 'disabled' } });
    const answer = await t.request('GET', '/iot/users/current/loginInfo', { token: access });
    expect(answer.body.code).toBe(50001);
  });
});

describe('sms grant', () => {
  it('registers an unknown mobile, and a code works once', async () => {
    const sent = await t.request('POST', '/iot/users/phoneCode', {
      body: { mobile: '13700000001', mobileCodeType: 'login' },
    });
    expect(sent.body.code).toBe(20000);
    const code = t.lastSmsCode('13700000001');
    expect(code).toMatch(/^\d{6}$/);

    const fields = {
      grant_type: 'sms',
      username: '13700000001',
      smscode: code!,
      realname: '张三',
      company: '某水务公司',
      province: '江苏省',
      city: '南京市',
      district: '玄武区',
      currentUserApplication: '污水处理',
    };
    const answer = await t.grant(fields);
    expect(answer.body.code).toBe(20000);
    expect(decodeJwt(String(answer.body.access_token))).toMatchObject({
      username: '13700000001',
      realname: '张三',
    });

    const again = await t.grant(fields);
    expect(again.body).toMatchObject({ code: 40000, message: LoginMessages.BAD_SMS_CODE });
  });

  it('refuses a wrong code and a code sent for another purpose', async () => {
    await t.request('POST', '/iot/users/phoneCode', {
      body: { mobile: '13700000002', mobileCodeType: 'resetPassword' },
    });
    const code = t.lastSmsCode('13700000002')!;
    const wrong = await t.grant({ grant_type: 'sms', username: '13700000002', smscode: '000000' });
    expect(wrong.body.message).toBe(LoginMessages.BAD_SMS_CODE);
    const otherPurpose = await t.grant({ grant_type: 'sms', username: '13700000002', smscode: code });
    expect(otherPurpose.body.message).toBe(LoginMessages.BAD_SMS_CODE);
  });

  it('rate-limits sending to one mobile', async () => {
    await t.request('POST', '/iot/users/phoneCode', { body: { mobile: '13700000003' } });
    const second = await t.request('POST', '/iot/users/phoneCode', { body: { mobile: '13700000003' } });
    expect(second.status).toBe(429);
    expect(second.body.code).toBe(40000);
  });

  it('validates the mobile number with the spec message', async () => {
    const answer = await t.request('POST', '/iot/users/phoneCode', { body: { mobile: '123' } });
    expect(answer.body.code).toBe(40000);
    expect(answer.body.message).toContain('输入的手机号错误');
  });

  it('resets a password with a phone code', async () => {
    await createUser('forgetful', { mobile: '13700000004' });
    const { access } = await t.login('forgetful', 'Passw0rd!');
    await t.request('POST', '/iot/users/phoneCode', {
      body: { mobile: '13700000004', mobileCodeType: 'resetPassword' },
    });
    const code = t.lastSmsCode('13700000004')!;
    const checked = await t.request('POST', '/iot/users/checkPhoneCode', {
      body: { mobile: '13700000004', mobileCode: code, mobileCodeType: 'resetPassword' },
    });
    expect(checked.body.data).toBe(true);
    const reset = await t.request('PUT', '/iot/users/resetPassword', {
      body: { mobile: '13700000004', mobileCode: code, newPassword: 'Renewed#2026' },
    });
    expect(reset.body.code).toBe(20000);
    await t.login('forgetful', 'Renewed#2026');
    expect((await t.request('GET', '/iot/users/current/loginInfo', { token: access })).body.code).toBe(50001);
  });
});

describe('weixin and dingding grants', () => {
  it('answer 未绑定账户！ until the account is bound', async () => {
    // Off until 系统配置 turns them on (decision 0039); off, they answer 该登录方式已关闭.
    const off = await t.grant({ grant_type: 'weixin', unionid: 'wx-union-1' });
    expect(off.body).toMatchObject({ code: 40000, message: SystemMessages.SIGN_IN_WAY_OFF });
    await t.request('PUT', '/iot/system', {
      token: admin,
      body: { systemName: '物联网监测运维平台', signInWays: ['password', 'sms', 'weixin', 'dingding'] },
    });
    const id = await createUser('binder');
    const unbound = await t.grant({ grant_type: 'weixin', unionid: 'wx-union-1' });
    expect(unbound.body).toMatchObject({ code: 40000, message: LoginMessages.NOT_BOUND });
    const unboundDing = await t.grant({ grant_type: 'dingding', openId: 'ding-1' });
    expect(unboundDing.body.message).toBe(LoginMessages.NOT_BOUND);

    await t.request('PUT', `/iot/users/${id}/bindings`, {
      token: admin,
      body: { weixin: 'wx-union-1', dingding: 'ding-1' },
    });
    const grants: Record<string, string>[] = [
      { grant_type: 'weixin', unionid: 'wx-union-1' },
      { grant_type: 'dingding', openId: 'ding-1' },
    ];
    for (const fields of grants) {
      const answer = await t.grant(fields);
      expect(answer.body.code).toBe(20000);
      expect(decodeJwt(String(answer.body.access_token)).username).toBe('binder');
    }
  });
});

describe('client credentials grant', () => {
  it('signs an integration in as its user; a wrong secret is refused', async () => {
    const userId = await createUser('integration-bot');
    const created = await t.request<{ clientSecret: string; clientId: string }>(
      'POST',
      '/iot/system/clients',
      {
        token: admin,
        body: { name: 'SCADA 对接', clientId: 'scada', userId },
      },
    );
    expect(created.body.code).toBe(20000);
    const secret = created.body.data.clientSecret;

    const answer = await t.grant({
      grant_type: 'client_credentials',
      clientId: 'scada',
      clientSecret: secret,
    });
    expect(answer.body.code).toBe(20000);
    expect(decodeJwt(String(answer.body.access_token))).toMatchObject({
      username: 'integration-bot',
      client_id: 'scada',
    });

    const wrong = await t.grant({
      grant_type: 'client_credentials',
      clientId: 'scada',
      clientSecret: 'guess',
    });
    expect(wrong.status).toBe(401);
    const listed = await t.request<Record<string, unknown>[]>('GET', '/iot/system/clients', { token: admin });
    expect(JSON.stringify(listed.body.data)).not.toContain(secret);
  });
});

describe('password changes', () => {
  it('checks the old password and the strength rule, and ends other sessions', async () => {
    await createUser('changer');
    const other = await t.login('changer', 'Passw0rd!');
    const current = await t.login('changer', 'Passw0rd!');
    const weak = await t.request('PUT', '/iot/users/changePassword', {
      token: current.access,
      body: { oldPassword: 'Passw0rd!', newPassword: 'weakpass' },
    });
    expect(weak.body.code).toBe(40000);
    expect(weak.body.message).toContain('newPassword');
    const wrongOld = await t.request('PUT', '/iot/users/changePassword', {
      token: current.access,
      body: { oldPassword: 'Nope@1234', newPassword: 'Better#2026' },
    });
    expect(wrongOld.body.message).toBe('原密码错误');
    const ok = await t.request('PUT', '/iot/users/changePassword', {
      token: current.access,
      body: { oldPassword: 'Passw0rd!', newPassword: 'Better#2026' },
    });
    expect(ok.body.code).toBe(20000);
    expect(
      (await t.request('GET', '/iot/users/current/loginInfo', { token: current.access })).body.code,
    ).toBe(20000);
    expect((await t.request('GET', '/iot/users/current/loginInfo', { token: other.access })).body.code).toBe(
      50001,
    );
    await t.login('changer', 'Better#2026');
  });
});

describe('token endpoint rate limit', () => {
  it('refuses a client address past the limit', async () => {
    const limited = await startServer({ tokenRateLimitPerMinute: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await limited.grant({ grant_type: 'password', username: 'admin', password: 'x' })).status,
        );
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('token endpoint rate limit behind proxies (TRUST_PROXY)', () => {
  const attempt = (server: TestServer, forwardedFor: string) =>
    fetch(`${server.baseUrl}/iot/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('iot-web:iot-web').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': forwardedFor,
      },
      body: new URLSearchParams({
        loginWay: 'web',
        grant_type: 'password',
        username: 'admin',
        password: 'x',
      }).toString(),
    }).then((response) => response.status);

  it('ignores X-Forwarded-For by default: a new forwarded address does not reset the limit', async () => {
    const limited = await startServer({ tokenRateLimitPerMinute: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push(await attempt(limited, '10.1.0.9'));
      statuses.push(await attempt(limited, '10.1.0.1'));
      expect(statuses).toEqual([400, 400, 400, 429]);
    } finally {
      await limited.close();
    }
  });

  it('takes the forwarded address from a trusted proxy', async () => {
    const limited = await startServer({ tokenRateLimitPerMinute: 3, trustProxy: ['127.0.0.1'] });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push(await attempt(limited, '10.1.0.9'));
      expect(statuses).toEqual([400, 400, 400, 429]);
      // Another client behind the same proxy has its own count.
      expect(await attempt(limited, '10.1.0.1')).toBe(400);
      // A forged entry in front of what the proxy appended changes nothing: the proxy's own is used.
      expect(await attempt(limited, '10.1.0.1, 10.1.0.9')).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
