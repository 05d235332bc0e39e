import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';

export interface ExternalConsumer {
  /** Publishes through the broker (QoS 1), e.g. a command on a device's own commands topic. */
  publish(topic: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The server as a client of an external broker cluster: it takes device messages through shared
 * subscriptions, so each message is handled by exactly one server node, and acknowledges a QoS 1
 * message only after `handle` resolves (mqtt.js holds the PUBACK until the handler calls back).
 */
export async function startExternalConsumer(
  url: string,
  shareGroup: string,
  topics: string[],
  handle: (topic: string, payload: Buffer) => Promise<void>,
  log: FastifyBaseLogger,
): Promise<ExternalConsumer> {
  const client = await mqtt.connectAsync(url, {
    protocolVersion: 5,
    clientId: `iot-server-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
    clean: true,
    reconnectPeriod: 2000,
    customHandleAcks: (topic, message, _packet, done) => {
      handle(topic, Buffer.from(message)).then(
        () => done(0),
        (error: unknown) => {
          log.error({ err: error, topic }, 'relayed message not stored');
          // 0x80 "unspecified error": the broker may deliver it again.
          done(0x80);
        },
      );
    },
  });
  client.on('error', (error) => log.error({ err: error }, 'external MQTT broker connection error'));
  await client.subscribeAsync(
    topics.map((topic) => `$share/${shareGroup}/${topic}`),
    { qos: 1 },
  );
  log.info(
    { url: url.replace(/\/\/[^@]*@/, '//***@'), topics },
    'consuming device messages from an external MQTT broker',
  );
  return {
    publish: async (topic, payload) => {
      await client.publishAsync(topic, payload, { qos: 1 });
    },
    close: () => client.endAsync(),
  };
}
