import { request as httpRequest } from 'node:http';
import { AttachmentMessages } from '@iot/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { startServer, type TestServer } from '../../test/server.js';

/**
 * The attachment uploader's rules on the server (feature-areas §5, decision 0067): the twelve
 * types by name and bytes, under 200 MB, on the routes that store attachments (设备台账, 工单).
 */
let t: TestServer;
let projectId: number;
let admin: string;

beforeAll(async () => {
  t = await startServer();
  projectId = t.server.seeded.demoProjectId!;
  admin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)).access;
});
afterAll(() => t?.close());

const equipmentUpload = () => `/iot/groups/${projectId}/equipment/attachments`;
const workOrderUpload = () => `/iot/groups/${projectId}/workOrders/files`;

async function upload(path: string, name: string, body: Buffer, token = admin) {
  const response = await fetch(`${t.baseUrl}${path}?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body,
  });
  return {
    status: response.status,
    body: (await response.json()) as { code: number; message: string; data: { url: string } },
  };
}

/** Sends only the headers of a request that announces `length` bytes; answers the status. */
function announce(path: string, length: number, token?: string): Promise<number> {
  const url = new URL(t.baseUrl + path);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}?name=big.zip`,
        method: 'POST',
        headers: {
          'content-type': 'application/octet-stream',
          'content-length': length,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (response) => {
        resolve(response.statusCode ?? 0);
        response.resume();
        request.destroy();
      },
    );
    request.on('error', reject);
    request.flushHeaders();
  });
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAA=', 'base64');
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60)]);

describe('attachment uploads', () => {
  it('takes documents of the twelve types past the old 10 MB, by name and bytes', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 'a');
    const text = await upload(equipmentUpload(), '运行记录.txt', big);
    expect(text.body.code).toBe(20000);
    expect(text.body.data.url).toMatch(/^\/iot\/files\/equipment\/.+\.txt$/);
    const served = await fetch(t.baseUrl + text.body.data.url);
    expect((await served.arrayBuffer()).byteLength).toBe(big.length);
    expect((await upload(equipmentUpload(), '图纸.docx', ZIP)).body.code).toBe(20000);
    expect((await upload(equipmentUpload(), '照片.png', PNG)).body.code).toBe(20000);
    expect((await upload(workOrderUpload(), '现场记录.txt', big)).body.code).toBe(20000);
  });

  it('refuses other types with the spec’s format message', async () => {
    for (const [name, body] of [
      ['setup.exe', ZIP],
      ['动图.gif', GIF],
      ['伪装.jpg', GIF],
      ['脚本.pdf', Buffer.from('#!/bin/sh\nrm -rf /\n')],
    ] as const) {
      const refused = await upload(equipmentUpload(), name, body);
      expect(refused.status, name).toBe(400);
      expect(refused.body.message, name).toBe(AttachmentMessages.FORMAT);
    }
  });

  it('refuses a body of 200 MB or more before reading it, and strangers before anything', async () => {
    expect(await announce(equipmentUpload(), 200 * 1024 * 1024 + 1, admin)).toBe(413);
    expect(await announce(workOrderUpload(), 200 * 1024 * 1024 + 1, admin)).toBe(413);
    expect(await announce(equipmentUpload(), 50 * 1024 * 1024)).toBe(401);
  });
});
