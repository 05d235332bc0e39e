import { startEmbeddedBroker } from '../../platform/mqtt/broker.js';
import { startExternalConsumer } from '../../platform/mqtt/external.js';
import type { Platform } from '../../platform/platform.js';
import { registerBrokerHookRoutes } from './broker-hooks.routes.js';
import { DeviceCache } from './device-cache.js';
import { IngestService } from './ingest.service.js';
import { ManualEntryService, registerManualEntryRoutes } from './manual-entry.js';
import {
  canPublish,
  canSubscribe,
  clientIdAllowed,
  type DeviceIdentity,
  isTelemetryTopic,
  nativeCommandsTopic,
} from './protocol.js';
import { RejectionRecorder } from './rejections.js';
import { RejectionsRepository } from './rejections.repository.js';
import { registerRejectionRoutes } from './rejections.routes.js';
import { RejectionsService } from './rejections.service.js';
import { type StoredPoint, TelemetryRepository } from './telemetry.repository.js';
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
export { HOUR, markHoursDirty } from './telemetry.repository.js';
export type { DeviceIdentity, IngestService, RejectionRecorder, StoredPoint };

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
  /**
   * Stores points at their own times through the write path (last values forward only, hours
   * marked for the rollup job), without presence or live updates: history brought in from
   * elsewhere (the demo's first month, docs/decisions/0037-demo-plant.md).
   */
  store(points: StoredPoint[]): Promise<void>;
  /** Port of the embedded MQTT broker. */
  mqttPort: number;
  devices: DeviceChannel;
  /** Rejected payloads waiting to be written (a job flushes them every second). */
  rejections: RejectionRecorder;
  /** Stops taking data, then writes every buffered point. */
  close(): Promise<void>;
}

/**
 * With an external broker, the broker authenticates devices (through the hook routes) and the
 * server reads native telemetry and command-answer topics; the topic names the device.
 * ThingsBoard-style topics need the broker to rewrite v1/devices/me/… to include the device (see
 * docs/decisions/0012). Commands go out on the device's own native commands topic while the
 * device is online; the broker's session holds them for it (decision 0010).
 */
async function externalTransport(
  url: string,
  ingest: IngestService,
  platform: Platform,
  onDeviceMessage: (device: DeviceIdentity, topic: string, payload: Buffer) => Promise<void>,
) {
  const devices = new DeviceCache(ingest);
  const consumer = await startExternalConsumer({
    url,
    // "none": one node on a plain subscription, which Mosquitto 2.0 keeps over its own restarts (0028).
    shareGroup: platform.config.mqttShareGroup === 'none' ? null : platform.config.mqttShareGroup,
    topics: ['gateways/+/telemetry', 'gateways/+/commands/ack'],
    dataDir: platform.config.dataDir,
    clientId: platform.config.mqttClientId,
    sessionExpirySeconds: platform.config.mqttSessionExpirySeconds,
    async handle(topic, payload) {
      const device = await devices.bySerial(topic.split('/')[1] ?? '');
      if (!device) {
        platform.log.warn({ topic }, 'message for an unknown serial number dropped');
        return;
      }
      await onDeviceMessage(device, topic, payload);
    },
    log: platform.log,
  });
  return {
    port: Number(new URL(url).port || 1883),
    close: () => consumer.close(),
    async sendTo(gatewayId: number, topic: string, payload: string) {
      // Only the native topic names one device; ThingsBoard RPC topics are shared names.
      if (!topic.startsWith('gateways/') || !ingest.isOnline(gatewayId)) return 0;
      try {
        await consumer.publish(topic, payload);
        return 1;
      } catch (error) {
        // Not handed to the broker: the command waits for the gateway's next message, as for an offline one.
        platform.log.warn({ err: error, topic }, 'command not sent through the external broker');
        return 0;
      }
    },
  };
}

