import type { Platform } from '../../platform/platform.js';
import { type ReserveQuota, SharingRepository } from './sharing.repository.js';
import { registerSharingRoutes } from './sharing.routes.js';
import { SharingService } from './sharing.service.js';

/** What a share grants, as SQL the gateway, tree, quota and live reads of other features join. */
export {
  chargedIndicatorCount,
  isSharedInto,
  linkedCameraIds,
  sharedCameraIds,
  sharedGatewayIds,
  sharedIndicatorCounts,
  sharedTargets,
  standingSharedCamera,
} from './visibility.js';

export type { ReserveQuota };

/** Device sharing by code (docs/decisions/0069-sharing-by-code.md). */
export function sharingFeature(platform: Platform, deps: { reserveQuota: ReserveQuota }): void {
  const repository = new SharingRepository(platform.db, deps.reserveQuota);
  registerSharingRoutes(platform.router, new SharingService(repository, platform.access, platform.cluster));
}
