import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed.js';
import { startServer, type TestServer } from '../test/server.js';
import { runSimulation } from './devices.js';
import { WATER_PROFILES } from './profiles.js';
import { PlatformClient, provisionGateways } from './provision.js';

let t: TestServer;

beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

describe('simulator', () => {
  it('provisions gateways through the API and publishes as real devices on both protocols', async () => {
    const client = new PlatformClient(t.baseUrl);
    await client.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password);
    const projectId = t.server.seeded.demoProjectId!;
    const profiles = WATER_PROFILES.slice(0, 4);
    const devices = await provisionGateways(
      client,
      projectId,
      [
        { alias: '模拟A', protocol: 'native' },
        { alias: '模拟B', protocol: 'thingsboard' },
      ],
      profiles,
    );
    const simulation = await runSimulation(devices, {
      mqttUrl: `mqtt://127.0.0.1:${t.server.telemetry.mqttPort}`,
      intervalMs: 100,
      dropoutChance: 0,
    });
    try {
      await expect.poll(() => simulation.published(), { timeout: 5000 }).toBeGreaterThanOrEqual(6);
    } finally {
      await simulation.stop();
    }
    const list = await client.call<{ list: { id: number; alias: string; onlineStatus: string }[] }>(
      'GET',
      `/iot/groups/${projectId}/gateways?size=100`,
    );
    const ids = list.list.filter((g) => g.alias.startsWith('模拟')).map((g) => g.id);
    const last = await client.call<Record<string, Record<string, { value: number }>>>(
      'POST',
      '/data-server/api/v2/gateways/lastMetrics',
      { gatewayIds: ids },
    );
    for (const id of ids) {
      expect(Object.keys(last[id] ?? {}).sort()).toEqual(profiles.map((p) => p.key).sort());
      const cod = last[id]!.cod!.value;
      expect(cod).toBeGreaterThan(0);
    }
  });
});
