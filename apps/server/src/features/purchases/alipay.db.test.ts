import { generateKeyPairSync } from 'node:crypto';
import type { Page } from '@iot/contracts';
import type { ResourceUsage } from '@iot/contracts/projects';
import type { Order } from '@iot/contracts/purchases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAlipay, startFakeAlipay } from '../../test/fake-alipay.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';

/**
 * The Alipay adapter (decision 0068) against a local fake speaking Alipay's documented open API:
 * the page-pay request is signed RSA2 with the merchant's key and accepted by the fake; a
 * notification signed with Alipay's key fulfils once, however often, late or concurrently it
 * comes; a forged, foreign or wrong-amount one changes nothing.
 */
const APP_ID = '2021000000000001';
const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const merchant = rsa();
const alipayKeys = rsa();
const stranger = rsa();
let fake: FakeAlipay;
let t: TestServer;
let admin: string;
let projectId: number;
let buyer: string;

const ok = <T>(method: string, url: string, body?: unknown, token = buyer) =>
  t.ok<T>(method, url, { token, body });
const usage = () => ok<ResourceUsage>('GET', `/iot/groups/${projectId}/getResourceUsage`);
const orderOf = async (id: string) =>
  (await ok<Page<Order>>('GET', `/iot/groups/${projectId}/orders?keyword=${id}`)).list[0]!;
/** Orders 1000 SMS and opens its pay link at the fake, as the buyer's browser would. */
async function smsOrder(): Promise<string> {
  const id = await ok<string>('POST', `/iot/groups/${projectId}/getOrderId`, {
    orderType: 'MESSAGE',
    number: 1,
  });
  const link = await ok<string>('GET', `/iot/groups/${projectId}/getPayLink?orderId=${id}`);
  expect(link.startsWith(fake.gatewayUrl)).toBe(true);
  expect(await (await fetch(link)).text()).toContain('支付宝收银台');
  return id;
}

beforeAll(async () => {
  fake = await startFakeAlipay({
    appId: APP_ID,
    merchantPublicKey: merchant.publicKey,
    alipayPrivateKey: alipayKeys.privateKey,
  });
  t = await startServer({
    alipayAppId: APP_ID,
    alipayPrivateKey: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    // As Alipay's console shows it: bare base64.
    alipayPublicKey: alipayKeys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    alipayGatewayUrl: fake.gatewayUrl,
  });
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  ({ projectId, token: buyer } = await projectWithAdmin(t, admin, '支付宝项目', 'ali-admin'));
  await ok('PUT', `/iot/projects/${projectId}/terms`, { sendMessagesTotalNum: 10 }, admin);
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('Alipay page pay', () => {
  it('sends a request the gateway accepts: alipay.trade.page.pay, RSA2, the amount in yuan', async () => {
    const id = await smsOrder();
    const trade = fake.trades.get(id)!;
    expect(trade.totalAmount).toBe('80.00');
    expect(trade.subject).toBe('支付宝项目 · 购买短信资源 × 1');
    expect(trade.params).toMatchObject({
      method: 'alipay.trade.page.pay',
      sign_type: 'RSA2',
      charset: 'utf-8',
      version: '1.0',
      notify_url: `${t.baseUrl}/iot/payments/alipay/notify`,
      return_url: `${t.baseUrl}/payOrder/${projectId}/${id}`,
    });
    expect(JSON.parse(trade.params.biz_content!)).toMatchObject({ product_code: 'FAST_INSTANT_TRADE_PAY' });
    // A tampered amount no longer checks: the signature covers it.
    const link = new URL(await ok<string>('GET', `/iot/groups/${projectId}/getPayLink?orderId=${id}`));
    link.searchParams.set('biz_content', trade.params.biz_content!.replace('80.00', '0.01'));
    expect(await (await fetch(link)).text()).toContain('invalid-signature');
    expect(fake.refused).toHaveLength(1);
  });

  it('fulfils a paid order once, however often (and at once) the notification comes', async () => {
    const before = (await usage()).sms.left;
    const id = await smsOrder();
    const replies = await Promise.all([1, 2, 3, 4].map(() => fake.notify(id)));
    expect(replies).toEqual(['success', 'success', 'success', 'success']);
    expect(await fake.notify(id, { tradeStatus: 'TRADE_FINISHED' })).toBe('success');
    expect((await usage()).sms.left).toBe(before + 1000);
    const paid = await orderOf(id);
    expect(paid).toMatchObject({
      status: 'paid',
      provider: 'alipay',
      paidReference: fake.trades.get(id)!.tradeNo,
    });
  });

  it('refuses forged, foreign and wrong-amount notifications; acknowledges a closed trade without change', async () => {
    const before = (await usage()).sms.left;
    const id = await smsOrder();
    expect(await fake.notify(id, { signWith: stranger.privateKey })).toBe('failure');
    expect(await fake.notify(id, { appId: '2021000000009999' })).toBe('failure');
    expect(await fake.notify(id, { totalAmount: '0.01' })).toBe('failure');
    expect(await fake.notify(id, { tradeStatus: 'TRADE_CLOSED' })).toBe('success');
    const raw = await fetch(`${t.baseUrl}/iot/payments/alipay/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `out_trade_no=${id}&trade_status=TRADE_SUCCESS&total_amount=80.00&app_id=${APP_ID}&sign_type=RSA2&sign=AAAA`,
    });
    expect(await raw.text()).toBe('failure');
    expect((await orderOf(id)).status).toBe('unpaid');
    expect((await usage()).sms.left).toBe(before);
  });

  it('fulfils a late notification for an order cancelled meanwhile (the money arrived), still once', async () => {
    const before = (await usage()).sms.left;
    const id = await smsOrder();
    await t.ok('POST', `/iot/orders/${id}/cancel`, { token: admin });
    expect(await fake.notify(id)).toBe('success');
    expect(await fake.notify(id)).toBe('success');
    expect((await orderOf(id)).status).toBe('paid');
    expect((await usage()).sms.left).toBe(before + 1000);
  });
});
