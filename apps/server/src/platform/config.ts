import { isIP } from 'node:net';
import path from 'node:path';

/** Everything the server reads from its environment; each variable is in the README. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Absent: SQLite file in dataDir. `postgres://…`: PostgreSQL. */
  databaseUrl: string | undefined;
  /** PostgreSQL schema to use instead of public (tests isolate themselves with it). */
  databaseSchema: string | undefined;
  adminPassword: string | undefined;
  webClientSecret: string;
  demo: boolean;
  /** Days of history the demo writes on its first start (DEMO_HISTORY_DAYS). */
  demoHistoryDays: number;
  /** Port of the demo cameras' video source on 127.0.0.1 (decision 0064); 0 picks a free one (tests). */
  demoCameraPort: number;
  /** False when DEMO_CAMERA_PORT was not given: if it is taken, a free port is used instead. */
  demoCameraPortFixed: boolean;
  /** Optional: otherwise generated once and kept in dataDir. Several nodes must share one. */
  tokenSigningKey: string | undefined;
  /**
   * Optional: the AES-256 key (base64url, 32 bytes) stored secrets such as AI model keys are
   * encrypted with; otherwise generated once and kept in dataDir. Several nodes must share one.
   */
  dataEncryptionKey: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Token endpoint requests per minute from one client address. */
  tokenRateLimitPerMinute: number;
  /**
   * Which proxies' X-Forwarded-For is believed (Fastify's trustProxy): false (the default) takes the
   * socket's address; the addresses/CIDRs of the proxies in front; true believes anyone.
   */
  trustProxy: TrustProxy;
  logLevel: string;
  /** Folder of the built web app, served at /. */
  webDist: string;
  systemName: string;
  /** Port of the embedded MQTT broker; 0 picks a free one (tests). */
  mqttPort: number;
  /** False when MQTT_PORT was not given: if 1883 is taken, the next free port is used instead. */
  mqttPortFixed: boolean;
  /** TCP port DTU transparent Modbus gateways connect to; 0 picks a free one (tests). */
  dtuPort: number;
  /** False when DTU_PORT was not given: if 5020 is taken, the next free port is used instead. */
  dtuPortFixed: boolean;
  /** An external MQTT broker (EMQX, Mosquitto) instead of the embedded one; devices then authenticate through the HTTP hooks. */
  mqttUrl: string | undefined;
  /** Shared-subscription group of the server nodes on an external broker: one cluster, one group. */
  mqttShareGroup: string;
  /** Shared secret the external broker sends as a bearer token to the auth and ACL hooks. */
  mqttHookSecret: string | undefined;
  /** This node's client id on the external broker; absent: generated once and kept in dataDir. Unique per node. */
  mqttClientId: string | undefined;
  /** Seconds the external broker keeps this node's session (and queues its messages) while it is away. */
  mqttSessionExpirySeconds: number;
  /** Seconds without traffic after which a device that is not connected by MQTT counts as timed out. */
  offlineTimeoutSeconds: number;
  /** Seconds between runs of the hourly-rollup job; 0 turns it off (benchmarks run it themselves). */
  rollupIntervalSeconds: number;
  /** Seconds between retention passes (partitions ahead, raw points and rollups past each project's terms); 0: off. */
  retentionIntervalSeconds: number;
  /** Days an operation-log entry is kept; 0 keeps them for good. */
  operationLogRetentionDays: number;
  /** OPERATION_LOG=off: record nothing (a deployment that audits at its gateway instead). */
  operationLogEnabled: boolean;
  /**
   * Milliseconds an operation-log entry waits to be stored with the next ones: the longest a killed
   * process can lose (decision 0038). 0 stores each entry at once (still off the request's path).
   */
  operationLogFlushMs: number;
  /** Seconds a device has to acknowledge a remote-control command before the record closes as timed out. */
  commandTimeoutSeconds: number;
  /** The live data socket closes after this many seconds without a message (clients ping every 15 s). */
  liveSocketIdleSeconds: number;
  /** A JSON HTTP SMS gateway (docs/decisions/0020-messages.md); absent: the built-in log sender. */
  smsHttpUrl: string | undefined;
  /** HMAC-SHA256 key the SMS gateway checks the X-IoT-Signature header with. */
  smsHttpSecret: string | undefined;
  /** Signature name (签名) sent with each SMS and voice request as signName; empty: the system name. */
  smsSignName: string;
  /** The same protocol for voice calls; absent: the built-in log sender. */
  voiceHttpUrl: string | undefined;
  voiceHttpSecret: string | undefined;
  /** Delays before each retry of a failed webhook delivery, ms; their count is the number of retries. */
  webhookRetryDelaysMs: number[];
  /**
   * The assistant's system-wide model (docs/decisions/0060): an OpenAI-compatible chat-completions
   * service. Absent base URL or model: the built-in offline analyst answers.
   */
  aiBaseUrl: string | undefined;
  /** Never logged nor answered. */
  aiApiKey: string | undefined;
  aiModel: string | undefined;
  /** Answers one node writes at once; more are refused as busy (50000). */
  aiMaxStreams: number;
  /** Percent of a node's time the assistant's data tools may take under load (100: no cap). */
  aiToolSharePercent: number;
  /** The camera vendor platforms (docs/decisions/0065). */
  cameraVendors: CameraVendorConfig;
  /**
   * Alipay page payment (decision 0068): app id, the merchant's RSA private key and Alipay's public
   * key (PEM or bare base64), the gateway and the address Alipay posts notifications to. Absent app
   * id: the built-in bank-transfer provider takes payments.
   */
  alipayAppId: string | undefined;
  /** Never logged nor answered. */
  alipayPrivateKey: string | undefined;
  alipayPublicKey: string | undefined;
  alipayGatewayUrl: string;
  /** This server's address as Alipay reaches it (notify_url = {it}/iot/payments/alipay/notify). */
  alipayNotifyBaseUrl: string | undefined;
  /** Seconds between runs of the pay-state job (decision 0068); 0: off. */
  payStatusIntervalSeconds: number;
}

