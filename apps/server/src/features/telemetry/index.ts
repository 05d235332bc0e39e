import { startEmbeddedBroker } from '../../platform/mqtt/broker.js';
import type { Platform } from '../../platform/platform.js';
import { IngestService } from './ingest.service.js';
import { canPublish, canSubscribe, type DeviceIdentity, isTelemetryTopic } from './protocol.js';
import { TelemetryRepository } from './telemetry.repository.js';
import { registerTelemetryRoutes } from './telemetry.routes.js';
import { TelemetryWriter } from './writer.js';

export type { IngestService };

export interface TelemetryFeature {
  ingest: IngestService;
  /** Port of the embedded MQTT broker. */
  mqttPort: number;
  /** Stops taking data, then writes every buffered point. */
  close(): Promise<void>;
}

/** Devices in: the embedded MQTT broker, the HTTP telemetry route and the ingest pipeline behind both. */
export async function telemetryFeature(platform: Platform): Promise<TelemetryFeature> {
  const repository = new TelemetryRepository(platform.db);
  const writer = new TelemetryWriter(repository, platform.log);
  const ingest = new IngestService(
    repository,
    writer,
    platform.bus,
    platform.log,
    platform.config.offlineTimeoutSeconds * 1000,
  );
  await repository.resetPresence();
  registerTelemetryRoutes(platform.router, ingest);

  const broker = await startEmbeddedBroker<DeviceIdentity>(
    {
      port: platform.config.mqttPort,
      host: platform.config.host,
      tryNextPorts: platform.config.mqttPortFixed ? 0 : 10,
    },
    {
      authenticate: (username, password) => ingest.authenticate(username, password),
      canPublish,
      canSubscribe,
      async onPublish(device, topic, payload) {
        // Command acknowledgements arrive with remote control; only telemetry is stored here.
        if (isTelemetryTopic(device, topic)) await ingest.ingest(device, payload.toString('utf8'));
      },
      onConnect: (device) => void ingest.connected(device),
      onDisconnect: (device) => void ingest.disconnected(device),
    },
    platform.log,
  );
  platform.jobs.every(30_000, 'device presence', () => ingest.sweep());

  return {
    ingest,
    mqttPort: broker.port,
    async close() {
      await broker.close();
      await ingest.drain();
      await writer.close();
      await ingest.sweep();
    },
  };
}
