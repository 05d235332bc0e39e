import type { Platform } from '../../platform/platform.js';
import type { DeviceChannel } from '../telemetry/index.js';
import { RemoteControlRepository } from './remote-control.repository.js';
import { registerRemoteControlRoutes } from './remote-control.routes.js';
import { RemoteControlService } from './remote-control.service.js';
import { type CommandAnswers, type CommandTransport, isCommandsFilter, mqttTransport } from './transports.js';

export type { Command, CommandAnswers, CommandTransport } from './transports.js';

export interface RemoteControlFeature {
  /** Another way to reach devices (a DTU's Modbus connection); tried after MQTT. */
  addTransport(transport: CommandTransport): void;
  /** Where transports report answers and gateways that became reachable. */
  answers: CommandAnswers;
}

/** Remote control: commands to devices over MQTT (and other transports), their records, answers and timeouts. */
export function remoteControlFeature(
  platform: Platform,
  deps: { devices: DeviceChannel },
): RemoteControlFeature {
  const timeoutMs = platform.config.commandTimeoutSeconds * 1000;
  const service = new RemoteControlService(
    new RemoteControlRepository(platform.db),
    platform.access,
    platform.log,
    timeoutMs,
  );
  service.addTransport(mqttTransport(deps.devices));
  deps.devices.onMessage((device, topic, payload) => service.message(device, topic, payload));
  deps.devices.onSubscribe((device, filter) => {
    if (isCommandsFilter(device.serialNumber, filter)) service.ready(device.gatewayId, device.serialNumber);
  });
  registerRemoteControlRoutes(platform.router, service);
  platform.jobs.every(Math.max(100, Math.min(5000, timeoutMs / 4)), 'command timeouts', async () => {
    await service.expire();
    await service.repositionDue();
  });
  return { addTransport: (transport) => service.addTransport(transport), answers: service };
}
