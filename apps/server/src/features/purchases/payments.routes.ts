import type { Router } from '../../platform/http/route.js';
import { ALIPAY_NOTIFY_PATH, type AlipayProvider } from './payments/alipay.js';
import type { PurchasesService } from './purchases.service.js';

/**
 * Alipay's notification (form-encoded, signed with Alipay's key). Public: the signature is the
 * check. `success` for a genuine notice that is settled (fulfilled now or before, or not a payment);
 * anything forged, foreign or not matching its order answers `failure` and changes nothing.
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
      if (!alipay?.isGenuine(params)) {
        request.log.warn({ orderNo: params.out_trade_no }, 'alipay notice refused: signature or app');
        return 'failure';
      }
      // A genuine notice of another state (TRADE_CLOSED) is acknowledged and changes nothing.
      const notice = alipay.readNotice(params);
      if (!notice) return 'success';
      return (await purchases.paid(notice)) ? 'success' : 'failure';
    },
  });
}
