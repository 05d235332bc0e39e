import { randomBytes } from 'node:crypto';
import type { IndicatorEnum } from '@iot/contracts/indicators';
import mqtt, { type MqttClient } from 'mqtt';
import { sha256 } from '../platform/auth/tokens.js';
import type { TestServer } from './server.js';

export interface TestGateway {
  id: number;
  serialNumber: string;
  secret: string;
  /** dataIdentification → gateway indicator id. */
  indicators: Record<string, number>;
}

/**
 * A gateway of a project with indicators, written straight into the test server's database
 * (the gateway API has tests of its own; these tests are about devices talking to the server).
 */
export async function createGateway(
  t: TestServer,
  projectId: number,
  indicators: {
    key: string;
    type: 'float' | 'integer' | 'boolean' | 'text' | 'enum';
    decimals?: number;
    enums?: IndicatorEnum[];
    ioType?: 'r' | 'w' | 'rw';
  }[],
): Promise<TestGateway> {
  const db = t.server.platform.db;
  const serialNumber = `SN${randomBytes(5).toString('hex').toUpperCase()}`;
  const secret = randomBytes(24).toString('base64url');
  const gateway = await db
    .insertInto('gateways')
    .values({
      serial_number: serialNumber,
      alias: serialNumber,
      type: 'ordinary',
      model: 'direct',
      iccid: '',
      batch_or_contract: '',
      firm_id: null,
      project_id: projectId,
      group_id: projectId,
      secret_hash: sha256(secret),
      bind_code: 'TESTCODE',
      online_status: 'offlineNormal',
      clock_status: null,
      last_seen_at: null,
      unknown_key_count: 0,
      rejected_value_count: 0,
      modbus_config: '{}',
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: Record<string, number> = {};
  for (const indicator of indicators) {
    const row = await db
      .insertInto('indicators')
      .values({
        project_id: projectId,
        firm_id: null,
        name: `${indicator.key}-${serialNumber}`,
        type: indicator.type,
        unit: '',
        decimal_places: indicator.decimals ?? 2,
        enums: JSON.stringify(indicator.enums ?? []),
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const binding = await db
      .insertInto('gateway_indicators')
      .values({
        gateway_id: gateway.id,
        indicator_id: row.id,
        alias: indicator.key,
        data_identification: indicator.key,
        io_type: indicator.ioType ?? 'r',
        decimal_places: null,
        is_auto_reposition: 0,
        reposition_delay: 0,
        modbus: '{}',
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[indicator.key] = binding.id;
  }
  return { id: gateway.id, serialNumber, secret, indicators: ids };
}

/** Stored points of one gateway indicator, oldest first. */
export async function storedPoints(t: TestServer, gatewayIndicatorId: number) {
  return t.server.platform.db
    .selectFrom('telemetry')
    .select(['ts', 'num_value', 'text_value'])
    .where('gateway_indicator_id', '=', gatewayIndicatorId)
    .orderBy('ts')
    .execute();
}

export async function gatewayRow(t: TestServer, id: number) {
  return t.server.platform.db
    .selectFrom('gateways')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** A device of `gw` connected to the embedded broker with its own credential and client id. */
export function connectDevice(t: TestServer, gw: TestGateway): Promise<MqttClient> {
  return mqtt.connectAsync(`mqtt://127.0.0.1:${t.server.telemetry.mqttPort}`, {
    clientId: gw.serialNumber,
    username: gw.serialNumber,
    password: gw.secret,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
}
