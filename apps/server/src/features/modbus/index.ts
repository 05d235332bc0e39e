import type { Platform } from '../../platform/platform.js';
import type { IngestService } from '../telemetry/index.js';
import { startDtuServer } from './dtu-server.js';
import { ModbusRepository } from './modbus.repository.js';
import { registerModbusRoutes } from './modbus.routes.js';
import { ModbusService } from './modbus.service.js';

export type { ModbusService };

export interface ModbusFeature {
  modbus: ModbusService;
  /** Port of the DTU listener. */
  dtuPort: number;
  /** Closes DTU connections and stops polling (before the ingest pipeline drains). */
  close(): Promise<void>;
}

/** DTU transparent Modbus: the configuration API and the TCP listener that polls DTUs (decision 0011). */
export async function modbusFeature(
  platform: Platform,
  deps: { ingest: IngestService },
): Promise<ModbusFeature> {
  const modbus = new ModbusService(new ModbusRepository(platform.db));
  registerModbusRoutes(platform.router, modbus);
  const { ingest } = deps;
  const dtu = await startDtuServer(
    {
      port: platform.config.dtuPort,
      host: platform.config.host,
      tryNextPorts: platform.config.dtuPortFixed ? 0 : 10,
    },
    {
      authenticate: (serialNumber, secret) => ingest.authenticate(serialNumber, secret),
      ingest: (device, text) => ingest.ingest(device, text),
      connected: (device) => void ingest.connected(device),
      disconnected: (device) => void ingest.disconnected(device),
      plan: (gatewayId) => modbus.plan(gatewayId),
    },
    platform.log,
  );
  return { modbus, dtuPort: dtu.port, close: () => dtu.close() };
}
