import type { Config } from '../../../platform/config.js';
import type { CameraBackend } from '../backend.js';

/**
 * The vendor back-ends (cloud services A and B, the link platform, GB28181), each speaking its
 * vendor's documented API. The HTTP-FLV back-end is built in beside the routes.
 */
export function vendorBackends(_deps: { config: Config }): CameraBackend[] {
  return [];
}