/** Where the camera vendor adapters find their platforms; secrets are never logged. */
export interface CameraVendorConfig {
  /** Cloud service A's API for accounts that name none. */
  cloudAUrl: string;
  /** Cloud service B's API for accounts that name none. */
  cloudBUrl: string;
  /** The link platform's media service; absent: link cameras cannot play. */
  linkUrl: string | undefined;
  linkSecret: string | undefined;
  /** The GB28181 media server's (ZLMediaKit) HTTP API, its api.secret, and where browsers reach its FLV. */
  gbMediaUrl: string | undefined;
  gbMediaSecret: string | undefined;
  gbPlayUrl: string | undefined;
  /** The built-in GB28181 SIP server (decision 0070); off unless its password is set. */
  gbSip: GbSipConfig;
  /** Longest wait for one vendor call (ms). */
  timeoutMs: number;
}

export type TrustProxy = boolean | string[];

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY besides addresses and CIDRs. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset, empty or `false` → false; `true` → true; otherwise a comma-separated list of
 * addresses, CIDRs or proxy-addr range names. No hop count: it cannot tell a proxy from a client
 * that sends the header itself (Fastify 5.12 trusts nobody for one).
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  return text.split(',').map((part) => {
    const entry = part.trim();
    const [address = '', bits, ...rest] = entry.split('/');
    const version = isIP(address);
    const maxBits = version === 6 ? 128 : 32;
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!PROXY_RANGES.has(entry) && (version === 0 || !validBits || rest.length > 0))
      throw new Error(
        `TRUST_PROXY must be false, true or the proxies' addresses/CIDRs separated by commas, got "${value}"`,
      );
    return entry;
  });
}

