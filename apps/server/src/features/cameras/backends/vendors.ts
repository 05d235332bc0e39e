import type { Config } from '../../../platform/config.js';
import type { CameraBackend } from '../backend.js';
import { CloudABackend } from './cloud-a.js';
import { CloudBBackend } from './cloud-b.js';
import type { Gb28181Signalling } from './gb28181.js';
import { Gb28181Backend } from './gb28181.js';
import { LinkBackend } from './link.js';

/**
 * The vendor back-ends (cloud services A and B, the link platform, GB28181), each speaking its
 * vendor's documented API (decision 0065). The HTTP-FLV back-end is built in beside the routes.
 * An unconfigured link or GB28181 service still answers, with the operation's §8 message.
 */
export function vendorBackends(deps: {
  config: Config;
  /** The security-management platform's SIP side: the built-in SIP server when configured (decision 0070). */
  gb28181Signalling?: Gb28181Signalling;
}): CameraBackend[] {
  const vendors = deps.config.cameraVendors;
  const timeoutMs = vendors.timeoutMs;
  return [
    new CloudABackend({ defaultBaseUrl: vendors.cloudAUrl, timeoutMs }),
    new CloudBBackend({ defaultBaseUrl: vendors.cloudBUrl, timeoutMs }),
    new LinkBackend({ baseUrl: vendors.linkUrl, secret: vendors.linkSecret, timeoutMs }),
    new Gb28181Backend(
      {
        apiUrl: vendors.gbMediaUrl,
        secret: vendors.gbMediaSecret,
        playUrl: vendors.gbPlayUrl,
        rtpIp: vendors.gbSip.mediaIp,
        timeoutMs,
      },
      deps.gb28181Signalling ?? null,
    ),
  ];
}
