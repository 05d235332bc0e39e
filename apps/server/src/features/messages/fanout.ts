import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';

/** Delivers a body to the STOMP subscriptions of one destination on this node. */
export type LocalDeliver = (destination: string, body: unknown) => void;

/**
 * How a socket frame reaches the subscribers on every server node (docs/decisions/0020-messages.md).
 * A message is created once, on the node whose warning engine raised it; its user may be
 * connected to any node.
 */
export interface SocketFanout {
  /** Delivers on this node and on every other node. */
  publish(destination: string, body: unknown): void;
  close(): Promise<void>;
}

/** One node: delivery is a function call. */
export function localFanout(deliver: LocalDeliver): SocketFanout {
  return {
    publish: (destination, body) => deliver(destination, body),
    close: async () => {},
  };
}

/**
 * Several nodes on an external MQTT broker: every node subscribes (not shared) to one topic and
 * delivers what arrives to its own sockets; a node delivers its own frames at once and asks the
 * broker not to echo them back (MQTT 5 no-local).
 */
export async function mqttFanout(
  url: string,
  topic: string,
  deliver: LocalDeliver,
  log: FastifyBaseLogger,
): Promise<SocketFanout> {
  const client = await mqtt.connectAsync(url, {
    protocolVersion: 5,
    clientId: `iot-fanout-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
    clean: true,
    reconnectPeriod: 2000,
  });
  client.on('error', (error) => log.error({ err: error }, 'socket fan-out broker connection error'));
  client.on('message', (_topic, payload) => {
    try {
      const frame = JSON.parse(payload.toString()) as { destination?: unknown; body?: unknown };
      if (typeof frame.destination === 'string') deliver(frame.destination, frame.body);
    } catch (error) {
      log.warn({ err: error }, 'unreadable socket fan-out frame dropped');
    }
  });
  await client.subscribeAsync(topic, { qos: 1, nl: true });
  log.info({ topic }, 'socket frames fan out through the external MQTT broker');
  return {
    publish(destination, body) {
      deliver(destination, body);
      client
        .publishAsync(topic, JSON.stringify({ destination, body }), { qos: 1 })
        .catch((error: unknown) => log.error({ err: error, destination }, 'socket fan-out publish failed'));
    },
    close: () => client.endAsync(),
  };
}
