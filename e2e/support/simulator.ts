import { DEMO_ACCOUNTS, DEMO_PROJECT_NAME } from '../../apps/server/src/seed.js';
import { runSimulation, type Simulation } from '../../apps/server/src/simulator/devices.js';
import { type Profile, WATER_PROFILES } from '../../apps/server/src/simulator/profiles.js';
import { PlatformClient, provisionGateways } from '../../apps/server/src/simulator/provision.js';
import type { BrowserHarness } from './browser.js';

export interface SimulatedSite {
  projectId: number;
  /** The provisioned gateways: id, serial number and alias, in the order asked for. */
  gateways: { id: number; serialNumber: string; alias: string }[];
  simulation: Simulation;
}

/**
 * Real devices for a browser test: provisions gateways in the demo project through the API (as the
 * demo project administrator, as the simulator does) and runs them over MQTT against the test
 * server's embedded broker, publishing every `intervalMs`. Stop the simulation in afterAll.
 */
export async function startSimulatedSite(
  h: BrowserHarness,
  options: { aliases: string[]; intervalMs?: number; profiles?: Profile[]; groupId?: number },
): Promise<SimulatedSite> {
  const client = new PlatformClient(h.t.baseUrl, h.t.config.webClientSecret);
  await client.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password);
  const projects = await client.call<{ list: { id: number; name: string }[] }>(
    'GET',
    '/iot/projects/byCurUser?size=100',
  );
  const project = projects.list.find((p) => p.name === DEMO_PROJECT_NAME);
  if (!project) throw new Error('demo project missing');
  const profiles = options.profiles ?? WATER_PROFILES;
  const devices = await provisionGateways(
    client,
    project.id,
    options.aliases.map((alias) => ({
      alias,
      protocol: 'native' as const,
      ...(options.groupId ? { groupId: options.groupId } : {}),
    })),
    profiles,
  );
  const gateways = await client.call<{ list: { id: number; serialNumber: string; alias: string }[] }>(
    'GET',
    `/iot/groups/${project.id}/gateways?size=1000`,
  );
  const bySerial = new Map(gateways.list.map((g) => [g.serialNumber, g]));
  const simulation = await runSimulation(devices, {
    mqttUrl: `mqtt://127.0.0.1:${h.t.server.telemetry.mqttPort}`,
    intervalMs: options.intervalMs ?? 1000,
    dropoutChance: 0,
  });
  return {
    projectId: project.id,
    gateways: devices.map((d) => {
      const g = bySerial.get(d.serialNumber);
      if (!g) throw new Error(`gateway ${d.serialNumber} not listed`);
      return { id: g.id, serialNumber: g.serialNumber, alias: g.alias };
    }),
    simulation,
  };
}
