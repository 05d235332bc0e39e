import type { Indicator } from '@iot/contracts/indicators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { createGateway, storedPoints, type TestGateway } from '../../test/factories.js';
import { MOSQUITTO_URL, mosquittoReachable } from '../../test/mosquitto.js';
import { startPeer, startServer, type TestServer } from '../../test/server.js';
import type { IngestResult } from './ingest.service.js';

/**
 * The ingest pipeline keeps each gateway's indicator configuration per node (decision 0030). A
 * change to it applies to the very next value, on the node where it was made and on the others.
 */
let projectId: number;

/** Values over HTTP telemetry to node `t`; answers once they are stored. */
async function send(t: TestServer, gw: TestGateway, values: Record<string, unknown>): Promise<IngestResult> {
  const response = await fetch(`${t.baseUrl}/api/v1/${gw.secret}/telemetry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(values),
  });
  const body = (await response.json()) as { data: IngestResult };
  return body.data;
}

const lastValue = async (t: TestServer, gatewayIndicatorId: number) =>
  (await storedPoints(t, gatewayIndicatorId)).at(-1)?.num_value;

/** A project indicator, made through the API as a person would. */
const indicator = (t: TestServer, token: string, body: object) =>
  t.ok<Indicator>('POST', `/iot/groups/${projectId}/indicators`, { token, body });

/**
 * Configures on node `config`, sends to node `ingest` at once: a new key is stored, decimals edited
 * on the gateway indicator and on the catalogue apply, a deleted key is refused.
 */
async function configureThenSend(config: TestServer, ingest: TestServer, token: string) {
  const gw = await createGateway(config, projectId, [{ key: 'cod', type: 'float', decimals: 1 }]);
  // The ingesting node reads the configuration (and would keep it).
  expect(await send(ingest, gw, { cod: 1.26 })).toMatchObject({ stored: 1, unknownKeys: 0 });
  expect(await lastValue(ingest, gw.indicators.cod!)).toBe(1.3);

  const ph = await indicator(config, token, {
    name: `pH-${gw.serialNumber}`,
    type: 'float',
    decimalPlaces: 2,
  });
  const base = `/iot/groups/${projectId}/gateways/${gw.id}/indicators`;
  const point = await config.ok<{ id: number }>('POST', base, {
    token,
    body: { indicatorId: ph.id, alias: 'pH', dataIdentification: 'ph' },
  });
  expect(await send(ingest, gw, { ph: 7.123 })).toMatchObject({ stored: 1, unknownKeys: 0 });
  expect(await lastValue(ingest, point.id)).toBe(7.12);

  await config.ok('PUT', `${base}/${point.id}`, {
    token,
    body: { indicatorId: ph.id, alias: 'pH', dataIdentification: 'ph', decimalPlaces: 0 },
  });
  await send(ingest, gw, { ph: 7.6 });
  expect(await lastValue(ingest, point.id)).toBe(8);

  // The catalogue's decimals (the cod gateway indicator has no override).
  const cod = await config.ok<{ list: Indicator[] }>(
    'GET',
    `/iot/groups/${projectId}/indicators?keyword=cod-${gw.serialNumber}`,
    { token },
  );
  await config.ok('PUT', `/iot/groups/${projectId}/indicators/${cod.list[0]!.id}`, {
    token,
    body: { name: cod.list[0]!.name, type: 'float', decimalPlaces: 3 },
  });
  await send(ingest, gw, { cod: 1.23456 });
  expect(await lastValue(ingest, gw.indicators.cod!)).toBe(1.235);

  await config.ok('DELETE', `${base}/${point.id}`, { token });
  expect(await send(ingest, gw, { ph: 7 })).toMatchObject({ stored: 0, unknownKeys: 1 });
}

describe('gateway configuration on one node', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
    projectId = t.server.seeded.demoProjectId!;
  });
  afterAll(() => t?.close());

  it('applies to the next value at once', async () => {
    const { access } = await t.login(
      DEMO_ACCOUNTS.projectAdmin.username,
      DEMO_ACCOUNTS.projectAdmin.password,
    );
    await configureThenSend(t, t, access);
  });
});

describe.runIf(await mosquittoReachable())('gateway configuration on two nodes', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const mqttShareGroup = `bindings-${process.env.TEST_DB}-${process.pid}`;
    a = await startServer({ mqttUrl: MOSQUITTO_URL, mqttShareGroup });
    b = await startPeer(a);
    projectId = a.server.seeded.demoProjectId!;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('made on node A applies to the next value arriving at node B at once', async () => {
    const { access } = await a.login(
      DEMO_ACCOUNTS.projectAdmin.username,
      DEMO_ACCOUNTS.projectAdmin.password,
    );
    await configureThenSend(a, b, access);
  });
});
