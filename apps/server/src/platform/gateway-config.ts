import { type ClusterBus, defineChannel } from './cluster-bus.js';

/**
 * A gateway's indicator configuration changed (keys added, edited or removed; an indicator's type,
 * decimals or enums; the gateway deleted, bound, unbound or transferred), or, with `all`, possibly
 * every gateway's (a project deleted). The ingest pipeline's per-node copy of the configuration
 * listens (docs/decisions/0030-per-node-caches.md).
 */
export type GatewayConfigChange = { gatewayIds: number[] } | { all: true };

export const gatewayConfigChannel = defineChannel<GatewayConfigChange>(
  'gateway-config',
  (raw) => {
    const change = raw as { gatewayIds?: unknown; all?: unknown } | null;
    if (change?.all === true) return { all: true };
    const ids = change?.gatewayIds;
    return Array.isArray(ids) && ids.every((id) => Number.isInteger(id))
      ? { gatewayIds: ids as number[] }
      : undefined;
  },
  { confirmed: true },
);

/**
 * Says, after the write committed and before the request answers, that these gateways'
 * configuration changed: this node reads it again at once; the promise resolves once the broker
 * has taken the news for the other nodes.
 */
export async function gatewayConfigChanged(cluster: ClusterBus, change: GatewayConfigChange): Promise<void> {
  if ('gatewayIds' in change && change.gatewayIds.length === 0) return;
  await cluster.publish(gatewayConfigChannel, change);
}
