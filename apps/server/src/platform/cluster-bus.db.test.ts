import { ResultCode } from '@iot/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed.js';
import { mosquittoInstalled, type PrivateMosquitto, startMosquitto } from '../test/mosquitto.js';
import { startPeer, startServer, type TestServer } from '../test/server.js';

/**
 * The cluster bus while its broker is away (decision 0030): a node that cannot hear the others
 * must not answer from its caches, because a revocation made elsewhere meanwhile never reaches it.
 * Two nodes on one database and a Mosquitto of the test's own, stopped and started again.
 */
let broker: PrivateMosquitto;
let a: TestServer;
let b: TestServer;
let projectId: number;

const read = (t: TestServer, token: string) =>
  t.request('GET', `/iot/projects/getProjectByGroupId?groupId=${projectId}`, { token });
const signIn = () => a.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password);
const signOut = (token: string) => a.ok('POST', `/iot/exit?accessToken=${token}`, { token });
const connected = (t: TestServer) => t.server.platform.cluster.connected;

beforeAll(async () => {
  if (!mosquittoInstalled) return;
  broker = await startMosquitto();
  const mqttShareGroup = `bus-${process.env.TEST_DB}-${process.pid}`;
  a = await startServer({ mqttUrl: broker.url, mqttShareGroup });
  b = await startPeer(a);
  projectId = a.server.seeded.demoProjectId!;
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await broker?.close();
});

describe.runIf(mosquittoInstalled)('access caches while the cluster bus is down', () => {
  it('a session signed out during a broker outage is refused on the other node at once, and after', async () => {
    const before = await signIn();
    expect((await read(b, before.access)).body.code).toBe(ResultCode.SUCCESS);

    await broker.stop();
    await expect.poll(() => connected(a) || connected(b), { timeout: 10_000 }).toBe(false);
    // Node B had the session cached; signing out on A cannot reach it over the bus now.
    expect((await read(b, before.access)).body.code).toBe(ResultCode.SUCCESS);
    await signOut(before.access);
    expect((await read(b, before.access)).body.code).toBe(ResultCode.TOKEN_EXPIRED);
    // Read from the database while disconnected, and not kept: a second sign-out shows at once too.
    const during = await signIn();
    expect((await read(b, during.access)).body.code).toBe(ResultCode.SUCCESS);
    await signOut(during.access);
    expect((await read(b, during.access)).body.code).toBe(ResultCode.TOKEN_EXPIRED);

    await broker.start();
    await expect.poll(() => connected(a) && connected(b), { timeout: 15_000 }).toBe(true);
    expect((await read(b, before.access)).body.code).toBe(ResultCode.TOKEN_EXPIRED);
    // The bus carries revocations again.
    const after = await signIn();
    expect((await read(b, after.access)).body.code).toBe(ResultCode.SUCCESS);
    await signOut(after.access);
    expect((await read(b, after.access)).body.code).toBe(ResultCode.TOKEN_EXPIRED);
  });
});
