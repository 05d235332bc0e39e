import type { Router } from '../../platform/http/route.js';
import type { AlipayProvider } from './payments/alipay.js';
import type { PurchasesService } from './purchases.service.js';

/** Where Alipay posts its asynchronous notifications; it retries until it reads `success`. */
export const ALIPAY_NOTIFY_PATH = '/iot/payments/alipay/notify';

/**
 * Alipay's notification (form-encoded, signed with Alipay's key). Public: the signature is the
 * check. `success` only for a checked notice that is settled (fulfilled now or before); anything
 * forged, foreign or not matching its order answers `failure` and changes nothing.
 */
export function registerPaymentRoutes(
  router: Router,
  purchases: PurchasesService,
  alipay: AlipayProvider | undefined,
): void {
  router.publicRoute({
    method: 'POST',
    url: ALIPAY_NOTIFY_PATH,
    summary: '支付宝异步通知（验签后发放资源，重复通知只发放一次）；答 success 或 failure',
    tags: ['资源购买'],
    form: true,
    raw: true,
    handler: async ({ request, reply }) => {
      reply.type('text/plain');
      const body = (request.body ?? {}) as Record<string, unknown>;
      const params = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]));
      const notice = alipay?.readNotice(params) ?? null;
      if (!notice) {
        request.log.warn({ orderNo: params.out_trade_no }, 'alipay notice refused: signature, app or state');
        return 'failure';
      }
      return (await purchases.paid(notice)) ? 'success' : 'failure';
    },
  });
}
