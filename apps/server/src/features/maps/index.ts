import type { Platform } from '../../platform/platform.js';
import type { SecretBox } from '../../platform/secret-box.js';
import type { IngestService } from '../telemetry/index.js';
import { CellLocator } from './cell-locator.js';
import { CellSettingsService } from './cell-settings.service.js';
import { CellsRepository } from './cells.repository.js';
import { registerCellRoutes } from './cells.routes.js';
import { Gazetteer } from './gazetteer.js';
import { LocationsRepository } from './locations.repository.js';
import { registerLocationRoutes } from './locations.routes.js';
import { LocationsService } from './locations.service.js';
import { MapSettingsService } from './map-settings.service.js';
import { registerMapRoutes } from './maps.routes.js';

export type { LocationsService, MapSettingsService };

export interface MapsFeature {
  settings: MapSettingsService;
  locations: LocationsService;
  /** Waits for the positions being written (tests, shutdown). */
  drain(): Promise<void>;
}

/**
 * Maps, coordinates and location (docs/decisions/0066-maps-and-location.md): the map provider
 * (built-in offline gazetteer, or AMap), the offline base map, locations of sites, gateways and
 * equipment, and gateways moved by the positions they report — longitude/latitude, or base station
 * (the imported cell table, then OpenCelliD online when configured).
 */
export function mapsFeature(
  platform: Platform,
  deps: { box: SecretBox; ingest: IngestService },
): MapsFeature {
  const gazetteer = new Gazetteer();
  let baseMap: string | undefined;
  const settings = new MapSettingsService(platform.db, deps.box, platform.cluster, gazetteer);
  const cells = new CellsRepository(platform.db);
  const cellSettings = new CellSettingsService(platform.db, deps.box, platform.cluster);
  const locator = new CellLocator(cells, cellSettings, platform.cluster, platform.log);
  const locations = new LocationsService(new LocationsRepository(platform.db), platform.cluster, locator);
  registerMapRoutes(
    platform.router,
    settings,
    gazetteer,
    () => (baseMap ??= Gazetteer.baseMapText()),
    platform.log,
  );
  registerLocationRoutes(platform.router, locations);
  registerCellRoutes(platform.router, cellSettings, cells, platform.cluster);

  let queue: Promise<void> = Promise.resolve();
  deps.ingest.onStored((device, points) => {
    if (device.projectId === null) return;
    queue = queue
      .then(() => locations.onStored(device.gatewayId, points))
      .catch((error: unknown) => platform.log.error({ err: error }, 'gateway position not updated'));
  });
  return { settings, locations, drain: () => queue };
}
