import { createServer, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';

/** What the broker asks of the application: who a client is, what it may touch, what to do with data. */
export interface BrokerHooks<Identity> {
  authenticate(username: string | undefined, password: string | undefined): Promise<Identity | null>;
  canPublish(identity: Identity, topic: string): boolean;
  canSubscribe(identity: Identity, topic: string): boolean;
  /** Handles a device's message; the QoS 1 acknowledgement waits for the returned promise. */
  onPublish(identity: Identity, topic: string, payload: Buffer): Promise<void>;
  onConnect(identity: Identity): void;
  onDisconnect(identity: Identity): void;
}

export interface EmbeddedBroker {
  port: number;
  /** Sends a message to subscribed devices (downlink commands). */
  publish(topic: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

const BAD_CREDENTIALS = 4;
const NOT_AUTHORIZED = 5;

function authError(message: string, returnCode: number): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

/**
 * The embedded MQTT broker (aedes) on a TCP port: devices authenticate with their own credential
 * and may publish and subscribe only where the hooks allow.
 */
export async function startEmbeddedBroker<Identity>(
  options: { port: number; host: string; tryNextPorts?: number },
  hooks: BrokerHooks<Identity>,
  log: FastifyBaseLogger,
): Promise<EmbeddedBroker> {
  const identities = new WeakMap<Client, Identity>();
  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      hooks.authenticate(username, password?.toString('utf8')).then(
        (identity) => {
          if (!identity) return done(authError('bad credentials', BAD_CREDENTIALS), false);
          identities.set(client, identity);
          done(null, true);
        },
        (error: unknown) => {
          log.error({ err: error }, 'mqtt authentication failed');
          done(authError('server unavailable', 3), false);
        },
      );
    },
    authorizePublish(client, packet, callback) {
      const identity = client && identities.get(client);
      if (!identity || !hooks.canPublish(identity, packet.topic)) {
        callback(authError('not authorized', NOT_AUTHORIZED));
        return;
      }
      hooks.onPublish(identity, packet.topic, Buffer.from(packet.payload)).then(
        () => callback(null),
        (error: unknown) => {
          // The message is not acknowledged: a QoS 1 device sends it again.
          log.error({ err: error, topic: packet.topic }, 'mqtt message not stored');
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    },
    authorizeSubscribe(client, subscription, callback) {
      const identity = identities.get(client);
      if (!identity || !hooks.canSubscribe(identity, subscription.topic)) {
        // Refuse this subscription (SUBACK 0x80) without closing the device's connection.
        callback(null, null);
        return;
      }
      callback(null, subscription);
    },
  });
  broker.on('clientReady', (client) => {
    const identity = identities.get(client);
    if (identity) hooks.onConnect(identity);
  });
  broker.on('clientDisconnect', (client) => {
    const identity = identities.get(client);
    if (identity) hooks.onDisconnect(identity);
  });

  const server: Server = createServer(broker.handle);
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  // A default port held by another broker on this machine (say Mosquitto on 1883): take the next free one.
  for (let attempt = 0; ; attempt++) {
    try {
      await listen(options.port === 0 ? 0 : options.port + attempt);
      break;
    } catch (error) {
      const inUse = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (!inUse || attempt >= (options.tryNextPorts ?? 0)) throw error;
      log.warn({ port: options.port + attempt }, 'MQTT port in use, trying the next one');
    }
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  log.info({ port }, 'embedded MQTT broker listening');

  return {
    port,
    publish: (topic, payload) =>
      new Promise((resolve, reject) =>
        broker.publish(
          { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false },
          (error) => (error ? reject(error) : resolve()),
        ),
      ),
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
