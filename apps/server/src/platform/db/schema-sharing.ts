import type { Generated } from 'kysely';

/** Device sharing by code (migration 0049); part of `Database` in schema.ts. */
export interface SharesTable {
  id: Generated<number>;
  /** UUID, at most 36 characters. */
  code: string;
  /** The owner project (its root group id). */
  project_id: number;
  remark: string;
  /** The project admin who shared; null once the account is deleted (the code then stops working). */
  created_by: number | null;
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
}

export interface ShareItemsTable {
  share_id: number;
  /** gateway | camera */
  kind: string;
  item_id: number;
}

export interface ShareUsesTable {
  id: Generated<number>;
  share_id: number;
  target_project_id: number;
  used_by: number | null;
  created_at: number;
}

export interface ShareLinksTable {
  share_use_id: number;
  share_id: number;
  target_project_id: number;
  kind: string;
  item_id: number;
  target_group_id: number;
}