/** A comma-separated list of non-negative seconds, answered in ms. */
function secondsList(value: string | undefined, fallback: number[], name: string): number[] {
  if (value === undefined || value.trim() === '') return fallback.map((s) => s * 1000);
  return value.split(',').map((part) => {
    const seconds = Number(part.trim());
    if (!Number.isFinite(seconds) || seconds < 0)
      throw new Error(`${name} must list non-negative seconds, got "${value}"`);
    return seconds * 1000;
  });
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return parsed;
}

export interface GbSipConfig {
  port: number;
  host: string;
  /** The platform's 20-digit SIP id; the domain (digest realm) defaults to its first 10 digits. */
  id: string;
  domain: string;
  password: string | undefined;
  /** Where devices send RTP; absent: the media server API's host. */
  mediaIp: string | undefined;
  keepaliveTimeoutSeconds: number;
}

function gbSipConfig(env: NodeJS.ProcessEnv): GbSipConfig {
  const id = env.CAMERA_GB28181_SIP_ID || '34020000002000000001';
  if (!/^\d{20}$/.test(id)) throw new Error(`CAMERA_GB28181_SIP_ID must be 20 digits, got "${id}"`);
  return {
    port: int(env.CAMERA_GB28181_SIP_PORT, 5060, 'CAMERA_GB28181_SIP_PORT'),
    host: env.CAMERA_GB28181_SIP_HOST || '0.0.0.0',
    id,
    domain: env.CAMERA_GB28181_SIP_DOMAIN || id.slice(0, 10),
    password: env.CAMERA_GB28181_SIP_PASSWORD || undefined,
    mediaIp: env.CAMERA_GB28181_MEDIA_IP || undefined,
    keepaliveTimeoutSeconds: int(
      env.CAMERA_GB28181_KEEPALIVE_TIMEOUT,
      180,
      'CAMERA_GB28181_KEEPALIVE_TIMEOUT',
    ),
  };
}

