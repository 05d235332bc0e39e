import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';

/**
 * A named kind of message between server nodes. `parse` checks what arrives from another node
 * (it crossed a broker as JSON) and answers undefined for anything unreadable, which is dropped.
 */
export interface Channel<T> {
  readonly name: string;
  parse(raw: unknown): T | undefined;
  /**
   * A publish on this channel waits until every other live node has confirmed it handled the
   * message, not only until the broker took it: what a node invalidates must be gone everywhere
   * before the request that changed it answers.
   */
  readonly confirmed: boolean;
}

export function defineChannel<T>(
  name: string,
  parse: (raw: unknown) => T | undefined,
  options: { confirmed?: boolean } = {},
): Channel<T> {
  if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`channel name "${name}" must be kebab-case`);
  return { name, parse, confirmed: options.confirmed ?? false };
}

/**
 * How the server nodes tell each other things (docs/decisions/0030-per-node-caches.md): socket
 * frames for users connected elsewhere, and what changed under the per-node caches. One node
 * without an external broker: function calls. Several nodes: one topic per channel on the
 * external broker, which every node subscribes to (not shared).
 */
export interface ClusterBus {
  /**
   * Runs this node's listeners before it returns, then sends to every other node. The promise
   * resolves once the broker has taken the message (so every connected node has been sent it), at
   * once while disconnected, and after a bound if the broker is slow; it never rejects. Await it
   * before answering a request whose change other nodes must see on the caller's next request.
   */
  publish<T>(channel: Channel<T>, message: T): Promise<void>;
  subscribe<T>(channel: Channel<T>, listener: (message: T) => void): () => void;
  /**
   * Whether this node hears the other nodes now; always true on one node. A cache must not take
   * new entries while it is false: a change made elsewhere meanwhile would not reach it.
   */
  readonly connected: boolean;
  /**
   * Called when messages may have been missed, so every cache must forget everything: this node
   * lost the broker, got it back, or another node (re)joined (what it changed while it was cut off
   * never reached us).
   */
  onResync(listener: () => void): () => void;
  close(): Promise<void>;
}

/** Listeners per channel, and the resync listeners: what both implementations share. */
class Listeners {
  private readonly byChannel = new Map<
    string,
    { channel: Channel<unknown>; listeners: Set<(m: unknown) => void> }
  >();
  private readonly resync = new Set<() => void>();

  add<T>(channel: Channel<T>, listener: (message: T) => void): () => void {
    let entry = this.byChannel.get(channel.name);
    if (!entry) {
      entry = { channel: channel as Channel<unknown>, listeners: new Set() };
      this.byChannel.set(channel.name, entry);
    }
    const wrapped = listener as (message: unknown) => void;
    entry.listeners.add(wrapped);
    return () => entry.listeners.delete(wrapped);
  }

  deliver(name: string, message: unknown): void {
    for (const listener of this.byChannel.get(name)?.listeners ?? []) listener(message);
  }

  /** A message from another node: parsed by its channel, dropped when unreadable or nobody listens. */
  deliverRaw(name: string, raw: unknown, log: FastifyBaseLogger): void {
    const entry = this.byChannel.get(name);
    if (!entry) return;
    const message = entry.channel.parse(raw);
    if (message === undefined) {
      log.warn({ channel: name }, 'unreadable cluster message dropped');
      return;
    }
    for (const listener of entry.listeners) listener(message);
  }

  onResync(listener: () => void): () => void {
    this.resync.add(listener);
    return () => this.resync.delete(listener);
  }

  resynced(): void {
    for (const listener of this.resync) listener();
  }
}

/** One node: a publish is a function call, and the node always hears itself. */
export function localClusterBus(): ClusterBus {
  const listeners = new Listeners();
  return {
    publish: async (channel, message) => listeners.deliver(channel.name, message),
    subscribe: (channel, listener) => listeners.add(channel, listener),
    connected: true,
    onResync: (listener) => listeners.onResync(listener),
    close: async () => {},
  };
}

