import type { Page } from '@iot/contracts';
import { IndicatorMessages, isQuotaRefusal } from '@iot/contracts/indicators';
import type { ResourceUsage } from '@iot/contracts/projects';
import {
  type Order,
  order as orderSchema,
  type PayPage,
  PurchaseMessages,
  type ResourcePackage,
} from '@iot/contracts/purchases';
import type { Role } from '@iot/contracts/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';
import { addYears } from './fulfilment.js';

/**
 * Resource purchase (decision 0068): packages, getOrderId's rules and messages, getPayLink with the
 * built-in bank-transfer provider, a system administrator's confirmation fulfilling once and
 * atomically, and quotas spent under concurrency.
 */
let t: TestServer;
let admin: string;
let projectId: number;
let buyer: string;
let viewer: string;
let otherProject: number;
let otherAdmin: string;
const DAY = 86_400_000;

const ok = <T>(method: string, url: string, body?: unknown, token = buyer) =>
  t.ok<T>(method, url, { token, body });
const terms = (body: object, id = projectId) => ok('PUT', `/iot/projects/${id}/terms`, body, admin);
const usage = () => ok<ResourceUsage>('GET', `/iot/groups/${projectId}/getResourceUsage`);
const buy = (body: object, token = buyer, id = projectId) =>
  t.request<string>('POST', `/iot/groups/${id}/getOrderId`, { token, body });
const order = async (orderId: string) =>
  (await ok<Page<Order>>('GET', `/iot/orders?keyword=${orderId}`, undefined, admin)).list[0]!;
const confirm = (orderId: string, token = admin) =>
  t.request<Order>('POST', `/iot/orders/${orderId}/confirm`, { token });

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  ({ projectId, token: buyer } = await projectWithAdmin(t, admin, '购买项目', 'buy-admin'));
  ({ projectId: otherProject, token: otherAdmin } = await projectWithAdmin(
    t,
    admin,
    '他人项目',
    'buy-other',
  ));
  await terms({
    payStatus: 'B',
    setMealEndAt: Date.now() + 10 * DAY,
    accessGatewayIndicatorMaxNum: 256,
    sendMessagesTotalNum: 5,
    sendVoicesTotalNum: 0,
  });
  const role = await ok<Role>('POST', `/iot/groups/${projectId}/roles`, {
    name: '资源查看',
    functions: [{ code: 'router-projectOverview', permission: 1 }],
  });
  await ok('POST', `/iot/groups/${projectId}/users`, {
    username: 'buy-viewer',
    realname: '查看者',
    password: 'Passw0rd!',
    roleId: role.id,
  });
  viewer = (await t.login('buy-viewer', 'Passw0rd!')).access;
});

afterAll(async () => {
  await t?.close();
});

describe('packages', () => {
  it('starts with the set meals and packages of the spec, editable by a system administrator only', async () => {
    const packages = await ok<ResourcePackage[]>(
      'GET',
      `/iot/groups/${projectId}/resourcePackages`,
      undefined,
      viewer,
    );
    expect(packages.map((p) => [p.key, p.quantity, p.annualCharge, p.name])).toEqual([
      ['MESSAGE_1000', 1000, 80, '1000条（80元）'],
      ['SET_MEAL_256', 256, 1000, '256个监测项'],
      ['SET_MEAL_1024', 1024, 2500, '1024个监测项'],
      ['SET_MEAL_4096', 4096, 5000, '4096个监测项'],
      ['VOICE_1000', 1000, 160, '1000次（160元）'],
    ]);
    const body = { name: '1024个监测项', quantity: 1024, annualCharge: 2400.5, sort: 2, enabled: true };
    expect(
      (await t.request('PUT', '/iot/resourcePackages/SET_MEAL_1024', { token: buyer, body })).status,
    ).toBe(403);
    await ok('PUT', '/iot/resourcePackages/SET_MEAL_1024', body, admin);
    const all = await ok<ResourcePackage[]>('GET', '/iot/resourcePackages', undefined, admin);
    expect(all.find((p) => p.key === 'SET_MEAL_1024')?.annualCharge).toBe(2400.5);
    await ok('PUT', '/iot/resourcePackages/SET_MEAL_1024', { ...body, annualCharge: 2500 }, admin);
  });
});

