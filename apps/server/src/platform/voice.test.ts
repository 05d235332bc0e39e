import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { verifySignature } from './signed-post.js';
import { createSmsSender, HttpGatewaySender, LogSmsSender } from './sms.js';
import { createVoiceSender, LogVoiceSender } from './voice.js';

function logger() {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({ logger: { stream: { write: (line: string) => lines.push(JSON.parse(line)) } } });
  return { log: app.log, lines };
}

describe('SMS and voice senders', () => {
  it('are the built-in log senders unless a gateway is configured', async () => {
    const { log, lines } = logger();
    expect(createSmsSender(loadConfig({}), log)).toBeInstanceOf(LogSmsSender);
    const voice = createVoiceSender(loadConfig({}), log);
    expect(voice).toBeInstanceOf(LogVoiceSender);
    await voice.call('13900000001', '一级预警');
    expect(lines.at(-1)).toMatchObject({ voice: { mobile: '13900000001', text: '一级预警' } });
    expect(createSmsSender(loadConfig({ SMS_HTTP_URL: 'http://127.0.0.1:9/sms' }), log)).toBeInstanceOf(
      HttpGatewaySender,
    );
  });

  it('the HTTP gateway adapter signs its request and reports a refusal with the gateway’s message', async () => {
    const bodies: { body: string; ok: boolean }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const ok = verifySignature(
          'k'.repeat(20),
          String(req.headers['x-iot-timestamp']),
          body,
          String(req.headers['x-iot-signature']),
        );
        bodies.push({ body, ok });
        const refuse = JSON.parse(body).mobile === '13900000009';
        res.end(
          JSON.stringify(refuse ? { code: 'isv.BUSINESS_LIMIT_CONTROL', message: '触发流控' } : { code: 0 }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
    try {
      const sender = new HttpGatewaySender(url, 'k'.repeat(20), '示范', 'SMS');
      await sender.send('13900000001', '你好');
      expect(bodies[0]!.ok).toBe(true);
      expect(JSON.parse(bodies[0]!.body)).toMatchObject({
        mobile: '13900000001',
        text: '你好',
        signName: '示范',
      });
      await expect(sender.send('13900000009', '你好')).rejects.toThrow(
        'SMS gateway refused (HTTP 200): 触发流控',
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
