import mqtt, { type MqttClient } from 'mqtt';
import { type Profile, random, reading } from './profiles.js';

/** A device the simulator plays: its credential, its protocol and what it measures. */
export interface SimulatedGateway {
  serialNumber: string;
  secret: string;
  protocol: 'native' | 'thingsboard';
  profiles: Profile[];
}

export interface SimulationOptions {
  mqttUrl: string;
  intervalMs: number;
  /** Chance per cycle that a device says nothing (a dropped reading). */
  dropoutChance?: number;
  seed?: number;
  onError?: (serialNumber: string, error: Error) => void;
}

export interface Simulation {
  /** Messages acknowledged by the broker so far. */
  published(): number;
  stop(): Promise<void>;
}

/** Connects every gateway as a real MQTT device and publishes its readings every interval. */
export async function runSimulation(
  gateways: SimulatedGateway[],
  options: SimulationOptions,
): Promise<Simulation> {
  const rng = random(options.seed ?? Date.now());
  const dropout = options.dropoutChance ?? 0.01;
  let published = 0;
  const clients: MqttClient[] = [];
  const timers: NodeJS.Timeout[] = [];

  for (const [index, gateway] of gateways.entries()) {
    const client = await mqtt.connectAsync(options.mqttUrl, {
      // Client ids belong to the credential (decision 0008): the serial number, ':' and a suffix
      // that keeps a real device with the same serial number from being knocked off.
      clientId: `${gateway.serialNumber}:sim`,
      ...(gateway.protocol === 'native'
        ? { username: gateway.serialNumber, password: gateway.secret }
        : { username: gateway.secret }),
      reconnectPeriod: 5000,
    });
    client.on('error', (error) => options.onError?.(gateway.serialNumber, error));
    clients.push(client);
    const cycle = () => {
      if (rng() < dropout) return;
      const now = Date.now();
      const values = Object.fromEntries(gateway.profiles.map((p) => [p.key, reading(p, now, rng)]));
      const [topic, payload] =
        gateway.protocol === 'native'
          ? [`gateways/${gateway.serialNumber}/telemetry`, values]
          : ['v1/devices/me/telemetry', { ts: now, values }];
      client.publishAsync(topic, JSON.stringify(payload), { qos: 1 }).then(
        () => {
          published += 1;
        },
        (error: Error) => options.onError?.(gateway.serialNumber, error),
      );
    };
    // Spread the devices over the interval, as real ones are never in step.
    const offset = Math.floor((index / gateways.length) * options.intervalMs);
    timers.push(
      setTimeout(() => {
        cycle();
        timers.push(setInterval(cycle, options.intervalMs));
      }, offset),
    );
  }

  return {
    published: () => published,
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(clients.map((client) => client.endAsync()));
    },
  };
}
