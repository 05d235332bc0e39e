import { zh } from '@iot/contracts';
import type { App } from 'antd';
import type { ReactNode } from 'react';
import { openPurchase } from './purchaseStore';

type ModalApi = ReturnType<typeof App.useApp>['modal'];

/**
 * The buy reminder (feature-areas §2: 'Purchase monitoring item reminder' with 'Buy now'): states
 * the indicator limit, and 立即购买 opens the purchase dialog at 升级监测项配置.
 */
export function showBuyReminder(
  modal: ModalApi,
  options: { groupId: number; content: ReactNode; title?: ReactNode },
): void {
  modal.confirm({
    title: options.title ?? zh('Purchase monitoring item reminder'),
    content: options.content,
    okText: zh('Buy now'),
    cancelText: '知道了',
    centered: true,
    className: 'buy-reminder',
    onOk: () =>
      openPurchase({ groupId: options.groupId, orderType: 'GATEWAY_INDICATOR_UPGRADE_CONFIGURATION' }),
  });
}
