import { randomUUID } from 'node:crypto';
import path from 'node:path';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  type AssistantFeature,
  assistantFeature,
  defaultProviderResolver,
} from './features/assistant/index.js';
import {
  type AiModelsService,
  aiModelsFeature,
  openAiProviderFactory,
} from './features/assistant/models/index.js';
import type { ProviderResolver } from './features/assistant/provider.js';
import { assistantTools as assistantToolRegistry } from './features/assistant/tools/index.js';
import { auditsFeature } from './features/audits/index.js';
import { authFeature } from './features/auth/index.js';
import { type CamerasFeature, camerasFeature } from './features/cameras/index.js';
import { clientsFeature } from './features/clients/index.js';
import { corporationsFeature } from './features/corporations/index.js';
import { customDomainsFeature } from './features/custom-domains/index.js';
import { dataRepairFeature } from './features/data-repair/index.js';
import { dutyFeature, onDutyUserIds } from './features/duty/index.js';
import { type EquipmentService, equipmentFeature } from './features/equipment/index.js';
import { filesFeature } from './features/files/index.js';
import { gatewayFirmsFeature } from './features/gateway-firms/index.js';
import { gatewayTypesFeature } from './features/gateway-types/index.js';
import { gatewaysFeature } from './features/gateways/index.js';
import { groupsFeature } from './features/groups/index.js';
import { type HistoryFeature, historyFeature } from './features/history/index.js';
import { IndicatorStores, indicatorsFeature, reserveIndicatorQuota } from './features/indicators/index.js';
import { labelsFeature } from './features/labels/index.js';
import { liveDataFeature } from './features/live-data/index.js';
import {
  maintenanceFeature,
  type PlansService,
  type WorkOrdersService,
} from './features/maintenance/index.js';
import { type MalfunctionsFeature, malfunctionsFeature } from './features/malfunctions/index.js';
import { type MapsFeature, mapsFeature } from './features/maps/index.js';
import { membershipsFeature } from './features/memberships/index.js';
import { menusFeature } from './features/menus/index.js';
import { type MessagesFeature, messagesFeature } from './features/messages/index.js';
import { type ModbusFeature, modbusFeature } from './features/modbus/index.js';
import { modesFeature } from './features/modes/index.js';
import { type OperationLogsFeature, operationLogsFeature } from './features/operation-logs/index.js';
import { projectsFeature } from './features/projects/index.js';
import { purchasesFeature } from './features/purchases/index.js';
import { remoteControlFeature } from './features/remote-control/index.js';
import { rolesFeature } from './features/roles/index.js';
import { sharingFeature } from './features/sharing/index.js';
import { systemFeature, systemSettingsOf } from './features/system/index.js';
import { type TelemetryFeature, telemetryFeature } from './features/telemetry/index.js';
import { unitsFeature } from './features/units/index.js';
import { usersFeature } from './features/users/index.js';
import { type WarningsFeature, warningsFeature } from './features/warnings/index.js';
import { AccessCache } from './platform/auth/access.cache.js';
import { AccessRepository } from './platform/auth/access.repository.js';
import { AccessService } from './platform/auth/access.service.js';
import { SessionsRepository } from './platform/auth/sessions.repository.js';
import { TokenSigner } from './platform/auth/tokens.js';
import { LiveBus } from './platform/bus.js';
import { createClusterBus } from './platform/cluster-bus.js';
import type { Config } from './platform/config.js';
import { connectDatabase } from './platform/db/connect.js';
import { migrateToLatest } from './platform/db/migrate.js';
import { LocalFileStore } from './platform/files.js';
import { installErrorHandler } from './platform/http/errors.js';
import { registerHealthRoutes } from './platform/http/health.js';
import { buildOpenApi } from './platform/http/openapi.js';
import { Router } from './platform/http/route.js';
import { UpgradeRouter } from './platform/http/upgrade.js';
import { serveWeb } from './platform/http/web.js';
import { Jobs, postgresJobLock } from './platform/jobs.js';
import { serializeRequest } from './platform/logger.js';
import type { Platform } from './platform/platform.js';
import { SecretBox } from './platform/secret-box.js';
import { loadOrCreateSecrets } from './platform/secrets.js';
import { createSmsSender, type SmsSender } from './platform/sms.js';
import { type SeedResult, seed } from './seed.js';

