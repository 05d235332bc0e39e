import { id, Permission, page, pageQuery } from '@iot/contracts';
import {
  createOrderBody,
  ORDERS_MENU,
  order,
  orderListQuery,
  PURCHASE_MENU,
  payPage,
  purchaseSettings,
  resourcePackage,
  resourcePackageBody,
} from '@iot/contracts/purchases';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import type { PurchasesService } from './purchases.service.js';

const tags = ['资源购买'];
const orderNo = z.string().trim().min(1).max(40);
const projectParams = z.object({ groupId: id });
const projectScope = (bit: number) => ({
  menu: PURCHASE_MENU,
  bit,
  scope: 'project' as const,
  scopeId: ({ params }: { params: { groupId: number } }) => params.groupId,
});
const system = (bit: number) => ({ menu: ORDERS_MENU, bit, scope: 'system' as const });

/** Buying in a project (资源概览: read to look, update to buy) and 订单管理 (system). */
export function registerPurchaseRoutes(router: Router, purchases: PurchasesService): void {
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/resourcePackages',
    summary: '可购买的套餐与资源包（启用的）：key、数量、年费/单价',
    tags,
    params: projectParams,
    access: projectScope(Permission.READ),
    response: z.array(resourcePackage),
    handler: () => purchases.packages(true),
  });
  router.route({
    method: 'POST',
    url: '/iot/groups/:groupId/getOrderId',
    summary: '下单（getOrderId）：orderType、setMealType 或 packageKey、number（1～100），答订单号',
    tags,
    params: projectParams,
    access: projectScope(Permission.UPDATE),
    body: createOrderBody,
    response: z.string(),
    handler: ({ scope, auth, body }) => purchases.createOrder(scope!.id, auth.userId, body),
  });
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/getPayLink',
    summary: '支付链接（getPayLink）：待支付订单的支付地址，在新窗口打开',
    tags,
    params: projectParams,
    query: z.object({ orderId: orderNo }),
    access: projectScope(Permission.UPDATE),
    response: z.string(),
    handler: ({ scope, query, request }) =>
      purchases.payLink(scope!.id, query.orderId, `${request.protocol}://${request.host}`),
  });
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/orders',
    summary: '项目的订单（新的在前）',
    tags,
    params: projectParams,
    query: pageQuery.extend(orderListQuery.shape),
    access: projectScope(Permission.READ),
    response: page(order),
    handler: ({ scope, query }) => purchases.list(scope!.id, query, query),
  });
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/orders/:orderId/payPage',
    summary: '内置支付页：订单及其状态、银行转账说明',
    tags,
    params: z.object({ groupId: id, orderId: orderNo }),
    access: projectScope(Permission.READ),
    response: payPage,
    handler: ({ scope, params }) => purchases.payPage(scope!.id, params.orderId),
  });

  router.route({
    method: 'GET',
    url: '/iot/orders',
    summary: '订单管理：所有项目的订单',
    tags,
    query: pageQuery.extend(orderListQuery.shape),
    access: system(Permission.READ),
    response: page(order),
    handler: ({ query }) => purchases.list(null, query, query),
  });
  router.route({
    method: 'POST',
    url: '/iot/orders/:orderId/confirm',
    summary: '确认收款（银行转账）：订单置为已支付并发放资源，只发放一次',
    tags,
    params: z.object({ orderId: orderNo }),
    access: system(Permission.UPDATE),
    response: order,
    handler: ({ params, auth }) => purchases.confirmReceipt(params.orderId, auth.username),
  });
  router.route({
    method: 'POST',
    url: '/iot/orders/:orderId/cancel',
    summary: '取消待支付的订单',
    tags,
    params: z.object({ orderId: orderNo }),
    access: system(Permission.UPDATE),
    response: order,
    handler: ({ params }) => purchases.cancel(params.orderId),
  });
  router.route({
    method: 'GET',
    url: '/iot/resourcePackages',
    summary: '套餐与资源包（含停用的）',
    tags,
    access: system(Permission.READ),
    response: z.array(resourcePackage),
    handler: () => purchases.packages(false),
  });
  router.route({
    method: 'PUT',
    url: '/iot/resourcePackages/:key',
    summary: '修改套餐或资源包：名称、数量、价格、排序、启用',
    tags,
    params: z.object({ key: z.string().max(32) }),
    access: system(Permission.UPDATE),
    body: resourcePackageBody,
    response: resourcePackage,
    handler: ({ params, body }) => purchases.updatePackage(params.key, body),
  });
  router.route({
    method: 'GET',
    url: '/iot/purchaseSettings',
    summary: '付费状态天数（即将逾期、停用宽限）与银行转账说明',
    tags,
    access: system(Permission.READ),
    response: purchaseSettings,
    handler: () => purchases.settings(),
  });
  router.route({
    method: 'PUT',
    url: '/iot/purchaseSettings',
    summary: '修改付费状态天数与银行转账说明',
    tags,
    access: system(Permission.UPDATE),
    body: purchaseSettings,
    response: purchaseSettings,
    handler: ({ body }) => purchases.writeSettings(body),
  });
}
