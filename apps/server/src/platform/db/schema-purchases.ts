import type { Generated } from 'kysely';

/** Packages on sale (migration 0048); part of `Database` in schema.ts. */
export interface PurchasePackagesTable {
  id: Generated<number>;
  key: string;
  /** setMeal | message | voice */
  kind: string;
  name: string;
  quantity: number;
  price_fen: number;
  sort: number;
  /** 1 or 0 */
  enabled: number;
  updated_at: number;
}

/** Orders (migration 0048). */
export interface PurchaseOrdersTable {
  id: Generated<number>;
  order_no: string;
  project_id: number;
  user_id: number | null;
  order_type: string;
  package_key: string;
  package_name: string;
  package_quantity: number;
  number: number;
  amount_fen: number;
  /** unpaid | paid | cancelled */
  status: Generated<string>;
  /** bank | alipay */
  provider: string;
  created_at: number;
  paid_at: number | null;
  paid_reference: string | null;
}