export interface BuildOptions {
  /** Where log lines go (tests read the built-in SMS sender's lines from here). */
  logStream?: { write(line: string): void };
  /** A provider adapter instead of the built-in log sender. */
  sms?: SmsSender;
}

export interface App {
  app: FastifyInstance;
  platform: Platform;
  seeded: SeedResult;
  telemetry: TelemetryFeature;
  history: HistoryFeature;
  messages: MessagesFeature;
  warnings: WarningsFeature;
  modbus: ModbusFeature;
  operationLogs: OperationLogsFeature;
  /** 工单管理 (decision 0050): the overdue job is run from here in tests. */
  workOrders: WorkOrdersService;
  /** 设备台账 (decision 0051): the run-hour accounting is run from here in tests. */
  equipment: EquipmentService;
  plans: PlansService;
  /** 设备故障记录 (decision 0056): the fault-signal hook is called from here on two nodes in tests. */
  malfunctions: MalfunctionsFeature;
  /** AI模型 (decision 0061): which provider answers a project's chats. */
  aiModels: { models: AiModelsService; resolveProvider: ProviderResolver };
  /** AI 助手 (decision 0060): answers being written are drained from here. */
  assistant: AssistantFeature;
  /** 视频监控 (decision 0064): the relay's figures are read from here in tests and the bench. */
  cameras: CamerasFeature;
  /** 地图 (decision 0066): reported gateway positions are drained from here in tests. */
  maps: MapsFeature;
  close(): Promise<void>;
}