/** The embedded broker: devices authenticate with their credential; commands reach one gateway's sessions. */
async function embeddedTransport(
  platform: Platform,
  ingest: IngestService,
  onDeviceMessage: (device: DeviceIdentity, topic: string, payload: Buffer) => Promise<void>,
  onSubscribe: (device: DeviceIdentity, filter: string) => void,
) {
  const broker = await startEmbeddedBroker<DeviceIdentity>(
    {
      port: platform.config.mqttPort,
      host: platform.config.host,
      tryNextPorts: platform.config.mqttPortFixed ? 0 : 10,
    },
    {
      authenticate: (username, password) => ingest.authenticate(username, password),
      acceptsClientId: clientIdAllowed,
      canPublish,
      canSubscribe,
      onPublish: onDeviceMessage,
      onConnect: (device) => void ingest.connected(device),
      onDisconnect: (device) => void ingest.disconnected(device),
      onSubscribe,
    },
    platform.log,
  );
  return {
    port: broker.port,
    close: () => broker.close(),
    sendTo: (gatewayId: number, topic: string, payload: string) =>
      broker.publishTo((device) => device.gatewayId === gatewayId, topic, payload),
  };
}

/** Devices in: the embedded MQTT broker, the HTTP telemetry route and the ingest pipeline behind both. */
export async function telemetryFeature(platform: Platform): Promise<TelemetryFeature> {
  const repository = new TelemetryRepository(platform.db, platform.dialect);
  const writer = new TelemetryWriter(repository, platform.log);
  const rejectionsRepository = new RejectionsRepository(platform.db);
  const rejections = new RejectionRecorder(rejectionsRepository, platform.log);
  const ingest = new IngestService(
    repository,
    writer,
    platform.bus,
    platform.log,
    platform.config.offlineTimeoutSeconds * 1000,
    rejections,
    platform.cluster,
  );
  // Devices of the embedded broker are connected to this process: after a start none is yet. With
  // an external broker they stay connected while nodes come and go; the timeout sweep finds the silent.
  if (!platform.config.mqttUrl) await repository.resetPresence();
  registerTelemetryRoutes(platform.router, ingest);
  registerRejectionRoutes(platform.router, new RejectionsService(rejectionsRepository));
  registerManualEntryRoutes(platform.router, new ManualEntryService(platform.db, ingest, repository));

  const messageHandlers: Parameters<DeviceChannel['onMessage']>[0][] = [];
  const subscribeHandlers: Parameters<DeviceChannel['onSubscribe']>[0][] = [];
  registerBrokerHookRoutes(platform.router, ingest, platform.config.mqttHookSecret);

  /** Telemetry goes to the pipeline; other device topics (command acknowledgements) to their handlers. */
  const onDeviceMessage = async (device: DeviceIdentity, topic: string, payload: Buffer) => {
    if (isTelemetryTopic(device, topic))
      await ingest.ingest(device, payload.toString('utf8'), Date.now(), topic);
    else for (const handler of messageHandlers) await handler(device, topic, payload);
  };

  const transport = platform.config.mqttUrl
    ? await externalTransport(platform.config.mqttUrl, ingest, platform, onDeviceMessage)
    : await embeddedTransport(platform, ingest, onDeviceMessage, (device, filter) => {
        for (const handler of subscribeHandlers) handler(device, filter);
      });
  if (platform.config.mqttUrl) {
    // The external broker tells no subscriptions: a device coming online counts as ready for its
    // native commands topic, so commands queued while it was away go out (decision 0010).
    ingest.onOnline((device) => {
      for (const handler of subscribeHandlers) handler(device, nativeCommandsTopic(device.serialNumber));
    });
  }
  platform.jobs.every(30_000, 'device presence', () => ingest.sweep());
  platform.jobs.every(1000, 'rejected payloads', () => rejections.flush());

  return {
    ingest,
    store: (points) => writer.write(points),
    mqttPort: transport.port,
    rejections,
    devices: {
      sendTo: (gatewayId, topic, payload) => transport.sendTo(gatewayId, topic, payload),
      onMessage: (handler) => void messageHandlers.push(handler),
      onSubscribe: (handler) => void subscribeHandlers.push(handler),
    },
    async close() {
      await transport.close();
      await ingest.drain();
      await writer.close();
      await rejections.flush();
      await ingest.sweep();
    },
  };
}
