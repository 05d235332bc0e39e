import type { Generated } from 'kysely';

/** The equipment ledger and its run-hour accounting (migration 0030); part of `Database` in schema.ts. */
export interface EquipmentTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  code: string;
  category: string;
  model: string;
  manufacturer: string;
  serial_number: string;
  group_id: number | null;
  /** YYYY-MM-DD. */
  install_date: string | null;
  warranty_end: string | null;
  rated_capacity: number | null;
  rated_unit: string;
  /** JSON [{name, url}]. */
  attachments: string;
  manual_status: string;
  remark: string;
  created_at: number;
  updated_at: number;
}

export interface EquipmentBindingsTable {
  equipment_id: number;
  role: string;
  gateway_indicator_id: number;
}

export interface EquipmentRunStateTable {
  equipment_id: number;
  gateway_indicator_id: number;
  /** ts of the last accounted point; -1 before the first. */
  watermark: number;
  last_on: number | null;
  run_ms: number;
  starts: number;
  updated_at: number;
}

export interface EquipmentRunDaysTable {
  equipment_id: number;
  /** China-time day YYYY-MM-DD. */
  day: string;
  run_ms: number;
  starts: number;
}
