import { createServer, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { listenWithFallback } from '../listen.js';

/** What the broker asks of the application: who a client is, what it may touch, what to do with data. */
export interface BrokerHooks<Identity> {
  authenticate(username: string | undefined, password: string | undefined): Promise<Identity | null>;
  /**
   * Whether an authenticated client may use its client id. The broker closes an older session with
   * the same id, so an id must belong to one credential. `undefined`: the client sent none and the
   * broker made up a unique one.
   */
  acceptsClientId(identity: Identity, clientId: string | undefined): boolean;
  canPublish(identity: Identity, topic: string): boolean;
  canSubscribe(identity: Identity, topic: string): boolean;
  /** Handles a device's message; the QoS 1 acknowledgement waits for the returned promise. */
  onPublish(identity: Identity, topic: string, payload: Buffer): Promise<void>;
  onConnect(identity: Identity): void;
  onDisconnect(identity: Identity): void;
  /** A subscription was granted (also when a persistent session restores it at connect). */
  onSubscribe?(identity: Identity, topicFilter: string): void;
}

export interface EmbeddedBroker<Identity = unknown> {
  port: number;
  /** Sends a message to subscribed devices (downlink commands). */
  publish(topic: string, payload: string): Promise<void>;
  /**
   * Sends a message (QoS 1) only to the connected clients whose identity matches and that hold a
   * subscription matching the topic: the way to reach one device on a topic name every device
   * shares (ThingsBoard's v1/devices/me/…). Answers how many clients it was handed to.
   */
  publishTo(match: (identity: Identity) => boolean, topic: string, payload: string): Promise<number>;
  close(): Promise<void>;
}

const IDENTIFIER_REJECTED = 2;
const BAD_CREDENTIALS = 4;
const NOT_AUTHORIZED = 5;

/** Whether an MQTT topic filter (with + and #) matches a topic name. */
export function topicMatches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (i >= t.length) return false;
    if (f[i] !== '+' && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
}

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
): Promise<EmbeddedBroker<Identity>> {
  const identities = new WeakMap<Client, Identity>();
  /** Clients that connected with an empty client id (aedes gives them a random one before authenticate). */
  const idsMadeUp = new WeakSet<Client>();
  /** Connected clients with their granted subscriptions (topic filters). */
  const sessions = new Map<Client, Set<string>>();
  const broker = await Aedes.createBroker({
    preConnect(client, packet, done) {
      if (!packet.clientId) idsMadeUp.add(client);
      done(null, true);
    },
    authenticate(client, username, password, done) {
      const secret = password?.toString('utf8');
      hooks.authenticate(username, secret).then(
        (identity) => {
          if (!identity) return done(authError('bad credentials', BAD_CREDENTIALS), false);
          const clientId = idsMadeUp.has(client) ? undefined : client.id;
          if (!hooks.acceptsClientId(identity, clientId)) {
            // Never a secret in the log: some firmware sends its access token as client id too.
            const shown = clientId === username || clientId === secret ? '(the credential)' : clientId;
            log.warn(
              { clientId: shown?.slice(0, 128), identity },
              'mqtt connect refused: the client id does not belong to this credential',
            );
            return done(authError('identifier rejected', IDENTIFIER_REJECTED), false);
          }
          identities.set(client, identity);
          done(null, true);
        },
        (error: unknown) => {
          // Not refused, undecided (the database is away): the connection is closed without a
          // CONNACK, which every client takes for a network failure and retries. A CONNACK 3
          // (server unavailable) would be exact, but some clients (mqtt.js by default) stop for
          // good after a refused CONNACK, and a device would never send its queued data again.
          log.warn({ err: error }, 'mqtt authentication undecided, connection closed');
          client.close();
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
  const filtersOf = (client: Client) => {
    let filters = sessions.get(client);
    if (!filters) {
      filters = new Set();
      sessions.set(client, filters);
    }
    return filters;
  };
  broker.on('subscribe', (subscriptions, client) => {
    const identity = client && identities.get(client);
    if (!identity || client.closed) return;
    for (const subscription of subscriptions) {
      // A refused subscription is reported with QoS 128.
      if ((subscription.qos as number) > 2) continue;
      filtersOf(client).add(subscription.topic);
      hooks.onSubscribe?.(identity, subscription.topic);
    }
  });
  broker.on('unsubscribe', (topics, client) => {
    const filters = client && sessions.get(client);
    for (const topic of topics) filters?.delete(topic);
  });
  broker.on('clientReady', (client) => {
    filtersOf(client);
    const identity = identities.get(client);
    if (identity) hooks.onConnect(identity);
  });
  broker.on('clientDisconnect', (client) => {
    sessions.delete(client);
    const identity = identities.get(client);
    if (identity) hooks.onDisconnect(identity);
  });

  const server: Server = createServer(broker.handle);
  const port = await listenWithFallback(
    server,
    { port: options.port, host: options.host, tryNextPorts: options.tryNextPorts ?? 0, name: 'MQTT' },
    log,
  );
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
    async publishTo(match, topic, payload) {
      const targets = [...sessions].filter(([client, filters]) => {
        const identity = identities.get(client);
        return (
          identity !== undefined &&
          !client.closed &&
          match(identity) &&
          [...filters].some((filter) => topicMatches(filter, topic))
        );
      });
      const packet = {
        cmd: 'publish' as const,
        topic,
        payload: Buffer.from(payload),
        qos: 1 as const,
        retain: false,
        dup: false,
      };
      const sent = await Promise.all(
        targets.map(
          ([client]) =>
            new Promise<boolean>((resolve) =>
              client.publish({ ...packet }, (error) => {
                if (error) log.warn({ err: error, topic }, 'mqtt downlink not sent');
                resolve(!error);
              }),
            ),
        ),
      );
      return sent.filter(Boolean).length;
    },
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
