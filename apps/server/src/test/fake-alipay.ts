import { createSign, createVerify, type KeyObject, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A page-pay request the fake accepted: its parameters and the order in its biz_content. */
export interface FakeAlipayTrade {
  params: Record<string, string>;
  outTradeNo: string;
  totalAmount: string;
  subject: string;
  /** Alipay's trade number, one per trade, the same in every notification. */
  tradeNo: string;
}

export interface FakeAlipay {
  /** The gateway address (…/gateway.do) the merchant sends buyers to. */
  gatewayUrl: string;
  trades: Map<string, FakeAlipayTrade>;
  /** Requests whose signature did not check with the merchant's key. */
  refused: Record<string, string>[];
  /**
   * The buyer pays: Alipay posts the asynchronous notification to the trade's notify_url, signed
   * with Alipay's key (or `signWith`, to forge one); answers the merchant's reply text.
   */
  notify(
    outTradeNo: string,
    options?: { tradeStatus?: string; totalAmount?: string; signWith?: KeyObject; appId?: string },
  ): Promise<string>;
  close(): Promise<void>;
}

/**
 * Alipay's open-API gateway as its documentation describes it, for the adapter's tests: GET
 * gateway.do with method=alipay.trade.page.pay and an RSA2 signature (SHA256withRSA over the
 * parameters but `sign`, sorted, `k=v` joined by `&`, values raw) checked with the merchant's
 * public key; the notification a form POST signed with Alipay's private key over every parameter
 * but `sign` and `sign_type`. Written from the documentation, not from the adapter.
 */
export async function startFakeAlipay(keys: {
  appId: string;
  merchantPublicKey: KeyObject;
  alipayPrivateKey: KeyObject;
}): Promise<FakeAlipay> {
  const trades = new Map<string, FakeAlipayTrade>();
  const refused: Record<string, string>[] = [];
  const text = (params: Record<string, string>, skip: string[]) =>
    Object.entries(params)
      .filter(([key, value]) => !skip.includes(key) && value !== '')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, value]) => `${key}=${value}`)
      .join('&');

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method !== 'GET' || url.pathname !== '/gateway.do') {
      res.writeHead(404).end();
      return;
    }
    const params = Object.fromEntries(url.searchParams);
    const signed =
      params.sign_type === 'RSA2' &&
      params.app_id === keys.appId &&
      createVerify('RSA-SHA256')
        .update(text(params, ['sign']), 'utf8')
        .verify(keys.merchantPublicKey, params.sign ?? '', 'base64');
    if (!signed || params.method !== 'alipay.trade.page.pay') {
      refused.push(params);
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end('<p>错误代码 invalid-signature</p>');
      return;
    }
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    trades.set(biz.out_trade_no ?? '', {
      params,
      outTradeNo: biz.out_trade_no ?? '',
      totalAmount: biz.total_amount ?? '',
      subject: biz.subject ?? '',
      tradeNo: `2026${randomBytes(8).toString('hex')}`,
    });
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<h1>支付宝收银台</h1><p>${biz.subject}</p>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    gatewayUrl: `http://127.0.0.1:${port}/gateway.do`,
    trades,
    refused,
    async notify(outTradeNo, options = {}) {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`no trade ${outTradeNo}`);
      const now = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
      const params: Record<string, string> = {
        notify_time: now,
        notify_type: 'trade_status_sync',
        notify_id: randomBytes(16).toString('hex'),
        app_id: options.appId ?? keys.appId,
        charset: 'utf-8',
        version: '1.0',
        sign_type: 'RSA2',
        trade_no: trade.tradeNo,
        out_trade_no: outTradeNo,
        trade_status: options.tradeStatus ?? 'TRADE_SUCCESS',
        total_amount: options.totalAmount ?? trade.totalAmount,
        receipt_amount: options.totalAmount ?? trade.totalAmount,
        buyer_pay_amount: options.totalAmount ?? trade.totalAmount,
        subject: trade.subject,
        gmt_payment: now,
      };
      params.sign = createSign('RSA-SHA256')
        .update(text(params, ['sign', 'sign_type']), 'utf8')
        .sign(options.signWith ?? keys.alipayPrivateKey, 'base64');
      const response = await fetch(trade.params.notify_url ?? '', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: new URLSearchParams(params).toString(),
      });
      return response.text();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