describe('demo', () => {
  it('seeds the demo project a paid set meal and an SMS order awaiting its transfer', async () => {
    const demo = t.server.seeded.demoProjectId!;
    const page = await ok<Page<Order>>('GET', `/iot/orders?keyword=示范`, undefined, admin);
    expect(page.list.filter((o) => o.projectId === demo).map((o) => [o.orderType, o.status])).toEqual([
      ['MESSAGE', 'unpaid'],
      ['GATEWAY_INDICATOR_RENEW', 'paid'],
    ]);
  });
});

describe('getOrderId', () => {
  it('refuses quantities outside 1–100 with the spec’s words', async () => {
    for (const [number, message] of [
      [0, PurchaseMessages.QUANTITY_NOT_POSITIVE],
      [1.5, PurchaseMessages.QUANTITY_NOT_POSITIVE],
      [-3, PurchaseMessages.QUANTITY_NOT_POSITIVE],
      [101, PurchaseMessages.QUANTITY_TOO_LARGE],
    ] as const) {
      const answer = await buy({ orderType: 'MESSAGE', number });
      expect(answer.body).toMatchObject({ code: 40000, message: `number: ${message}` });
    }
  });

  it('answers the type rules’ messages', async () => {
    const cases: [object, string][] = [
      [
        { orderType: 'GATEWAY_INDICATOR_UPGRADE_CONFIGURATION', setMealType: 'SET_MEAL_256', number: 1 },
        PurchaseMessages.UPGRADE_NOT_HIGHER,
      ],
      [
        { orderType: 'GATEWAY_INDICATOR_UPGRADE_CONFIGURATION', setMealType: 'NOPE', number: 1 },
        PurchaseMessages.PACKAGE_NOT_FOUND,
      ],
      [
        { orderType: 'GATEWAY_INDICATOR_RENEW', setMealType: 'SET_MEAL_4096', number: 1 },
        PurchaseMessages.RENEW_NO_SET_MEAL,
      ],
    ];
    for (const [body, message] of cases)
      expect((await buy(body)).body).toMatchObject({ code: 40000, message });
  });

  it('needs the update bit on 资源概览 in that project', async () => {
    const body = { orderType: 'MESSAGE', number: 1 };
    expect((await buy(body, viewer)).status).toBe(403);
    expect((await buy(body, otherAdmin)).status).toBe(403);
    const mine = (await buy(body)).body.data;
    // Another project's administrator can neither pay nor see this order.
    const foreign = await t.request('GET', `/iot/groups/${otherProject}/getPayLink?orderId=${mine}`, {
      token: otherAdmin,
    });
    expect(foreign.body).toMatchObject({ code: 40000, message: PurchaseMessages.ORDER_NOT_FOUND });
    const page = await ok<Page<Order>>('GET', `/iot/groups/${otherProject}/orders`, undefined, otherAdmin);
    expect(page.list.map((o) => o.orderId)).not.toContain(mine);
    const payPage = await t.request('GET', `/iot/groups/${otherProject}/orders/${mine}/payPage`, {
      token: otherAdmin,
    });
    expect(payPage.body.message).toBe(PurchaseMessages.ORDER_NOT_FOUND);
    // 订单管理, its packages and settings are the system's.
    for (const url of ['/iot/orders', '/iot/resourcePackages', '/iot/purchaseSettings'])
      expect((await t.request('GET', url, { token: buyer })).status).toBe(403);
  });
});

