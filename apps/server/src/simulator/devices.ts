import mqtt, { type MqttClient } from 'mqtt';
import { demoReading, type Episode, type Profile, random, reading } from './profiles.js';

/** A device the simulator plays: its credential, its protocol and what it measures. */
export interface SimulatedGateway {
  serialNumber: string;
  secret: string;
  protocol: 'native' | 'thingsboard';
  profiles: Profile[];
  /** The platform's id of the gateway (known when the simulator provisioned it). */
  gatewayId?: number;
  /** Gateway indicator ids by data identification (known when the simulator provisioned it). */
  indicatorIds?: Record<string, number>;
  /**
   * Read with the demo's model (`demoReading`: drifting bases, setpoints followed, episodes)
   * instead of the plain daily curve; the writable points start at these values.
   */
  demo?: { state: Record<string, number> };
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
  /** Commands the devices carried out so far. */
  commands(): number;
  stop(): Promise<void>;
}

const DAY_MS = 86_400_000;
const RPC_REQUEST = /^v1\/devices\/me\/rpc\/request\/(\d+)$/;

/** A command's value as a number (booleans as 0/1), or undefined when it is none. */
function commandValue(value: unknown): number | undefined {
  if (typeof value === 'boolean') return value ? 1 : 0;
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

/**
 * Connects every gateway as a real MQTT device and publishes its readings every interval. A
 * gateway with writable points (io 'rw') subscribes to its commands — native topic or ThingsBoard
 * RPC — carries them out (the point reads the new value from then on), answers, and publishes at
 * once, as a PLC behind a real gateway would.
 */
export async function runSimulation(
  gateways: SimulatedGateway[],
  options: SimulationOptions,
): Promise<Simulation> {
  const rng = random(options.seed ?? Date.now());
  const dropout = options.dropoutChance ?? 0.01;
  let published = 0;
  let commands = 0;
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
    const state = new Map<string, number>(
      gateway.profiles.filter((p) => p.io === 'rw').map((p) => [p.key, gateway.demo?.state[p.key] ?? p.base]),
    );
    const episodes = new Map<string, Episode>();

    const readingOf = (profile: Profile, now: number): number => {
      if (!gateway.demo) return reading(profile, now, rng);
      let episode = episodes.get(profile.key);
      if (episode && episode.to <= now) episodes.delete(profile.key);
      if (!episodes.has(profile.key) && profile.episode) {
        if (rng() < (profile.episode.chancePerDay * options.intervalMs) / DAY_MS) {
          const minutes = 40 + Math.floor(rng() * 80);
          episodes.set(profile.key, {
            key: profile.key,
            from: now,
            to: now + minutes * 60_000,
            peak: profile.episode.peak,
          });
        }
      }
      episode = episodes.get(profile.key);
      return demoReading(profile, now, rng, state, episode);
    };
    const publish = (now: number) => {
      const values = Object.fromEntries(gateway.profiles.map((p) => [p.key, readingOf(p, now)]));
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
    const cycle = () => {
      if (rng() < dropout) return;
      publish(Date.now());
    };

    /** Carries out `metric = value`; answers the failure's text, or null. */
    const carryOut = (metric: unknown, raw: unknown): string | null => {
      const profile = gateway.profiles.find((p) => p.key === metric);
      if (profile?.io !== 'rw') return `${String(metric)} 不可写`;
      const value = commandValue(raw);
      if (value === undefined || value < profile.min || value > profile.max)
        return `值超出范围：${String(raw)}`;
      state.set(profile.key, value);
      commands += 1;
      return null;
    };
    if (state.size > 0) {
      const commandsTopic = `gateways/${gateway.serialNumber}/commands`;
      client.on('message', (topic, payload) => {
        let message: Record<string, unknown>;
        try {
          message = JSON.parse(payload.toString('utf8')) as Record<string, unknown>;
        } catch {
          return;
        }
        if (topic === commandsTopic) {
          const failure = carryOut(message.metric, message.value);
          const ack = { id: message.id, success: failure === null, ...(failure ? { message: failure } : {}) };
          void client.publishAsync(`${commandsTopic}/ack`, JSON.stringify(ack), { qos: 1 });
        } else {
          const requestId = RPC_REQUEST.exec(topic)?.[1];
          const params = message.params as Record<string, unknown> | undefined;
          if (!requestId || message.method !== 'setValue' || !params) return;
          const failures = Object.entries(params)
            .map(([metric, value]) => carryOut(metric, value))
            .filter((f) => f !== null);
          const answer = failures.length > 0 ? { error: failures.join('；') } : { success: true };
          void client.publishAsync(`v1/devices/me/rpc/response/${requestId}`, JSON.stringify(answer), {
            qos: 1,
          });
        }
        // The new state shows at once, not at the next reading.
        publish(Date.now());
      });
      await client.subscribeAsync(
        gateway.protocol === 'native' ? commandsTopic : 'v1/devices/me/rpc/request/+',
        { qos: 1 },
      );
    }
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
    commands: () => commands,
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(clients.map((client) => client.endAsync()));
    },
  };
}
