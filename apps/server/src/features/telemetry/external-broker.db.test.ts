import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, storedPoints, type TestGateway } from '../../test/factories.js';
import { mosquittoInstalled, type PrivateMosquitto, startMosquitto } from '../../test/mosquitto.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

const available = mosquittoInstalled;
let broker: PrivateMosquitto;
let t: TestServer;
let gw: TestGateway;

beforeAll(async () => {
  // A broker of its own, as the machine's one is shared with other tests.
  if (available) broker = await startMosquitto();
  t = await startServer(available ? { mqttUrl: broker.url, mqttHookSecret: 'hook-secret' } : {});
  gw = await createGateway(t, t.server.seeded.demoProjectId!, [{ key: 'cod', type: 'float', decimals: 1 }]);
});
afterAll(async () => {
  await t?.close();
  await broker?.close();
});

const hook = (path: string, body: unknown, secret = 'hook-secret') =>
  fetch(`${t.baseUrl}/iot/mqtt/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    body: JSON.stringify(body),
  });

describe.skipIf(!available)('external broker', () => {
  it('takes device telemetry relayed by the broker, through a shared subscription', async () => {
    const device = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    await device.publishAsync(`gateways/${gw.serialNumber}/telemetry`, JSON.stringify({ cod: 12.34 }), {
      qos: 1,
    });
    await device.endAsync();
    await expect
      .poll(async () => (await storedPoints(t, gw.indicators.cod!)).map((p) => p.num_value))
      .toEqual([12.3]);
  });

  it('answers the broker’s authentication hook with the device rules', async () => {
    const allow = await hook('auth', {
      username: gw.serialNumber,
      password: gw.secret,
      clientid: gw.serialNumber,
    });
    expect(await allow.json()).toEqual({ result: 'allow' });
    const token = await hook('auth', { username: gw.secret, clientid: `${gw.serialNumber}:tb` });
    expect(await token.json()).toEqual({ result: 'allow' });
    const deny = await hook('auth', { username: gw.serialNumber, password: 'wrong' });
    expect(deny.status).toBe(403);
    expect(await deny.json()).toEqual({ result: 'deny' });
    const forged = await hook('auth', { username: gw.serialNumber, password: gw.secret }, 'not-the-secret');
    expect(forged.status).toBe(401);
  });

  it('answers the broker’s topic hook: a device touches only its own topics', async () => {
    const own = await hook('acl', {
      username: gw.serialNumber,
      topic: `gateways/${gw.serialNumber}/telemetry`,
      action: 'publish',
    });
    expect(await own.json()).toEqual({ result: 'allow' });
    const other = await hook('acl', {
      username: gw.serialNumber,
      topic: 'gateways/OTHER/telemetry',
      action: 'publish',
    });
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ result: 'deny' });
    const commands = await hook('acl', {
      username: gw.secret,
      topic: `gateways/${gw.serialNumber}/commands`,
      action: 'subscribe',
    });
    expect(await commands.json()).toEqual({ result: 'allow' });
  });

  it('answers mosquitto-go-auth’s topic checks (acc 1 read, 2 write, 3 both, 4 subscribe) by status', async () => {
    const acl = async (topic: string, acc: number | string) =>
      (await hook('acl', { username: gw.serialNumber, clientid: gw.serialNumber, topic, acc })).status;
    const telemetry = `gateways/${gw.serialNumber}/telemetry`;
    const commands = `gateways/${gw.serialNumber}/commands`;
    expect(await acl(telemetry, 2)).toBe(200);
    expect(await acl(telemetry, '2')).toBe(200);
    expect(await acl(commands, 4)).toBe(200);
    expect(await acl(commands, 1)).toBe(200);
    // Read and write (3) needs both: a device may not publish its own commands; nor touch another's topics.
    expect(await acl(commands, 3)).toBe(403);
    expect(await acl(commands, 2)).toBe(403);
    expect(await acl(telemetry, 1)).toBe(403);
    expect(await acl('gateways/OTHER/commands', 4)).toBe(403);
    const neither = await hook('acl', { username: gw.serialNumber, topic: telemetry });
    expect(neither.status).toBe(400);
    expect(((await neither.json()) as { message: string }).message).toContain('acc');
  });

  it('sends a command to an online device through the broker, and queues it for an offline one', async () => {
    const admin = (await t.login('admin', ADMIN_PASSWORD)).access;
    const pump = await createGateway(t, t.server.seeded.demoProjectId!, [
      { key: 'pump', type: 'integer', ioType: 'rw' },
    ]);
    const control = (value: number) =>
      t.request<{ id: number; status: number }>('POST', `/data-server/api/v2/gateways/${pump.id}/control`, {
        token: admin,
        body: { metric: 'pump', value },
      });
    const status = async (id: number) => {
      const page = await t.request<{ list: { id: number; status: number }[] }>(
        'GET',
        `/data-server/api/v2/gateways/${pump.id}/instructionRecords?page=0&size=10`,
        { token: admin },
      );
      return page.body.data.list.find((r) => r.id === id)?.status;
    };

    // Offline (no traffic yet): queued.
    const queued = await control(1);
    expect(queued.body.code).toBe(20101);

    const device = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    const received: { id: number; value: number }[] = [];
    device.on('message', (_topic, payload) => received.push(JSON.parse(payload.toString())));
    await device.subscribeAsync(`gateways/${pump.serialNumber}/commands`, { qos: 1 });
    // Its first telemetry brings it online: the queued command goes out.
    await device.publishAsync(`gateways/${pump.serialNumber}/telemetry`, JSON.stringify({ pump: 0 }), {
      qos: 1,
    });
    await expect.poll(() => received.map((c) => c.id)).toEqual([queued.body.data.id]);
    await expect.poll(() => status(queued.body.data.id)).toBe(20103);
    const ack = (id: number) =>
      device.publishAsync(
        `gateways/${pump.serialNumber}/commands/ack`,
        JSON.stringify({ id, success: true }),
        {
          qos: 1,
        },
      );
    await ack(queued.body.data.id);
    await expect.poll(() => status(queued.body.data.id)).toBe(20102);

    // Online: sent at once, closed by the answer relayed through the broker.
    const sent = await control(2);
    expect(sent.body.code).toBe(20100);
    await expect.poll(() => received.map((c) => c.value)).toEqual([1, 2]);
    await ack(sent.body.data.id);
    await expect.poll(() => status(sent.body.data.id)).toBe(20000);
    await device.endAsync();
  });
});
