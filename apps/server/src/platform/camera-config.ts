import { type ClusterBus, defineChannel } from './cluster-bus.js';

/**
 * A camera changed or went, or stopped being shared into a project (decision 0069): every node
 * forgets its play URL and ends its relayed stream. In the platform, like gateway-config, because
 * two features announce it: 视频监控 (edit, delete) and sharing (revocation).
 */
export const camerasChannel = defineChannel(
  'cameras',
  (raw) => {
    const id = (raw as { cameraId?: unknown } | null)?.cameraId;
    return typeof id === 'number' ? { cameraId: id } : undefined;
  },
  { confirmed: true },
);

/** Announces the cameras, after the write committed; resolves once the broker has the news. */
export async function camerasChanged(cluster: ClusterBus, cameraIds: number[]): Promise<void> {
  for (const cameraId of new Set(cameraIds)) await cluster.publish(camerasChannel, { cameraId });
}
