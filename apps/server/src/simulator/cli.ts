import { parseArgs } from 'node:util';
import { runSimulation } from './devices.js';
import { WATER_PROFILES } from './profiles.js';
import { PlatformClient, provisionGateways } from './provision.js';

/**
 * npm run simulate -- --gateways N --indicators M --interval S [--url …] [--mqtt …]
 * [--username …] [--password …] [--project ID] [--protocol native|thingsboard|mixed]
 *
 * Provisions N gateways with M water-quality indicators each in a project through the platform's
 * API, then connects them as real MQTT devices publishing every S seconds until stopped.
 */
const { values } = parseArgs({
  options: {
    gateways: { type: 'string', default: '5' },
    indicators: { type: 'string', default: String(WATER_PROFILES.length) },
    interval: { type: 'string', default: '5' },
    url: { type: 'string', default: process.env.PLATFORM_URL ?? 'http://localhost:8080' },
    mqtt: { type: 'string' },
    username: { type: 'string', default: 'demo-admin' },
    password: { type: 'string', default: process.env.SIMULATOR_PASSWORD ?? 'Demo@2026' },
    project: { type: 'string' },
    protocol: { type: 'string', default: 'mixed' },
  },
});

const count = Number(values.gateways);
const indicators = Math.min(Number(values.indicators), WATER_PROFILES.length);
const intervalMs = Number(values.interval) * 1000;
if (!(count > 0) || !(indicators > 0) || !(intervalMs > 0)) {
  process.stderr.write('usage: npm run simulate -- --gateways N --indicators M --interval S\n');
  process.exit(2);
}

const client = new PlatformClient(values.url, process.env.WEB_CLIENT_SECRET ?? 'iot-web');
await client.login(values.username, values.password);
const projectId =
  Number(values.project) ||
  (await client.call<{ list: { id: number }[] }>('GET', '/iot/projects/byCurUser?size=1')).list[0]?.id;
if (!projectId) throw new Error('no project to put the simulated gateways in (use --project)');
const info = await client.call<{ mqttPort: number }>('GET', '/iot/system/info');
const mqttUrl = values.mqtt ?? `mqtt://${new URL(values.url).hostname}:${info.mqttPort}`;

const profiles = WATER_PROFILES.slice(0, indicators);
const devices = await provisionGateways(
  client,
  projectId,
  Array.from({ length: count }, (_, i) => ({
    alias: `模拟网关${i + 1}-${Date.now().toString(36)}`,
    protocol:
      values.protocol === 'mixed' ? (i % 2 === 0 ? 'native' : 'thingsboard') : (values.protocol as 'native'),
  })),
  profiles,
);
const simulation = await runSimulation(devices, {
  mqttUrl,
  intervalMs,
  onError: (serialNumber, error) => process.stderr.write(`${serialNumber}: ${error.message}\n`),
});
process.stdout.write(
  `${count} gateways × ${indicators} indicators every ${values.interval} s → ${mqttUrl} (project ${projectId})\n`,
);
const report = setInterval(
  () => process.stdout.write(`published ${simulation.published()} messages\n`),
  10_000,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    clearInterval(report);
    void simulation.stop().then(() => process.exit(0));
  });
}
