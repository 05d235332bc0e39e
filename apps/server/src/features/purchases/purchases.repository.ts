import type { PageQuery } from '@iot/contracts';
import {
  DEFAULT_PURCHASE_SETTINGS,
  type Order,
  type OrderStatus,
  type OrderType,
  type PackageKind,
  type PurchaseSettings,
  purchaseSettings,
  type ResourcePackage,
  type ResourcePackageBody,
} from '@iot/contracts/purchases';
import type { Kysely, Selectable } from 'kysely';
import { paginate } from '../../platform/db/paging.js';
import type { Database } from '../../platform/db/schema.js';
import type { PurchaseOrdersTable, PurchasePackagesTable } from '../../platform/db/schema-purchases.js';
import { containsText } from '../../platform/db/search.js';
import { readSystemSettingOver, writeSystemSetting } from '../../platform/db/system-settings.js';

const SETTINGS_KEY = 'purchases';

export interface NewOrder {
  orderNo: string;
  projectId: number;
  userId: number;
  orderType: OrderType;
  pkg: ResourcePackage;
  number: number;
  amountFen: number;
  provider: 'bank' | 'alipay';
  createdAt: number;
}

/** A project's terms as purchase rules read them. */
export interface ProjectTerms {
  name: string;
  payStatus: string;
  setMealEndAt: number | null;
  indicatorMax: number;
  smsLeft: number;
  voiceLeft: number;
}

/** Packages, orders and the purchase settings; project reads are scoped by the project's id. */
export class PurchasesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async packages(kind?: PackageKind, enabledOnly = false): Promise<ResourcePackage[]> {
    let query = this.db.selectFrom('purchase_packages').selectAll();
    if (kind) query = query.where('kind', '=', kind);
    if (enabledOnly) query = query.where('enabled', '=', 1);
    const rows = await query.orderBy('kind').orderBy('sort').orderBy('id').execute();
    return rows.map(presentPackage);
  }

  async packageByKey(key: string): Promise<ResourcePackage | undefined> {
    const row = await this.db
      .selectFrom('purchase_packages')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirst();
    return row ? presentPackage(row) : undefined;
  }

  async updatePackage(key: string, body: ResourcePackageBody): Promise<boolean> {
    const result = await this.db
      .updateTable('purchase_packages')
      .set({
        name: body.name,
        quantity: body.quantity,
        price_fen: Math.round(body.annualCharge * 100),
        sort: body.sort,
        enabled: body.enabled ? 1 : 0,
        updated_at: Date.now(),
      })
      .where('key', '=', key)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async settings(): Promise<PurchaseSettings> {
    const parsed = purchaseSettings.safeParse(
      await readSystemSettingOver(this.db, SETTINGS_KEY, DEFAULT_PURCHASE_SETTINGS),
    );
    return parsed.success ? parsed.data : DEFAULT_PURCHASE_SETTINGS;
  }

  writeSettings(value: PurchaseSettings): Promise<void> {
    return writeSystemSetting(this.db, SETTINGS_KEY, value);
  }

  async terms(projectId: number): Promise<ProjectTerms | undefined> {
    const row = await this.db
      .selectFrom('projects as p')
      .innerJoin('groups as g', 'g.id', 'p.group_id')
      .select([
        'g.name',
        'p.pay_status',
        'p.set_meal_end_at',
        'p.access_gateway_indicator_max_num',
        'p.send_messages_total_num',
        'p.send_voices_total_num',
      ])
      .where('p.group_id', '=', projectId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      name: row.name,
      payStatus: row.pay_status,
      setMealEndAt: row.set_meal_end_at === null ? null : Number(row.set_meal_end_at),
      indicatorMax: row.access_gateway_indicator_max_num,
      smsLeft: row.send_messages_total_num,
      voiceLeft: row.send_voices_total_num,
    };
  }

  async insertOrder(order: NewOrder): Promise<void> {
    await this.db
      .insertInto('purchase_orders')
      .values({
        order_no: order.orderNo,
        project_id: order.projectId,
        user_id: order.userId,
        order_type: order.orderType,
        package_key: order.pkg.key,
        package_name: order.pkg.name,
        package_quantity: order.pkg.quantity,
        number: order.number,
        amount_fen: order.amountFen,
        provider: order.provider,
        created_at: order.createdAt,
      })
      .execute();
  }

  /** One order; with a project id, only that project's. */
  async order(orderNo: string, projectId?: number): Promise<Order | undefined> {
    let query = this.orders().where('o.order_no', '=', orderNo);
    if (projectId !== undefined) query = query.where('o.project_id', '=', projectId);
    const row = await query.executeTakeFirst();
    return row ? presentOrder(row) : undefined;
  }

  /** Amount in fen as sold (the provider's notice is checked against it). */
  async amountFen(orderNo: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('purchase_orders')
      .select('amount_fen')
      .where('order_no', '=', orderNo)
      .executeTakeFirst();
    return row ? Number(row.amount_fen) : undefined;
  }

  async setProvider(orderNo: string, provider: 'bank' | 'alipay'): Promise<void> {
    await this.db.updateTable('purchase_orders').set({ provider }).where('order_no', '=', orderNo).execute();
  }

  /** unpaid → cancelled; false when the order was not unpaid. */
  async cancel(orderNo: string): Promise<boolean> {
    const result = await this.db
      .updateTable('purchase_orders')
      .set({ status: 'cancelled' })
      .where('order_no', '=', orderNo)
      .where('status', '=', 'unpaid')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** A page of orders, newest first: one project's, or (null) every project's. */
  list(projectId: number | null, pageQuery: PageQuery, filter: { status?: OrderStatus; keyword?: string }) {
    let query = this.orders();
    if (projectId !== null) query = query.where('o.project_id', '=', projectId);
    if (filter.status) query = query.where('o.status', '=', filter.status);
    if (filter.keyword) {
      const keyword = filter.keyword;
      query = query.where((eb) =>
        eb.or([containsText('o.order_no', keyword), containsText('g.name', keyword)]),
      );
    }
    return paginate(
      query,
      pageQuery,
      (q) => q.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc'),
      presentOrder,
    );
  }

  private orders() {
    return this.db
      .selectFrom('purchase_orders as o')
      .innerJoin('groups as g', 'g.id', 'o.project_id')
      .leftJoin('users as u', 'u.id', 'o.user_id')
      .selectAll('o')
      .select(['g.name as project_name', 'u.realname as user_realname', 'u.username as user_username']);
  }
}

function presentPackage(row: Selectable<PurchasePackagesTable>): ResourcePackage {
  return {
    key: row.key,
    kind: row.kind as PackageKind,
    name: row.name,
    quantity: row.quantity,
    annualCharge: Number(row.price_fen) / 100,
    sort: row.sort,
    enabled: row.enabled === 1,
  };
}

type OrderRow = Selectable<PurchaseOrdersTable> & {
  project_name: string;
  user_realname: string | null;
  user_username: string | null;
};

function presentOrder(row: OrderRow): Order {
  return {
    orderId: row.order_no,
    projectId: row.project_id,
    projectName: row.project_name,
    orderType: row.order_type as OrderType,
    packageKey: row.package_key,
    packageName: row.package_name,
    packageQuantity: row.package_quantity,
    number: row.number,
    amount: Number(row.amount_fen) / 100,
    status: row.status as OrderStatus,
    provider: row.provider as Order['provider'],
    createdAt: Number(row.created_at),
    createdBy: row.user_realname || row.user_username || '',
    paidAt: row.paid_at === null ? null : Number(row.paid_at),
    paidReference: row.paid_reference,
  };
}
