import type { OrderType } from '@iot/contracts/purchases';
import { useSyncExternalStore } from 'react';

/** The purchase dialog's request: which project, which purchase type opens first. */
export interface PurchaseRequest {
  groupId: number;
  orderType: OrderType;
}

let current: PurchaseRequest | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/**
 * Opens the one purchase dialog (mounted once in the layout by PurchaseHost) from anywhere: the
 * indicator-limit dialog, a resource-warning notice, 资源概览, the buy reminder.
 */
export function openPurchase(request: PurchaseRequest): void {
  current = request;
  emit();
}

export function closePurchase(): void {
  current = null;
  emit();
}

export function usePurchaseRequest(): PurchaseRequest | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
