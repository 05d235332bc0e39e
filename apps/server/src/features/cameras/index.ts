import { AggType } from '@iot/contracts/cameras';
import type { Platform } from '../../platform/platform.js';
import type { SecretBox } from '../../platform/secret-box.js';
import type { Gb28181Backend } from './backends/gb28181.js';
import { httpFlvBackend } from './backends/http-flv.js';
import { CameraBackends } from './backends/registry.js';
import { vendorBackends } from './backends/vendors.js';
import { CamerasRepository } from './cameras.repository.js';
import { registerCameraRoutes } from './cameras.routes.js';
import { CamerasService, camerasChannel } from './cameras.service.js';
import { DemoVideoSource } from './demo-source.js';
import { FlvRelay } from './flv-relay.js';
import { type Gb28181Platform, registerGbHookRoutes, startGb28181 } from './gb28181/index.js';
import { registerCameraSessionRoutes } from './sessions.routes.js';
import { registerStreamRoutes } from './stream.routes.js';
import { StreamTickets } from './stream-tickets.js';

export type { CameraBackend } from './backend.js';
export type { CamerasService };

export interface CamerasFeature {
  service: CamerasService;
  relay: FlvRelay;
  /** The built-in GB28181 SIP server, when configured (decision 0070). */
  gb28181: Gb28181Platform;
  /** The demo cameras' video source (decision 0064, "Demo cameras"). */
  demo: DemoVideoSource;
  close(): Promise<void>;
}

/**
 * 视频监控 (docs/decisions/0064-cameras.md): cameras, accounts, presets and snapshots; the calls of
 * feature-areas §7 through the camera's back-end — the built-in HTTP-FLV relay first, then the
 * vendors' adapters (vendorBackends); a platform with none answers 该摄像头平台未配置.
 */
export async function camerasFeature(platform: Platform, deps: { box: SecretBox }): Promise<CamerasFeature> {
  const repository = new CamerasRepository(platform.db);
  const tickets = new StreamTickets(deps.box);
  const gb28181 = await startGb28181(platform);
  // The demo cameras' test patterns (`demo://…`); it listens only once one is played.
  const demo = new DemoVideoSource({
    port: platform.config.demoCameraPort,
    portFixed: platform.config.demoCameraPortFixed,
    log: platform.log,
  });
  const backends = new CameraBackends([
    httpFlvBackend(tickets, demo),
    ...vendorBackends({ config: platform.config, gb28181Signalling: gb28181.signalling ?? undefined }),
  ]);
  const gbBackend = backends.of(AggType.GB28181) as Gb28181Backend;
  registerGbHookRoutes(platform.router, {
    secret: platform.config.cameraVendors.gbMediaSecret,
    noReader: (streamId) => gbBackend.noReader(streamId),
    notFound: (streamId) => gbBackend.streamWanted(streamId),
  });
  const service = new CamerasService(
    repository,
    backends,
    deps.box,
    platform.files,
    platform.cluster,
    platform.log,
    (projectId, camera) => gb28181.checkCamera(projectId, camera),
  );
  registerCameraRoutes(platform.router, service);
  registerCameraSessionRoutes(platform.router, service);
  const relay = new FlvRelay(platform.log, (cameraId, reached) => {
    void repository
      .setOnline(cameraId, reached)
      .catch((error: unknown) =>
        platform.log.warn({ err: error, cameraId }, 'camera online state not saved'),
      );
  });
  // An edited or deleted camera's stream ends on every node (its address may have changed).
  platform.cluster.subscribe(camerasChannel, ({ cameraId }) => relay.drop(cameraId));
  const streams = registerStreamRoutes(platform.router, platform.upgrades, {
    relay,
    tickets,
    repository,
    demo,
  });
  return {
    service,
    relay,
    gb28181,
    demo,
    close: async () => {
      streams.close();
      demo.close();
      await gb28181.close();
    },
  };
}
