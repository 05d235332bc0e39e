import type { Platform } from '../../platform/platform.js';
import type { RemoteControlFeature } from '../remote-control/index.js';
import type { IngestService } from '../telemetry/index.js';
import { startDtuServer } from './dtu-server.js';
import { ModbusRepository } from './modbus.repository.js';
import { registerModbusRoutes } from './modbus.routes.js';
import { ModbusService } from './modbus.service.js';
import { dtuTransport } from './modbus.transport.js';

export type { ModbusService };

export interface ModbusFeature {
  modbus: ModbusService;
  /** Port of the DTU listener. */
  dtuPort: number;
  /** Closes DTU connections and stops polling (before the ingest pipeline drains). */
  close(): Promise<void>;
}

/**
 * DTU transparent Modbus: the configuration API, the TCP listener that polls DTUs, and remote
 * control of DTU gateways as Modbus writes (decision 0011).
 */
export async function modbusFeature(
  platform: Platform,
  deps: { ingest: IngestService; remoteControl: RemoteControlFeature },
): Promise<ModbusFeature> {
  const modbus = new ModbusService(new ModbusRepository(platform.db));
  registerModbusRoutes(platform.router, modbus);
  const { ingest, remoteControl } = deps;
  const dtu = await startDtuServer(
    {
      port: platform.config.dtuPort,
      host: platform.config.host,
      tryNextPorts: platform.config.dtuPortFixed ? 0 : 10,
    },
    {
      authenticate: (serialNumber, secret) => ingest.authenticate(serialNumber, secret),
      ingest: (device, text) => ingest.ingest(device, text, Date.now(), 'modbus'),
      connected: (device) => {
        void ingest.connected(device);
        // Commands queued while the DTU was away go out now.
        remoteControl.answers.ready(device.gatewayId, device.serialNumber);
      },
      disconnected: (device) => void ingest.disconnected(device),
      plan: (gatewayId) => modbus.plan(gatewayId),
    },
    platform.log,
  );
  remoteControl.addTransport(dtuTransport(dtu, modbus, remoteControl.answers, platform.log));
  return { modbus, dtuPort: dtu.port, close: () => dtu.close() };
}
