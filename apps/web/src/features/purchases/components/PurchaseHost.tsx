import { usePurchaseRequest } from '../purchaseStore';
import { PurchaseDialog } from './PurchaseDialog';

/** Mounted once in the layout: the purchase dialog whenever someone asked for it (openPurchase). */
export function PurchaseHost() {
  const request = usePurchaseRequest();
  return request ? (
    <PurchaseDialog key={`${request.groupId}-${request.orderType}`} request={request} />
  ) : null;
}