function percent(value: string | undefined, fallback: number, name: string): number {
  const parsed = int(value, fallback, name);
  if (parsed < 1 || parsed > 100)
    throw new Error(`${name} must be a percentage from 1 to 100, got "${value}"`);
  return parsed;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    port: int(env.PORT, 8080, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    webClientSecret: env.WEB_CLIENT_SECRET || 'iot-web',
    demo: (env.DEMO ?? '1') !== '0',
    demoHistoryDays: int(env.DEMO_HISTORY_DAYS, 30, 'DEMO_HISTORY_DAYS'),
    demoCameraPort: int(env.DEMO_CAMERA_PORT, 8091, 'DEMO_CAMERA_PORT'),
    demoCameraPortFixed: Boolean(env.DEMO_CAMERA_PORT),
    tokenSigningKey: env.TOKEN_SIGNING_KEY || undefined,
    dataEncryptionKey: env.DATA_ENCRYPTION_KEY || undefined,
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL, 7200, 'ACCESS_TOKEN_TTL'),
    refreshTokenTtlSeconds: int(env.REFRESH_TOKEN_TTL, 30 * 24 * 3600, 'REFRESH_TOKEN_TTL'),
    tokenRateLimitPerMinute: int(env.TOKEN_RATE_LIMIT, 60, 'TOKEN_RATE_LIMIT'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL || 'info',
    webDist: path.resolve(env.WEB_DIST || path.join(import.meta.dirname, '../../../web/dist')),
    systemName: env.SYSTEM_NAME || '物联网监测运维平台',
    mqttPort: int(env.MQTT_PORT, 1883, 'MQTT_PORT'),
    mqttPortFixed: Boolean(env.MQTT_PORT),
    dtuPort: int(env.DTU_PORT, 5020, 'DTU_PORT'),
    dtuPortFixed: Boolean(env.DTU_PORT),
    offlineTimeoutSeconds: int(env.OFFLINE_TIMEOUT, 300, 'OFFLINE_TIMEOUT'),
    rollupIntervalSeconds: int(env.ROLLUP_INTERVAL, 5, 'ROLLUP_INTERVAL'),
    retentionIntervalSeconds: int(env.RETENTION_INTERVAL, 3600, 'RETENTION_INTERVAL'),
    operationLogRetentionDays: int(env.OPERATION_LOG_RETENTION_DAYS, 180, 'OPERATION_LOG_RETENTION_DAYS'),
    operationLogEnabled: env.OPERATION_LOG !== 'off',
    operationLogFlushMs: int(env.OPERATION_LOG_FLUSH_MS, 100, 'OPERATION_LOG_FLUSH_MS'),
    mqttUrl: env.MQTT_URL || undefined,
    mqttHookSecret: env.MQTT_HOOK_SECRET || undefined,
    mqttShareGroup: env.MQTT_SHARE_GROUP || 'iot-server',
    mqttClientId: env.MQTT_CLIENT_ID || undefined,
    mqttSessionExpirySeconds: int(env.MQTT_SESSION_EXPIRY, 86_400, 'MQTT_SESSION_EXPIRY'),
    commandTimeoutSeconds: int(env.COMMAND_TIMEOUT, 30, 'COMMAND_TIMEOUT'),
    liveSocketIdleSeconds: int(env.LIVE_SOCKET_IDLE, 40, 'LIVE_SOCKET_IDLE'),
    smsHttpUrl: env.SMS_HTTP_URL || undefined,
    smsHttpSecret: env.SMS_HTTP_SECRET || undefined,
    smsSignName: env.SMS_SIGN_NAME || '',
    voiceHttpUrl: env.VOICE_HTTP_URL || undefined,
    voiceHttpSecret: env.VOICE_HTTP_SECRET || undefined,
    webhookRetryDelaysMs: secondsList(
      env.WEBHOOK_RETRY_DELAYS,
      [10, 60, 300, 1800, 7200],
      'WEBHOOK_RETRY_DELAYS',
    ),
    aiBaseUrl: env.AI_BASE_URL || undefined,
    aiApiKey: env.AI_API_KEY || undefined,
    aiModel: env.AI_MODEL || undefined,
    aiMaxStreams: int(env.AI_MAX_STREAMS, 50, 'AI_MAX_STREAMS'),
    aiToolSharePercent: percent(env.AI_TOOL_SHARE, 6, 'AI_TOOL_SHARE'),
    cameraVendors: {
      cloudAUrl: env.CAMERA_CLOUD_A_URL || 'https://open.ys7.com',
      cloudBUrl: env.CAMERA_CLOUD_B_URL || 'https://openapi.lechange.cn',
      linkUrl: env.CAMERA_LINK_URL || undefined,
      linkSecret: env.CAMERA_LINK_SECRET || undefined,
      gbMediaUrl: env.CAMERA_GB28181_MEDIA_URL || undefined,
      gbMediaSecret: env.CAMERA_GB28181_MEDIA_SECRET || undefined,
      gbPlayUrl: env.CAMERA_GB28181_PLAY_URL || undefined,
      gbSip: gbSipConfig(env),
      timeoutMs: int(env.CAMERA_VENDOR_TIMEOUT_MS, 10_000, 'CAMERA_VENDOR_TIMEOUT_MS'),
    },
    alipayAppId: env.ALIPAY_APP_ID || undefined,
    alipayPrivateKey: env.ALIPAY_PRIVATE_KEY || undefined,
    alipayPublicKey: env.ALIPAY_PUBLIC_KEY || undefined,
    alipayGatewayUrl: env.ALIPAY_GATEWAY_URL || 'https://openapi.alipay.com/gateway.do',
    alipayNotifyBaseUrl: env.ALIPAY_NOTIFY_BASE_URL || undefined,
    payStatusIntervalSeconds: int(env.PAY_STATUS_INTERVAL, 3600, 'PAY_STATUS_INTERVAL'),
  };
}
