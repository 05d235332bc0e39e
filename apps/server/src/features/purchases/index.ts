import type { Platform } from '../../platform/platform.js';
import { updatePayStatuses } from './pay-status.js';
import { ALIPAY_NOTIFY_PATH, AlipayProvider } from './payments/alipay.js';
import { BankTransferProvider, type PaymentProvider } from './payments/provider.js';
import { registerPaymentRoutes } from './payments.routes.js';
import { PurchasesRepository } from './purchases.repository.js';
import { registerPurchaseRoutes } from './purchases.routes.js';
import { PurchasesService } from './purchases.service.js';

export { payStatusFor } from './pay-status.js';
export type { PurchasesService };
export const PAY_STATUS_JOB = 'pay-status';

/** Alipay when configured (ALIPAY_APP_ID and keys), else the built-in bank transfer. */
function paymentProvider(platform: Platform): { provider: PaymentProvider; alipay?: AlipayProvider } {
  const c = platform.config;
  if (!c.alipayAppId || !c.alipayPrivateKey || !c.alipayPublicKey)
    return { provider: new BankTransferProvider() };
  const alipay = new AlipayProvider({
    appId: c.alipayAppId,
    privateKey: c.alipayPrivateKey,
    alipayPublicKey: c.alipayPublicKey,
    gatewayUrl: c.alipayGatewayUrl,
    ...(c.alipayNotifyBaseUrl
      ? { notifyUrl: `${c.alipayNotifyBaseUrl.replace(/\/$/, '')}${ALIPAY_NOTIFY_PATH}` }
      : {}),
  });
  return { provider: alipay, alipay };
}

/** Resource purchase (decision 0068): packages, orders, payment, and the pay-state job. */
export function purchasesFeature(platform: Platform): { purchases: PurchasesService } {
  const repository = new PurchasesRepository(platform.db);
  const { provider, alipay } = paymentProvider(platform);
  const purchases = new PurchasesService(repository, platform.db, platform.dialect, provider, platform.log);
  registerPurchaseRoutes(platform.router, purchases);
  registerPaymentRoutes(platform.router, purchases, alipay);
  const interval = platform.config.payStatusIntervalSeconds;
  // Registered even when off, so tests and operators can run a pass by name.
  platform.jobs.every(
    interval > 0 ? interval * 1000 : 2 ** 31 - 1,
    PAY_STATUS_JOB,
    async () => {
      const moved = await updatePayStatuses(platform.db, Date.now(), await repository.settings());
      if (moved > 0) platform.log.info({ moved }, 'pay states updated');
    },
    { oneNode: true },
  );
  return { purchases };
}
