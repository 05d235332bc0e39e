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
  /** JSON of the checklist items inherited from a plan (migration 0031). */
  checklist: Generated<string>;
  /** JSON of the medicine and quantity a plan asks for (migration 0031). */
  planned_dosing: Generated<string>;
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

/** 保养计划 (migration 0031). */
export interface MaintenancePlansTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  types: number;
  priority: number;
  description: string;
  /** JSON of the schedule rule. */
  schedule: string;
  start_at: number;
  end_at: number | null;
  lead_hours: number;
  allowed_hours: number;
  assignee_kind: string;
  assignee_user_ids: string;
  assignee_role_id: number | null;
  checklist: string;
  dosing: string;
  needs_audit: number;
  enabled: number;
  generated_until: number;
  last_generated_at: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface MaintenancePlanTargetsTable {
  plan_id: number;
  /** 'group' or 'equipment'. */
  target_type: string;
  target_id: number;
}

export interface MaintenancePlanRunsTable {
  id: Generated<number>;
  plan_id: number;
  occurs_at: number;
  target: string;
  created_at: number;
  reminded_at: number | null;
  released_at: number | null;
}
