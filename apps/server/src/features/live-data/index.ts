import type { Platform } from '../../platform/platform.js';
import { LiveDataRepository } from './live-data.repository.js';
import { LiveDataService } from './live-data.service.js';
import { type LiveSocketServer, startLiveSocket } from './live-socket.js';

export type { LiveSocketServer };

/** The live data socket at /data-server/ws. */
export function liveDataFeature(platform: Platform): LiveSocketServer {
  const service = new LiveDataService(new LiveDataRepository(platform.db));
  return startLiveSocket(
    platform.upgrades,
    platform.access,
    service,
    platform.bus,
    platform.log,
    platform.config.liveSocketIdleSeconds * 1000,
  );
}