/** A node announces itself on this channel each time it (re)connects. */
const JOINED = '$joined';
/** Every node says it is alive on this channel, so the others know whose confirmations to await. */
const ALIVE = '$alive';
/** Confirmations of messages on confirmed channels, addressed to their publisher. */
const CONFIRM = '$confirm';
const ALIVE_EVERY_MS = 5000;
/** A node not heard for this long is no longer waited for. */
const PEER_SILENCE_MS = 3 * ALIVE_EVERY_MS;
/** How long a publisher waits for the broker (and the confirmations) before answering anyway. */
const ACK_WAIT_MS = 2000;
/**
 * After announcing itself, how long a node listens for the others' answers before it counts as
 * connected: only then does it know whose confirmations to wait for (they answer at once).
 */
const DISCOVERY_MS = 300;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A string field of a control message (`{node}`, or `{node, to, id}` for a confirmation). */
function field(raw: unknown, key: string): string | undefined {
  const value = (raw as Record<string, unknown> | null)?.[key];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Several nodes on an external MQTT broker: topic `iot-server/{shareGroup}/{channel}` per channel,
 * QoS 1, and MQTT 5 no-local so a node does not get its own messages back (it delivered them
 * itself). The session is clean: what was sent while a node was away is not replayed to it, which
 * is why it resyncs (forgets its caches) on every reconnection and tells the others to as well.
 */
export async function mqttClusterBus(
  url: string,
  shareGroup: string,
  log: FastifyBaseLogger,
): Promise<ClusterBus> {
  const prefix = `iot-server/${shareGroup}/`;
  const nodeId = randomBytes(6).toString('hex');
  const listeners = new Listeners();
  let connected = false;
  let closing = false;
  /** Other nodes → when last heard (announcements, heartbeats, confirmations). */
  const peers = new Map<string, number>();
  /** Confirmed publishes of this node → the nodes still to confirm, and what to call then. */
  const awaiting = new Map<string, { nodes: Set<string>; done: () => void }>();
  let sequence = 0;
  const livePeers = () => {
    const since = Date.now() - PEER_SILENCE_MS;
    return new Set([...peers].filter(([, heard]) => heard >= since).map(([node]) => node));
  };
  const confirmed = (id: string, node: string) => {
    const entry = awaiting.get(id);
    if (!entry) return;
    entry.nodes.delete(node);
    if (entry.nodes.size === 0) entry.done();
  };
  const control = (name: string, body: Record<string, string>) =>
    client
      .publishAsync(prefix + name, JSON.stringify({ node: nodeId, ...body }), { qos: 1 })
      .catch((error: unknown) => log.warn({ err: error, name }, 'cluster bus: control message not sent'));

  const client: MqttClient = await mqtt.connectAsync(url, {
    protocolVersion: 5,
    clientId: `iot-bus-${process.pid}-${nodeId}`,
    clean: true,
    reconnectPeriod: 2000,
    // A half-open connection is noticed within about 1.5 keepalives.
    keepalive: 15,
    // Subscribed again by hand on each connection, so that "connected" means "hearing the others".
    resubscribe: false,
  });
  /** While set, this node is (re)joining: publishes wait for it, so they know the live nodes. */
  let joining: Promise<void> | null = null;
  const join = async () => {
    const discovery = (async () => {
      await client.subscribeAsync(`${prefix}+`, { qos: 1, nl: true });
      void control(JOINED, {});
      await pause(DISCOVERY_MS);
    })();
    joining = discovery;
    try {
      await discovery;
      connected = true;
    } finally {
      if (joining === discovery) joining = null;
    }
  };
  const heartbeat = setInterval(() => {
    if (connected) void control(ALIVE, {});
  }, ALIVE_EVERY_MS).unref();
  // Small messages that wait for answers: Nagle's algorithm would hold each for ~40 ms.
  const noDelay = () => (client.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
  noDelay();
  client.on('connect', noDelay);
  client.on('error', (error) => log.error({ err: error }, 'cluster bus broker connection error'));
  client.on('message', (topic, payload, packet) => {
    if (!topic.startsWith(prefix)) return;
    const name = topic.slice(prefix.length);
    let raw: unknown;
    try {
      raw = JSON.parse(payload.toString());
    } catch (error) {
      log.warn({ err: error, channel: name }, 'unreadable cluster message dropped');
      return;
    }
    const from = field(raw, 'node');
    if (name === JOINED || name === ALIVE || name === CONFIRM) {
      if (from) peers.set(from, Date.now());
      if (name === CONFIRM && field(raw, 'to') === nodeId) confirmed(field(raw, 'id') ?? '', from ?? '');
      if (name === JOINED) {
        // The newcomer learns of this node at once, not at its next heartbeat.
        void control(ALIVE, {});
        listeners.resynced();
      }
      return;
    }
    listeners.deliverRaw(name, raw, log);
    const request = packet.properties?.userProperties;
    const id = request?.confirm;
    const to = request?.from;
    if (typeof id === 'string' && typeof to === 'string') void control(CONFIRM, { to, id });
  });
  client.on('close', () => {
    if (!connected) return;
    connected = false;
    // The others resync when this node is back; nobody's confirmation can come now.
    peers.clear();
    for (const entry of awaiting.values()) entry.done();
    if (!closing) log.warn('cluster bus: lost the external broker; per-node caches are off until it is back');
    listeners.resynced();
  });
  await join();
  // Later connections: subscribe again, then forget what may have changed meanwhile.
  client.on('connect', () => {
    join().then(
      () => {
        log.info('cluster bus: the external broker is back');
        listeners.resynced();
      },
      (error: unknown) => log.error({ err: error }, 'cluster bus: subscribing again failed'),
    );
  });
  log.info({ prefix }, 'server nodes talk through the external MQTT broker');

  return {
    async publish(channel, message) {
      listeners.deliver(channel.name, message);
      // A node that has just (re)connected learns the others within its discovery pause.
      if (joining && channel.confirmed) await Promise.race([joining.catch(() => {}), pause(ACK_WAIT_MS)]);
      // Whose confirmation to wait for: the broker's PUBACK says only that it took the message,
      // not that another node has handled it (Mosquitto acknowledges before it writes to them).
      const nodes = channel.confirmed && connected ? livePeers() : new Set<string>();
      const id = `${nodeId}-${++sequence}`;
      const confirmations =
        nodes.size === 0
          ? Promise.resolve()
          : new Promise<void>((resolve) => awaiting.set(id, { nodes, done: resolve }));
      // Sent even while disconnected (mqtt.js queues it), but not waited for: the others resync anyway.
      const sent = client
        .publishAsync(prefix + channel.name, JSON.stringify(message), {
          qos: 1,
          ...(nodes.size > 0 ? { properties: { userProperties: { confirm: id, from: nodeId } } } : {}),
        })
        .then(
          () => {},
          (error: unknown) => log.error({ err: error, channel: channel.name }, 'cluster bus publish failed'),
        );
      if (!connected) return;
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ACK_WAIT_MS);
      });
      await Promise.race([Promise.all([sent, confirmations]), bound]).finally(() => {
        clearTimeout(timer);
        awaiting.delete(id);
      });
    },
    subscribe: (channel, listener) => listeners.add(channel, listener),
    get connected() {
      return connected;
    },
    onResync: (listener) => listeners.onResync(listener),
    async close() {
      closing = true;
      clearInterval(heartbeat);
      await client.endAsync();
    },
  };
}

/** With MQTT_URL, the nodes talk through the external broker; otherwise this node is alone. */
export function createClusterBus(
  config: { mqttUrl: string | undefined; mqttShareGroup: string },
  log: FastifyBaseLogger,
): Promise<ClusterBus> {
  return config.mqttUrl
    ? mqttClusterBus(config.mqttUrl, config.mqttShareGroup, log)
    : Promise.resolve(localClusterBus());
}
