import type { Platform } from '../../platform/platform.js';
import type { DeviceChannel } from '../telemetry/index.js';
import { RemoteControlRepository } from './remote-control.repository.js';
import { registerRemoteControlRoutes } from './remote-control.routes.js';
import { RemoteControlService } from './remote-control.service.js';

/** Remote control: commands to devices over MQTT, their records, acknowledgements and timeouts. */
export function remoteControlFeature(platform: Platform, deps: { devices: DeviceChannel }): void {
  const timeoutMs = platform.config.commandTimeoutSeconds * 1000;
  const service = new RemoteControlService(
    new RemoteControlRepository(platform.db),
    deps.devices,
    platform.access,
    platform.log,
    timeoutMs,
  );
  deps.devices.onMessage((device, topic, payload) => service.message(device, topic, payload));
  deps.devices.onSubscribe((device, filter) => service.subscribed(device, filter));
  registerRemoteControlRoutes(platform.router, service);
  platform.jobs.every(Math.max(100, Math.min(5000, timeoutMs / 4)), 'command timeouts', async () => {
    await service.expire();
  });
}