describe('bank transfer, confirmed by a system administrator', () => {
  it('upgrades once: the maximum rises, the set meal runs a year longer, the pay state returns to A', async () => {
    const before = await usage();
    const orderId = (
      await buy({
        orderType: 'GATEWAY_INDICATOR_UPGRADE_CONFIGURATION',
        setMealType: 'SET_MEAL_1024',
        number: 1,
      })
    ).body.data;
    expect(orderId).toMatch(/^PO\d{14}[0-9A-F]{6}$/);
    const link = await ok<string>('GET', `/iot/groups/${projectId}/getPayLink?orderId=${orderId}`);
    expect(link).toBe(`/payOrder/${projectId}/${orderId}`);
    const page = await ok<PayPage>(
      'GET',
      `/iot/groups/${projectId}/orders/${orderId}/payPage`,
      undefined,
      viewer,
    );
    expect(page.order).toMatchObject({
      status: 'unpaid',
      amount: 2500,
      orderType: 'GATEWAY_INDICATOR_UPGRADE_CONFIGURATION',
    });
    // The project's own people cannot confirm their payment.
    expect((await confirm(orderId, buyer)).status).toBe(403);

    // Confirmed five times at once: one wins, the quota rises once.
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => confirm(orderId)));
    expect(answers.filter((a) => a.body.code === 20000)).toHaveLength(1);
    expect(answers.filter((a) => a.body.message === PurchaseMessages.ORDER_NOT_UNPAID)).toHaveLength(4);
    const paid = await order(orderId);
    expect(orderSchema.strict().parse(paid)).toMatchObject({
      status: 'paid',
      paidReference: '银行转账 · admin确认',
    });
    const after = await usage();
    expect(after.indicators.max).toBe(1024);
    expect(after.setMealEndAt).toBe(addYears(before.setMealEndAt!, 1));
    expect(after.payStatus).toBe('A');
    // No pay link for a paid order.
    const again = await t.request('GET', `/iot/groups/${projectId}/getPayLink?orderId=${orderId}`, {
      token: buyer,
    });
    expect(again.body.message).toBe(PurchaseMessages.ORDER_NOT_UNPAID);
  });

  it('renews the current set meal by years, and adds SMS and voice packages', async () => {
    const before = await usage();
    const renew = (await buy({ orderType: 'GATEWAY_INDICATOR_RENEW', number: 2 })).body.data;
    const sms = (await buy({ orderType: 'MESSAGE', packageKey: 'MESSAGE_1000', number: 3 })).body.data;
    const voice = (await buy({ orderType: 'VOICE', number: 1 })).body.data;
    expect((await order(renew)).amount).toBe(5000);
    expect((await order(sms)).amount).toBe(240);
    for (const id of [renew, sms, voice]) expect((await confirm(id)).body.code).toBe(20000);
    const after = await usage();
    expect(after.setMealEndAt).toBe(addYears(before.setMealEndAt!, 2));
    expect(after.indicators.max).toBe(1024);
    expect(after.sms.left).toBe(before.sms.left + 3000);
    expect(after.voice.left).toBe(before.voice.left + 1000);
    const mine = await ok<Page<Order>>(
      'GET',
      `/iot/groups/${projectId}/orders?status=paid`,
      undefined,
      viewer,
    );
    expect(mine.list.map((o) => o.orderId)).toEqual(expect.arrayContaining([renew, sms, voice]));
  });

  it('cancels an unpaid order, which then cannot be confirmed', async () => {
    const id = (await buy({ orderType: 'MESSAGE', number: 1 })).body.data;
    expect(
      (await t.request<Order>('POST', `/iot/orders/${id}/cancel`, { token: admin })).body.data.status,
    ).toBe('cancelled');
    expect((await confirm(id)).body.message).toBe(PurchaseMessages.ORDER_NOT_UNPAID);
  });

  it('refuses a terminated project (F) any purchase', async () => {
    await terms({ payStatus: 'F' }, otherProject);
    expect((await buy({ orderType: 'MESSAGE', number: 1 }, otherAdmin, otherProject)).body.message).toBe(
      PurchaseMessages.PROJECT_CLOSED,
    );
    await terms({ payStatus: 'A' }, otherProject);
  });
});

describe('quota spent under concurrency', () => {
  it('lets one of several simultaneous requests take the last indicator; a suspended project takes none', async () => {
    const gateway = await createGateway(t, projectId, [{ key: 'cod', type: 'float' }]);
    const indicatorId = (
      await t.server.platform.db
        .selectFrom('gateway_indicators')
        .select('indicator_id')
        .where('id', '=', gateway.indicators.cod!)
        .executeTakeFirstOrThrow()
    ).indicator_id;
    const { indicators } = await usage();
    await terms({ accessGatewayIndicatorMaxNum: indicators.used + 1 });
    const add = (key: string) =>
      t.request('POST', `/iot/groups/${projectId}/gateways/${gateway.id}/indicators`, {
        token: buyer,
        body: { indicatorId, alias: `测点${key}`, dataIdentification: key },
      });
    const answers = await Promise.all(['r1', 'r2', 'r3', 'r4', 'r5', 'r6'].map(add));
    expect(answers.filter((a) => a.body.code === 20000)).toHaveLength(1);
    expect(answers.filter((a) => isQuotaRefusal(a.body.data))).toHaveLength(5);
    expect((await usage()).indicators.left).toBe(0);

    await terms({ accessGatewayIndicatorMaxNum: 1024, payStatus: 'D' });
    expect((await add('d1')).body.message).toBe(IndicatorMessages.PROJECT_SUSPENDED);
    await terms({ payStatus: 'A' });
    expect((await add('a1')).body.code).toBe(20000);
  });
});
