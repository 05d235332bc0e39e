import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await startServer();
  token = (await t.login('admin', ADMIN_PASSWORD)).access;
});
afterAll(() => t.close());

function upload(body: Buffer, contentType = 'image/png') {
  return fetch(`${t.baseUrl}/iot/users/current/avatar`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body,
  });
}

describe('avatar upload', () => {
  it('stores the image, serves it back and shows it as the user’s avatar', async () => {
    const response = await upload(PNG);
    const answer = (await response.json()) as { code: number; data: { avatar: string } };
    expect(answer.code).toBe(20000);
    expect(answer.data.avatar).toMatch(/^\/iot\/files\/avatars\/[\w-]+\.png$/);

    const file = await fetch(t.baseUrl + answer.data.avatar);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    const info = await t.request<{ avatar: string }>('GET', '/iot/users/current/loginInfo', { token });
    expect(info.body.data.avatar).toBe(answer.data.avatar);
  });

  it('refuses what is not an image, whatever the header says, and anything over 2 MB', async () => {
    const text = await upload(Buffer.from('<script>alert(1)</script>'));
    expect(await text.json()).toMatchObject({
      code: 40000,
      message: '头像只能是 png、jpg、gif 或 webp 图片',
    });
    const big = await upload(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: 40000 });
  });

  it('needs a signed-in user, and serves no path outside the store', async () => {
    const anonymous = await fetch(`${t.baseUrl}/iot/users/current/avatar`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: PNG,
    });
    expect(anonymous.status).toBe(401);
    const traversal = await fetch(`${t.baseUrl}/iot/files/avatars/..%2F..%2Fsecrets.json`);
    expect(traversal.status).toBe(404);
  });
});
