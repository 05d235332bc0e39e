import type { FastifyBaseLogger } from 'fastify';
import { claimClientId } from './client-id.js';
import { MqttSession } from './session.js';

export interface ExternalConsumer {
  /** This node's client id on the broker (its persistent session). */
  clientId: string;
  /** Publishes through the broker (QoS 1), e.g. a command on a device's own commands topic. */
  publish(topic: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export interface ExternalConsumerOptions {
  url: string;
  /** The shared-subscription group of the server nodes; null: plain subscriptions (one node only). */
  shareGroup: string | null;
  topics: string[];
  /** DATA_DIR: where the generated client id is kept. */
  dataDir: string;
  /** MQTT_CLIENT_ID; absent: generated once per node and kept in dataDir. */
  clientId: string | undefined;
  sessionExpirySeconds: number;
  /** Handles a message; it is acknowledged to the broker only after this resolves. */
  handle(topic: string, payload: Buffer): Promise<void>;
  log: FastifyBaseLogger;
}

/**
 * QoS 1 messages the broker may have in flight to one node. Enough for the writer's group commit
 * to take hundreds of messages per transaction (a batch is what arrived while the previous one was
 * written); Mosquitto 2 and EMQX honour the client's Receive Maximum (EMQX up to its max_inflight).
 */
const RECEIVE_MAXIMUM = 1000;

/**
 * The server as a client of an external broker cluster (docs/decisions/0012-external-broker.md,
 * 0028): it takes device messages through shared subscriptions, so each message is handled by
 * exactly one server node, many at once, and acknowledges a QoS 1 message only after `handle`
 * resolves. Its session outlives reconnects and restarts, so nothing published meanwhile is lost.
 */
export async function startExternalConsumer(options: ExternalConsumerOptions): Promise<ExternalConsumer> {
  const claimed = claimClientId(options.dataDir, options.clientId);
  const session = new MqttSession({
    url: options.url,
    clientId: claimed.id,
    sessionExpirySeconds: options.sessionExpirySeconds,
    receiveMaximum: RECEIVE_MAXIMUM,
    keepaliveSeconds: 30,
    subscriptions: options.topics.map((topic) =>
      options.shareGroup === null ? topic : `$share/${options.shareGroup}/${topic}`,
    ),
    onMessage: options.handle,
    log: options.log,
  });
  try {
    await session.start();
  } catch (error) {
    claimed.release();
    throw error;
  }
  options.log.info(
    { url: options.url.replace(/\/\/[^@]*@/, '//***@'), topics: options.topics, clientId: claimed.id },
    'consuming device messages from an external MQTT broker',
  );
  return {
    clientId: claimed.id,
    publish: (topic, payload) => session.publish(topic, payload),
    async close() {
      await session.close();
      claimed.release();
    },
  };
}
