import type { Platform } from '../../../platform/platform.js';
import { checkGbCamera, registerGbChannelRoutes } from './channels.routes.js';
import { GbDevicesRepository } from './devices.repository.js';
import { GB_REQUEST_TIMEOUT_MS } from './settings.js';
import { BuiltInGbSignalling } from './signalling.js';
import { GbSipServer } from './sip-server.js';

export { NONE_READER_HOOK_PATH, NOT_FOUND_HOOK_PATH, registerGbHookRoutes } from './hooks.routes.js';

export interface Gb28181Platform {
  signalling: BuiltInGbSignalling | null;
  server: GbSipServer | null;
  /**
   * Refuses a GB28181 camera whose device id is not 20 digits, whose device another project has,
   * or whose channel its catalog lacks.
   */
  checkCamera(
    projectId: number,
    camera: { aggType: number; deviceSerial: string; channelNo: number },
  ): Promise<void>;
  close(): Promise<void>;
}

/**
 * The built-in GB28181 security-management platform (decision 0070): a SIP server on UDP and TCP
 * that devices register with. Off (null) unless CAMERA_GB28181_SIP_PASSWORD is set. A device that
 * comes online is asked for its catalog (then its DeviceInfo) at once.
 */
export async function startGb28181(platform: Platform): Promise<Gb28181Platform> {
  const sip = platform.config.cameraVendors.gbSip;
  const devices = new GbDevicesRepository(platform.db);
  registerGbChannelRoutes(platform.router, devices);
  const checkCamera: Gb28181Platform['checkCamera'] = (projectId, camera) =>
    checkGbCamera(devices, projectId, camera);
  if (!sip.password) return { signalling: null, server: null, checkCamera, close: async () => undefined };
  const server = new GbSipServer(
    {
      port: sip.port,
      host: sip.host,
      id: sip.id,
      domain: sip.domain,
      password: sip.password,
      keepaliveTimeoutMs: sip.keepaliveTimeoutSeconds * 1000,
      requestTimeoutMs: GB_REQUEST_TIMEOUT_MS,
    },
    devices,
    platform.log,
  );
  const signalling = new BuiltInGbSignalling(server, devices);
  server.onOnline = (deviceId) => {
    void signalling
      .refreshCatalog(deviceId)
      .then(() => signalling.refreshInfo(deviceId))
      .catch((error: unknown) =>
        platform.log.warn({ err: error, deviceId }, 'GB28181: catalog not received'),
      );
  };
  const port = await server.start();
  platform.log.info({ port, id: sip.id, domain: sip.domain }, 'GB28181 SIP server listening (UDP and TCP)');
  return { signalling, server, checkCamera, close: () => server.close() };
}
