import type { Generated } from 'kysely';

/** Work orders, their assignees and their timeline (migration 0029); part of `Database` in schema.ts. */
export interface WorkOrdersTable {
  id: Generated<number>;
  project_id: number;
  code: string;
  title: string;
  /** Bitmask of the maintenance task types. */
  type: number;
  priority: number;
  /** Task status code 1–13 (core §3). */
  status: number;
  version: number;
  submitted_at: number | null;
  group_id: number | null;
  equipment_id: number | null;
  source: string;
  source_id: number | null;
  description: string;
  due_at: number | null;
  execution: string | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  overdue_at: number | null;
  closed_at: number | null;
}

export interface WorkOrderAssigneesTable {
  work_order_id: number;
  user_id: number;
}

export interface WorkOrderEventsTable {
  id: Generated<number>;
  work_order_id: number;
  action: string;
  from_status: number | null;
  to_status: number;
  user_id: number | null;
  note: string;
  attachments: string;
  created_at: number;
}
