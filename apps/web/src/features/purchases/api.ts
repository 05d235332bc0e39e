import type { Page } from '@iot/contracts';
import type { CreateOrderBody, Order, PayPage, ResourcePackage } from '@iot/contracts/purchases';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';

export const ORDERS_KEY = 'purchaseOrders';
export const packagesKey = (groupId: number) => ['resourcePackages', groupId] as const;

export function usePackages(groupId: number, enabled = true) {
  return useQuery({
    queryKey: packagesKey(groupId),
    queryFn: () => http.get<ResourcePackage[]>(`/iot/groups/${groupId}/resourcePackages`, { quiet: true }),
    enabled: enabled && groupId > 0,
  });
}

/** getOrderId then getPayLink (feature-areas §7); failures are the caller's to show. */
export async function placeOrder(
  groupId: number,
  body: CreateOrderBody,
): Promise<{ orderId: string; link: string }> {
  const orderId = await http.post<string>(`/iot/groups/${groupId}/getOrderId`, body, { quiet: true });
  const link = await http.get<string>(`/iot/groups/${groupId}/getPayLink`, {
    params: { orderId },
    quiet: true,
  });
  return { orderId, link };
}

export function useProjectOrders(groupId: number) {
  return useQuery({
    queryKey: [ORDERS_KEY, groupId],
    queryFn: () =>
      http.get<Page<Order>>(`/iot/groups/${groupId}/orders`, { params: { page: 0, size: 5 }, quiet: true }),
    enabled: groupId > 0,
  });
}

export const fetchPayPage = (groupId: number, orderId: string) =>
  http.get<PayPage>(`/iot/groups/${groupId}/orders/${encodeURIComponent(orderId)}/payPage`, { quiet: true });
