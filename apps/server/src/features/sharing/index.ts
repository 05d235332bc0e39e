import type { Platform } from '../../platform/platform.js';
import { SharingRepository } from './sharing.repository.js';
import { registerSharingRoutes } from './sharing.routes.js';
import { SharingService } from './sharing.service.js';

/** What a share grants, as SQL the gateway, tree, quota and live reads of other features join. */
export {
  chargedIndicatorCount,
  isSharedInto,
  sharedGatewayIds,
  sharedIndicatorCounts,
  sharedTargets,
} from './visibility.js';

/** Device sharing by code (docs/decisions/0069-sharing-by-code.md). */
export function sharingFeature(platform: Platform): void {
  const repository = new SharingRepository(platform.db, platform.dialect);
  registerSharingRoutes(platform.router, new SharingService(repository, platform.access, platform.cluster));
}
