import { type ClusterBus, defineChannel } from '../../platform/cluster-bus.js';

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

interface SocketFrame {
  destination: string;
  body: unknown;
}

/** Socket frames between nodes (topic iot-server/{MQTT_SHARE_GROUP}/socket on an external broker). */
export const socketChannel = defineChannel<SocketFrame>('socket', (raw) => {
  const frame = raw as Partial<SocketFrame> | null;
  return typeof frame?.destination === 'string'
    ? { destination: frame.destination, body: frame.body }
    : undefined;
});

/**
 * Frames go over the cluster bus: delivered on this node at once, and on every other node as
 * the bus brings them (in-process on one node, the external broker with several).
 */
export function clusterFanout(cluster: ClusterBus, deliver: LocalDeliver): SocketFanout {
  const stop = cluster.subscribe(socketChannel, (frame) => deliver(frame.destination, frame.body));
  return {
    publish: (destination, body) => void cluster.publish(socketChannel, { destination, body }),
    close: async () => {
      stop();
    },
  };
}
