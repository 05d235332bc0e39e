import type { Generated } from 'kysely';

/** Malfunctions and the fault-signal state (migration 0037); part of `Database` in schema.ts. */
export interface MalfunctionsTable {
  id: Generated<number>;
  project_id: number;
  equipment_id: number;
  /** signal | warning | manual */
  origin: string;
  gateway_indicator_id: number | null;
  warning_id: number | null;
  description: string;
  /** JSON array of photo addresses. */
  photos: string;
  reported_by: number | null;
  started_at: number;
  ended_at: number | null;
  closed_by: number | null;
  close_note: string;
  created_at: number;
}

export interface EquipmentFaultStateTable {
  equipment_id: number;
  gateway_indicator_id: number;
  /** ts of the newest point seen; -1 before the first. */
  last_ts: number;
  /** 1 on, 0 off. */
  fault_on: number;
  updated_at: number;
}
