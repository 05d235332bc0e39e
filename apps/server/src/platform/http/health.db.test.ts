import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/server.js';

/** The probes a load balancer or Kubernetes asks (docs/deployment.md). */
let t: TestServer;

beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => {
  await t.close();
});

describe('health probes', () => {
  it('answers liveness and readiness without a token, saying nothing but ok', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const response = await fetch(t.baseUrl + path);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
    }
  });
});
