import type { Generated } from 'kysely';

/** 排班管理 (migration 0032); part of `Database` in schema.ts. */
export interface DutyShiftsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  start_minute: number;
  end_minute: number;
  color: string;
  sort: number;
  created_at: number;
  updated_at: number;
}

export interface DutyRotationsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  shift_id: number;
  /** 'day' | 'week'. */
  period: string;
  /** JSON array of user ids in turn order. */
  user_ids: string;
  start_date: string;
  end_date: string | null;
  /** Bit 0 Monday … bit 6 Sunday. */
  weekdays: number;
  created_at: number;
  updated_at: number;
}

export interface DutyChangesTable {
  id: Generated<number>;
  project_id: number;
  /** 'swap' | 'override'. */
  kind: string;
  date: string;
  shift_id: number;
  user_id: number;
  with_user_id: number | null;
  with_date: string | null;
  with_shift_id: number | null;
  note: string;
  created_by: number | null;
  created_at: number;
}