/** Builds the whole server: platform parts, then every feature's routes, then the web app. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: serializeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 10 * 1024 * 1024,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installErrorHandler(app);
  await app.register(formbody);
  // Files arrive as the raw request body (avatars, spreadsheets); everything else is JSON or a form.
  const rawBody = (
    _request: unknown,
    body: Buffer | string,
    done: (error: null, body: Buffer | string) => void,
  ) => done(null, body);
  app.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: 2 * 1024 * 1024 }, rawBody);
  app.addContentTypeParser(
    [
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.ms-excel',
      'text/csv',
    ],
    { parseAs: 'buffer', bodyLimit: 10 * 1024 * 1024 },
    rawBody,
  );

  const database = connectDatabase(config, app.log);
  const migrated = await migrateToLatest(database.db, database.dialect, config.databaseSchema);
  if (migrated.length > 0) app.log.info({ migrated }, 'database migrated');

  const secrets = loadOrCreateSecrets(config.dataDir, {
    tokenSigningKey: config.tokenSigningKey,
    dataEncryptionKey: config.dataEncryptionKey,
  });
  const signer = new TokenSigner(secrets.tokenSigningKey, config.accessTokenTtlSeconds);
  const cluster = await createClusterBus(config, app.log);
  const accessCache = new AccessCache(new AccessRepository(database.db), cluster);
  const access = new AccessService(accessCache, signer);
  const platform: Platform = {
    config,
    db: database.db,
    dialect: database.dialect,
    withSqliteHandle: database.withSqliteHandle,
    router: new Router(app, access),
    upgrades: new UpgradeRouter(app),
    access,
    signer,
    sessions: new SessionsRepository(database.db, accessCache),
    sms: options.sms ?? createSmsSender(config, app.log),
    files: new LocalFileStore(path.join(config.dataDir, 'files')),
    jobs: new Jobs(app.log, database.dialect === 'postgres' ? postgresJobLock(database.db) : undefined),
    bus: new LiveBus(),
    cluster,
    log: app.log,
  };

  // First: its hooks see the requests of every route registered after.
  const operationLogs = operationLogsFeature(platform, app);
  const { menus } = menusFeature(platform);
  const settings = systemSettingsOf(platform);
  const { users } = usersFeature(platform, { menus, settings });
  const { clients } = clientsFeature(platform);
  authFeature(platform, { users, clients, settings });
  const { roles } = rolesFeature(platform);
  const { memberships } = membershipsFeature(platform, { users, roles });
  const { firms } = gatewayFirmsFeature(platform, { roles });
  const { corporations } = corporationsFeature(platform, { roles, menus });
  const { projects } = projectsFeature(platform, { roles });
  purchasesFeature(platform);
  const { groups } = groupsFeature(platform);
  indicatorsFeature(platform);
  gatewaysFeature(platform);
  // Using a share spends indicators through the one quota gate (decisions 0068, 0069).
  sharingFeature(platform, {
    reserveQuota: (db, projectId, reservation) =>
      reserveIndicatorQuota(new IndicatorStores(db, platform.dialect), projectId, reservation),
  });
  gatewayTypesFeature(platform);
  unitsFeature(platform);
  labelsFeature(platform);
  modesFeature(platform);
  const { domains } = customDomainsFeature(platform);
  systemFeature(platform, { settings, domains, mqttPort: () => telemetry.mqttPort });
  filesFeature(platform);
  const telemetry = await telemetryFeature(platform);
  const remoteControl = remoteControlFeature(platform, { devices: telemetry.devices });
  const modbus = await modbusFeature(platform, { ingest: telemetry.ingest, remoteControl });
  const { liveData, liveSocket } = liveDataFeature(platform);
  const history = historyFeature(platform, { liveData });
  const { audits } = auditsFeature(platform);
  dataRepairFeature(platform, { audits });
  // One box under the data encryption key seals every stored secret (cameras, AI模型 and AMap keys).
  const box = new SecretBox(secrets.dataEncryptionKey);
  // 视频监控 (decision 0064): cameras and the HTTP-FLV relay; a rule's 自动抓拍 snapshots through it.
  const cameras = await camerasFeature(platform, { box });
  const warnings = warningsFeature(platform, {
    ingest: telemetry.ingest,
    capture: (projectId, cameraIds, flag, at) => cameras.service.capture(projectId, cameraIds, flag, at),
  });
  dutyFeature(platform);
  // 值班人员 (decision 0053): warning recipients and plan assignees may name whoever is on duty.
  const onDuty = (projectId: number, at: number) => onDutyUserIds(platform.db, projectId, at);
  const messages = await messagesFeature(platform, { warnings, onDuty });
  const maintenance = maintenanceFeature(platform, {
    notify: (n) => messages.notify(n),
    audits,
    onDuty,
  });
  const { equipment } = equipmentFeature(platform);
  const malfunctions = malfunctionsFeature(platform, {
    ingest: telemetry.ingest,
    warnings,
    messages,
    workOrders: maintenance.workOrders,
  });
  // The assistant's data tools over the six categories (decision 0062).
  const assistantTools = assistantToolRegistry({ db: platform.db });
  // AI模型 (decision 0061): the project's model, else the system default, else the AI_* environment's
  // model, else the built-in analyst.
  const aiModels = aiModelsFeature(platform, {
    box,
    factory: openAiProviderFactory,
    fallback: defaultProviderResolver(config, assistantTools),
  });
  // Maps and locations (decision 0066): the AMap key is sealed like AI模型 keys.
  const maps = mapsFeature(platform, {
    box,
    ingest: telemetry.ingest,
  });
  const assistant = assistantFeature(platform, {
    tools: assistantTools,
    resolver: aiModels.resolveProvider,
    // The tools yield to ingest only while messages are waiting to be stored.
    contended: () => telemetry.ingest.busy,
  });

  app.get('/openapi.json', async () =>
    buildOpenApi(platform.router, { title: config.systemName, version: '0.1.0' }),
  );
  registerHealthRoutes(app, database.db);
  await serveWeb(app, config.webDist, config.systemName);

  const seeded = await seed(platform, { users, roles, memberships, firms, corporations, projects, groups });
  maintenance.start();
  const { workOrders, plans } = maintenance;

  return {
    app,
    platform,
    seeded,
    telemetry,
    history,
    messages,
    warnings,
    modbus,
    operationLogs,
    workOrders,
    equipment,
    plans,
    malfunctions,
    aiModels,
    assistant,
    cameras,
    maps,
    async close() {
      // Before HTTP closes: an answer held for room in the log's queue must not keep it open.
      operationLogs.release();
      platform.jobs.stop();
      await liveSocket.close();
      await cameras.close();
      await messages.socket.close();
      await app.close();
      // Answers the clients left behind are written to their end and saved.
      await assistant.drain();
      await modbus.close();
      // After HTTP stops: the broker closes, then every accepted point is written.
      await telemetry.close();
      await maps.drain();
      await warnings.close();
      // After the last points and warning events: the malfunctions they open or close.
      await malfunctions.drain();
      // After the engine's last events: their messages are written and sent.
      await messages.close();
      await operationLogs.close();
      await cluster.close();
      await database.destroy();
    },
  };
}
