import type { Platform } from '../../platform/platform.js';
import { LiveDataRepository } from './live-data.repository.js';
import { registerLiveDataRoutes } from './live-data.routes.js';
import { LiveDataService } from './live-data.service.js';
import { type LiveSocketServer, startLiveSocket } from './live-socket.js';

export type { LiveDataService, LiveSocketServer };

/** The live data socket at /data-server/ws, who may read which gateway, and the names a public page shows. */
export function liveDataFeature(platform: Platform): {
  liveData: LiveDataService;
  liveSocket: LiveSocketServer;
} {
  const liveData = new LiveDataService(new LiveDataRepository(platform.db));
  registerLiveDataRoutes(platform.router, liveData);
  const liveSocket = startLiveSocket(
    platform.upgrades,
    platform.access,
    liveData,
    platform.bus,
    platform.cluster,
    platform.log,
    platform.config.liveSocketIdleSeconds * 1000,
  );
  return { liveData, liveSocket };
}
