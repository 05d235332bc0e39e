import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, storedPoints, type TestGateway } from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';

let t: TestServer;
let projectA: number;
let projectB: number;
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await startServer();
  const admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  projectA = (await projectWithAdmin(t, admin, '租户甲项目', 'tenant-a')).projectId;
  projectB = (await projectWithAdmin(t, admin, '租户乙项目', 'tenant-b')).projectId;
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
});
afterAll(() => t.close());

const gateway = (projectId: number) => createGateway(t, projectId, [{ key: 'cod', type: 'float' }]);

/** Connects a device; answers the client, or throws what the broker refused. */
async function connect(options: IClientOptions): Promise<MqttClient> {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.server.telemetry.mqttPort}`, {
    reconnectPeriod: 0,
    connectTimeout: 5000,
    ...options,
  });
  clients.push(client);
  return client;
}
const native = (gw: TestGateway, clientId: string) =>
  connect({ clientId, username: gw.serialNumber, password: gw.secret });

/** The broker's answer to a CONNECT: 0 accepted, else the CONNACK return code. */
async function connackCode(options: IClientOptions): Promise<number> {
  try {
    await connect(options);
    return 0;
  } catch (error) {
    return (error as { code?: number }).code ?? -1;
  }
}

/** Publishes one value (QoS 1) and waits until it is stored. */
async function publishes(client: MqttClient, gw: TestGateway, value: number) {
  await client.publishAsync(`gateways/${gw.serialNumber}/telemetry`, JSON.stringify({ cod: value }), {
    qos: 1,
  });
  await expect
    .poll(async () => (await storedPoints(t, gw.indicators.cod!)).map((p) => p.num_value))
    .toContain(value);
}

describe('MQTT client ids are bound to the credential', () => {
  it("refuses tenant A's credential with tenant B's connected device's client id, and B stays connected", async () => {
    const a = await gateway(projectA);
    const b = await gateway(projectB);
    const deviceB = await native(b, b.serialNumber);
    let bClosed = false;
    deviceB.on('close', () => {
      bClosed = true;
    });

    // Native credential and ThingsBoard-style access token alike.
    expect(
      await connackCode({ clientId: b.serialNumber, username: a.serialNumber, password: a.secret }),
    ).toBe(2);
    expect(await connackCode({ clientId: b.serialNumber, username: a.secret })).toBe(2);
    expect(await connackCode({ clientId: `${b.serialNumber}:x`, username: a.secret })).toBe(2);

    expect(bClosed).toBe(false);
    await publishes(deviceB, b, 1.5);
    expect(bClosed).toBe(false);
    const refusals = t.logs.filter(
      (line) => line.msg === 'mqtt connect refused: the client id does not belong to this credential',
    );
    expect(refusals.at(-3)).toMatchObject({
      clientId: b.serialNumber,
      identity: { serialNumber: a.serialNumber },
    });
    // Some firmware sends its token as client id: the log never shows it.
    expect(await connackCode({ clientId: a.secret, username: a.secret })).toBe(2);
    expect(JSON.stringify(t.logs)).not.toContain(a.secret);
  });

  it('is unambiguous: a serial number does not claim the id of a longer one it prefixes', async () => {
    const short = await gateway(projectA);
    const long = await gateway(projectB);
    await t.server.platform.db
      .updateTable('gateways')
      .set({ serial_number: `${short.serialNumber}2` })
      .where('id', '=', long.id)
      .execute();
    expect(
      await connackCode({
        clientId: `${short.serialNumber}2`,
        username: short.serialNumber,
        password: short.secret,
      }),
    ).toBe(2);
    expect(
      await connackCode({
        clientId: `${short.serialNumber}_2`,
        username: short.serialNumber,
        password: short.secret,
      }),
    ).toBe(2);
  });

  it('accepts the serial number, the serial number with a suffix after ":", and no client id', async () => {
    const gw = await gateway(projectA);
    const main = await native(gw, gw.serialNumber);
    const second = await native(gw, `${gw.serialNumber}:commands`);
    const token = await connect({ clientId: `${gw.serialNumber}:tb`, username: gw.secret });
    const anonymous = await connect({ clientId: '', clean: true, username: gw.secret });
    for (const client of [main, second, token, anonymous]) expect(client.connected).toBe(true);
    await publishes(anonymous, gw, 2.5);

    // A credential may still replace its own session (a device reconnecting before the broker noticed).
    const closed = new Promise<void>((resolve) => main.once('close', () => resolve()));
    const again = await native(gw, gw.serialNumber);
    await closed;
    await publishes(again, gw, 3.5);
  });
});

describe('the external broker’s authentication hook', () => {
  const auth = async (body: Record<string, string>) => {
    const response = await fetch(`${t.baseUrl}/iot/mqtt/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return ((await response.json()) as { result: string }).result;
  };

  it('allows a client id only of the credential’s own serial number', async () => {
    const a = await gateway(projectA);
    const b = await gateway(projectB);
    const nativeA = { username: a.serialNumber, password: a.secret };
    expect(await auth({ ...nativeA, clientid: a.serialNumber })).toBe('allow');
    expect(await auth({ ...nativeA, clientid: `${a.serialNumber}:2` })).toBe('allow');
    expect(await auth({ username: a.secret, clientid: a.serialNumber })).toBe('allow');
    expect(await auth({ ...nativeA, clientid: b.serialNumber })).toBe('deny');
    expect(await auth({ username: a.secret, clientid: `${b.serialNumber}:2` })).toBe('deny');
    expect(await auth({ ...nativeA, clientid: 'mqttjs_1234' })).toBe('deny');
    // A broker configured without clientid in the hook body cannot have ids checked: nobody gets in.
    expect(await auth(nativeA)).toBe('deny');
    expect(
      t.logs.some(
        (line) => line.msg === 'mqtt auth hook denied: the client id does not belong to this credential',
      ),
    ).toBe(true);
  });
});
