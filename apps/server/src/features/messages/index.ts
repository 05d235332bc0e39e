import type { Platform } from '../../platform/platform.js';
import { type StompServer, startStompServer } from '../../platform/stomp/server.js';
import { createVoiceSender } from '../../platform/voice.js';
import type { WarningsFeature } from '../warnings/index.js';
import { MessageDispatcher, type Notification, type OnDutyLookup } from './dispatcher.js';
import { clusterFanout, type SocketFanout } from './fanout.js';
import { MessagesRepository } from './messages.repository.js';
import { registerMessageRoutes } from './messages.routes.js';
import { MessagesService } from './messages.service.js';
import { ResourceWarningsRepository } from './resource-warnings.repository.js';
import { registerResourceWarningRoutes } from './resource-warnings.routes.js';
import { ResourceWarningsService } from './resource-warnings.service.js';
import { registerMessageSettingRoutes } from './settings.routes.js';
import { MessageSettingsService } from './settings.service.js';
import { messageSocketRules, projectTopic } from './socket-rules.js';
import { warningNotification } from './warning-messages.js';
import { WebhookDeliverer } from './webhooks.js';
import { WebhooksRepository } from './webhooks.repository.js';

export type { Notification, OnDutyLookup } from './dispatcher.js';
export type { ProjectResources } from './resource-warnings.repository.js';
export { RESOURCE_MENU, resourceWarningsOf } from './resource-warnings.service.js';
export { messageCenterTopic, projectTopic } from './socket-rules.js';

export interface MessagesFeature {
  /** The STOMP socket at /socket: pushes messages to the users and projects subscribed. */
  socket: StompServer;
  /** Delivers a frame to a destination's subscribers on every server node. */
  fanout: SocketFanout;
  /**
   * Tells a project's recipients of something (warnings come through here; malfunctions and
   * maintenance reminders will): stored messages, live push, SMS/voice, webhooks.
   */
  notify(notification: Notification): Promise<void>;
  /** Waits for queued notifications and the sends they started (tests, shutdown). */
  drain(): Promise<void>;
  /** After the warning engine has stopped: finishes the queue and stops taking frames from other nodes. */
  close(): Promise<void>;
}

/** How often due webhook retries are looked for. */
const WEBHOOK_RETRY_MS = 1000;

/** Messages to people (decision 0020): the live STOMP socket, the message center, channels and settings. */
export async function messagesFeature(
  platform: Platform,
  deps: { warnings: WarningsFeature; onDuty?: OnDutyLookup },
): Promise<MessagesFeature> {
  const { config, log } = platform;
  const socket = startStompServer(
    platform.upgrades,
    platform.access,
    messageSocketRules(platform.access),
    log,
  );
  // A deactivated, deleted or signed-out-everywhere account loses its socket at once, on every node
  // the cluster bus reaches; within a minute when an expiry date passes (or a node missed the news).
  platform.sessions.onUserChanged((userId) => void socket.recheckUser(userId));
  platform.jobs.every(60_000, 'message socket sessions', () => socket.recheckSessions());
  const deliver = (destination: string, body: unknown) => void socket.deliver(destination, body);
  const fanout = clusterFanout(platform.cluster, deliver);

  const repository = new MessagesRepository(platform.db);
  const webhooks = new WebhooksRepository(platform.db);
  const deliverer = new WebhookDeliverer(webhooks, config.webhookRetryDelaysMs, log);
  const dispatcher = new MessageDispatcher(
    repository,
    fanout,
    platform.sms,
    createVoiceSender(config, log),
    deliverer,
    config.systemName,
    log,
    deps.onDuty,
  );
  registerMessageRoutes(platform.router, new MessagesService(repository));
  registerResourceWarningRoutes(
    platform.router,
    new ResourceWarningsService(new ResourceWarningsRepository(platform.db)),
  );
  registerMessageSettingRoutes(platform.router, new MessageSettingsService(repository, webhooks, deliverer));
  platform.jobs.every(WEBHOOK_RETRY_MS, 'webhook retries', () => deliverer.retryDue(), { oneNode: true });

  deps.warnings.engine.onEvent((event) => {
    // Everyone in a project sees its warnings come and go live …
    fanout.publish(projectTopic(event.warning.projectId, 'warnings'), event);
    // … and the project's recipients get a message.
    void dispatcher.notify(warningNotification(event));
  });
  return {
    socket,
    fanout,
    notify: (notification) => dispatcher.notify(notification),
    drain: () => dispatcher.drain(),
    async close() {
      await dispatcher.drain();
      await fanout.close();
    },
  };
}
