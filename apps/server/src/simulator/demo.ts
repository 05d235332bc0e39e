import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { DEMO_ACCOUNTS, DEMO_PROJECT_NAME } from '../seed.js';
import { runSimulation, type SimulatedGateway, type Simulation } from './devices.js';
import { WATER_PROFILES } from './profiles.js';
import { PlatformClient, provisionGateways } from './provision.js';

interface Stored {
  gateways: { serialNumber: string; secret: string; protocol: SimulatedGateway['protocol'] }[];
}

/**
 * With DEMO=1 the server plays the demo project's devices itself, so a fresh install shows live
 * data at once: on the first start it provisions one gateway per site through its own API (as the
 * demo project administrator) and keeps their secrets in DATA_DIR/demo-devices.json (mode 0600).
 */
export async function startDemoSimulation(options: {
  baseUrl: string;
  mqttPort: number;
  dataDir: string;
  webClientSecret: string;
  log: FastifyBaseLogger;
}): Promise<Simulation | undefined> {
  const file = path.join(options.dataDir, 'demo-devices.json');
  let stored: Stored | undefined = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Stored)
    : undefined;
  if (!stored) {
    const client = new PlatformClient(options.baseUrl, options.webClientSecret);
    await client.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password);
    const projects = await client.call<{ list: { id: number; name: string }[] }>(
      'GET',
      '/iot/projects/byCurUser?size=100',
    );
    const project = projects.list.find((p) => p.name === DEMO_PROJECT_NAME);
    if (!project) return undefined;
    const tree = await client.call<{ children: { children: { id: number; name: string }[] }[] }>(
      'GET',
      `/iot/groups/${project.id}/tree`,
    );
    const sites = tree.children.flatMap((area) => area.children);
    const devices = await provisionGateways(
      client,
      project.id,
      sites.map((site, i) => ({
        alias: `${site.name}网关`,
        groupId: site.id,
        protocol: i % 2 === 0 ? 'native' : 'thingsboard',
      })),
      WATER_PROFILES,
    );
    stored = {
      gateways: devices.map(({ serialNumber, secret, protocol }) => ({ serialNumber, secret, protocol })),
    };
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
    options.log.info({ gateways: devices.length }, 'demo devices provisioned');
  }
  return runSimulation(
    stored.gateways.map((g) => ({ ...g, profiles: WATER_PROFILES })),
    {
      mqttUrl: `mqtt://127.0.0.1:${options.mqttPort}`,
      intervalMs: 10_000,
      onError: (serialNumber, error) => options.log.warn({ serialNumber, err: error }, 'demo device error'),
    },
  );
}
