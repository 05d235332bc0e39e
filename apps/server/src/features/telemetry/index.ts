import { type EmbeddedBroker, startEmbeddedBroker } from '../../platform/mqtt/broker.js';
import { startExternalConsumer } from '../../platform/mqtt/external.js';
import type { Platform } from '../../platform/platform.js';
import { registerBrokerHookRoutes } from './broker-hooks.routes.js';
import { IngestService } from './ingest.service.js';
import { canPublish, canSubscribe, type DeviceIdentity, isTelemetryTopic } from './protocol.js';
import { TelemetryRepository } from './telemetry.repository.js';
import { registerTelemetryRoutes } from './telemetry.routes.js';
import { TelemetryWriter } from './writer.js';

export { normaliseValue } from './normalise.js';
export {
  nativeAckTopic,
  nativeCommandsTopic,
  TB_RPC_REQUEST_TOPIC,
  tbRpcRequestTopic,
  tbRpcResponseId,
} from './protocol.js';
export type { DeviceIdentity, IngestService };

/** The downlink side of the broker, for remote control (docs/decisions/0010-remote-control.md). */
export interface DeviceChannel {
  /** Sends to the connected sessions of one gateway subscribed to the topic; answers how many got it. */
  sendTo(gatewayId: number, topic: string, payload: string): Promise<number>;
  /** Takes a device's messages on topics other than telemetry (command acknowledgements). */
  onMessage(handler: (device: DeviceIdentity, topic: string, payload: Buffer) => Promise<void>): void;
  /** Called when a device's subscription is granted (it can now receive on that filter). */
  onSubscribe(handler: (device: DeviceIdentity, topicFilter: string) => void): void;
}

export interface TelemetryFeature {
  ingest: IngestService;
  /** Port of the embedded MQTT broker. */
  mqttPort: number;
  devices: DeviceChannel;
  /** Stops taking data, then writes every buffered point. */
  close(): Promise<void>;
}

/**
 * With an external broker, the broker authenticates devices (through the hook routes) and the
 * server reads native telemetry topics; the topic names the device. ThingsBoard-style topics need
 * the broker to rewrite v1/devices/me/… to include the device (see docs/decisions/0012).
 */
async function externalTransport(url: string, ingest: IngestService, platform: Platform) {
  const consumer = await startExternalConsumer(
    url,
    platform.config.mqttShareGroup,
    ['gateways/+/telemetry'],
    async (topic, payload) => {
      const serialNumber = topic.split('/')[1] ?? '';
      const device = await ingest.deviceBySerial(serialNumber);
      if (!device) {
        platform.log.warn({ topic }, 'telemetry for an unknown serial number dropped');
        return;
      }
      await ingest.ingest(device, payload.toString('utf8'));
    },
    platform.log,
  );
  return { port: Number(new URL(url).port || 1883), close: () => consumer.close() };
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

  const messageHandlers: Parameters<DeviceChannel['onMessage']>[0][] = [];
  const subscribeHandlers: Parameters<DeviceChannel['onSubscribe']>[0][] = [];
  registerBrokerHookRoutes(platform.router, ingest, platform.config.mqttHookSecret);

  /** Telemetry goes to the pipeline; other device topics (command acknowledgements) to their handlers. */
  const onDeviceMessage = async (device: DeviceIdentity, topic: string, payload: Buffer) => {
    if (isTelemetryTopic(device, topic)) await ingest.ingest(device, payload.toString('utf8'));
    else for (const handler of messageHandlers) await handler(device, topic, payload);
  };

  const transport: {
    port: number;
    close(): Promise<void>;
    publishTo?: EmbeddedBroker<DeviceIdentity>['publishTo'];
  } = platform.config.mqttUrl
    ? await externalTransport(platform.config.mqttUrl, ingest, platform)
    : await startEmbeddedBroker<DeviceIdentity>(
        {
          port: platform.config.mqttPort,
          host: platform.config.host,
          tryNextPorts: platform.config.mqttPortFixed ? 0 : 10,
        },
        {
          authenticate: (username, password) => ingest.authenticate(username, password),
          canPublish,
          canSubscribe,
          onPublish: onDeviceMessage,
          onConnect: (device) => void ingest.connected(device),
          onDisconnect: (device) => void ingest.disconnected(device),
          onSubscribe: (device, filter) => {
            for (const handler of subscribeHandlers) handler(device, filter);
          },
        },
        platform.log,
      );
  platform.jobs.every(30_000, 'device presence', () => ingest.sweep());

  return {
    ingest,
    mqttPort: transport.port,
    devices: {
      // Through an external broker the server does not hold device sessions: no downlink yet.
      sendTo: (gatewayId, topic, payload) =>
        transport.publishTo
          ? transport.publishTo((device) => device.gatewayId === gatewayId, topic, payload)
          : Promise.resolve(0),
      onMessage: (handler) => void messageHandlers.push(handler),
      onSubscribe: (handler) => void subscribeHandlers.push(handler),
    },
    async close() {
      await transport.close();
      await ingest.drain();
      await writer.close();
      await ingest.sweep();
    },
  };
}
