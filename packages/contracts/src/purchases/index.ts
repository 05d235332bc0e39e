import { z } from 'zod';
import { zh } from '../common/spec-texts.js';

/**
 * Resource purchase (feature-areas §2, §4, §5, §7, §9; platform-core §4, §9; decision 0068):
 * set meals and packages, orders, payment and the pay states the set meal drives.
 */

/** Buying is a change of the project's resources: the update bit on 资源概览. */
export const PURCHASE_MENU = 'router-projectOverview';
/** 订单管理 (system management, 租户管理): orders of every project, bank receipts confirmed here. */
export const ORDERS_MENU = 'router-system-orders';

/** Order types of feature-areas §4, one per purchase type. */
export const ORDER_TYPES = [
  'GATEWAY_INDICATOR_UPGRADE_CONFIGURATION',
  'GATEWAY_INDICATOR_RENEW',
  'MESSAGE',
  'VOICE',
] as const;
export const orderType = z.enum(ORDER_TYPES);
export type OrderType = z.infer<typeof orderType>;

/** The purchase dialog's types (feature-areas §2), by order type. */
export const PURCHASE_TYPE_LABELS: Record<OrderType, string> = {
  GATEWAY_INDICATOR_UPGRADE_CONFIGURATION: zh('upgrade monitoring item configuration'),
  GATEWAY_INDICATOR_RENEW: '监测项续费',
  MESSAGE: '购买短信资源',
  VOICE: '购买语音资源',
};

/** setMeal: a yearly indicator set meal (core §9); message / voice: a package of sends (feature-areas §9). */
export const PACKAGE_KINDS = ['setMeal', 'message', 'voice'] as const;
export const packageKind = z.enum(PACKAGE_KINDS);
export type PackageKind = z.infer<typeof packageKind>;

/** Which packages an order type buys. */
export const PACKAGE_KIND_OF: Record<OrderType, PackageKind> = {
  GATEWAY_INDICATOR_UPGRADE_CONFIGURATION: 'setMeal',
  GATEWAY_INDICATOR_RENEW: 'setMeal',
  MESSAGE: 'message',
  VOICE: 'voice',
};

export const PurchaseMessages = {
  /** feature-areas §5, exactly. */
  QUANTITY_NOT_POSITIVE: '购买数量只能为大于0的整数',
  QUANTITY_TOO_LARGE: '购买数量不能超过100',
  PACKAGE_NOT_FOUND: '资源包不存在或已停用',
  UPGRADE_NOT_HIGHER: '请选择高于当前配置的监测项套餐',
  RENEW_NO_SET_MEAL: '当前监测项配置没有对应的套餐，请先升级监测项配置',
  INDICATORS_UNLIMITED: '本项目监测项不限数量，无需购买',
  SENDS_UNLIMITED: '本项目该资源不限数量，无需购买',
  PROJECT_CLOSED: '项目合同已终止，无法购买资源',
  ORDER_NOT_FOUND: '订单不存在',
  ORDER_NOT_UNPAID: '订单已支付或已取消',
  CONFIRMED: '已确认收款，资源已到账',
} as const;

/** Purchase quantity (feature-areas §5): a whole number 1 to 100, in the spec's words. */
export const PURCHASE_QUANTITY_MAX = 100;
export const purchaseQuantity = z
  .number({ message: PurchaseMessages.QUANTITY_NOT_POSITIVE })
  .int(PurchaseMessages.QUANTITY_NOT_POSITIVE)
  .min(1, PurchaseMessages.QUANTITY_NOT_POSITIVE)
  .max(PURCHASE_QUANTITY_MAX, PurchaseMessages.QUANTITY_TOO_LARGE);

/** Yuan with at most two decimals (stored in fen). */
const yuan = z.number().min(0).max(10_000_000).multipleOf(0.01);

/** A resource package (feature-areas §3: key, quantity, annual charge). */
export const resourcePackage = z.object({
  key: z.string(),
  kind: packageKind,
  /** As the dialogs show it, e.g. 256个监测项 or 1000条（80元）. */
  name: z.string(),
  /** Indicators of a set meal; SMS or calls of a package. */
  quantity: z.number().int(),
  /** Yuan per year (set meals) or per package (SMS, voice). */
  annualCharge: z.number(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export type ResourcePackage = z.infer<typeof resourcePackage>;

/** What a system administrator may change of a package (its key and kind stay). */
export const resourcePackageBody = z.object({
  name: z.string().trim().min(1, '名称不能为空').max(32, '名称最多32个字符'),
  quantity: z.number().int().min(1, '数量须大于0').max(1_000_000),
  annualCharge: yuan,
  sort: z.number().int().min(0).max(999).default(0),
  enabled: z.boolean(),
});
export type ResourcePackageBody = z.infer<typeof resourcePackageBody>;

/**
 * getOrderId (feature-areas §7): the project-overview form sends setMealType, orderType, number; the
 * package form sends packageKey instead. Without a key: renew takes the project's current set
 * meal, SMS and voice their first enabled package.
 */
export const createOrderBody = z.object({
  orderType,
  setMealType: z.string().max(32).optional(),
  packageKey: z.string().max(32).optional(),
  number: purchaseQuantity,
});
export type CreateOrderBody = z.infer<typeof createOrderBody>;

export const ORDER_STATUSES = ['unpaid', 'paid', 'cancelled'] as const;
export const orderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatus>;
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  unpaid: '待支付',
  paid: '已支付',
  cancelled: '已取消',
};

export const PAYMENT_PROVIDERS = ['bank', 'alipay'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
export const PAYMENT_PROVIDER_LABELS: Record<PaymentProviderName, string> = {
  bank: '银行转账',
  alipay: '支付宝',
};

export const order = z.object({
  /** The order number getOrderId answers and getPayLink takes. */
  orderId: z.string(),
  projectId: z.number().int(),
  projectName: z.string(),
  orderType,
  packageKey: z.string(),
  packageName: z.string(),
  /** Indicators of the set meal, or SMS / calls per package. */
  packageQuantity: z.number().int(),
  /** Years (set meals) or packages (SMS, voice): 1 to 100. */
  number: z.number().int(),
  /** Yuan. */
  amount: z.number(),
  status: orderStatus,
  provider: z.enum(PAYMENT_PROVIDERS),
  createdAt: z.number().int(),
  createdBy: z.string(),
  paidAt: z.number().int().nullable(),
  /** Who confirmed a bank receipt; the provider's trade number for an online payment. */
  paidReference: z.string().nullable(),
});
export type Order = z.infer<typeof order>;

export const orderListQuery = z.object({
  status: orderStatus.optional(),
  keyword: z.string().trim().max(64).optional(),
});

/** The built-in pay page: the order, and how to pay by bank transfer. */
export const payPage = z.object({
  order,
  /** The system administrator's transfer instructions (account, bank, reference to quote). */
  bankTransferNote: z.string(),
});
export type PayPage = z.infer<typeof payPage>;

/**
 * Pay states by the set meal's end (decision 0068): B from `payStatusWarnDays` before the end, C
 * from the end, D `payStatusGraceDays` after it. E and F are set by hand.
 */
export const purchaseSettings = z.object({
  payStatusWarnDays: z.number().int().min(1).max(365),
  payStatusGraceDays: z.number().int().min(0).max(365),
  bankTransferNote: z.string().max(500),
});
export type PurchaseSettings = z.infer<typeof purchaseSettings>;
export const DEFAULT_PURCHASE_SETTINGS: PurchaseSettings = {
  payStatusWarnDays: 30,
  payStatusGraceDays: 15,
  bankTransferNote: '',
};
