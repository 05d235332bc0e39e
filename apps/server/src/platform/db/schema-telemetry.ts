import type { Generated } from 'kysely';

/** Time-series tables: raw points, manual entries, hourly rollups, data repairs and their audits. */
export interface TelemetryTable {
  gateway_indicator_id: number;
  ts: number;
  num_value: number | null;
  text_value: string | null;
}

/** A telemetry value entered by hand, canEntryData (migration 0022, decision 0043). */
export interface ManualEntriesTable {
  id: Generated<number>;
  project_id: number;
  gateway_indicator_id: number;
  ts: number;
  value: string;
  user_id: number | null;
  user_name: string;
  created_at: number;
}

/** One hour of one numeric series (migration 0006). */
export interface TelemetryHourlyTable {
  gateway_indicator_id: number;
  hour: number;
  mn: number;
  mx: number;
  sm: number;
  n: number;
  first_ts: number;
  first_value: number;
  last_ts: number;
  last_value: number;
  /** Time of the hour's (first) minimum and maximum sample (migration 0013). */
  mn_ts: number;
  mx_ts: number;
}

export interface TelemetryDirtyHoursTable {
  gateway_indicator_id: number;
  hour: number;
  version: Generated<number>;
}

/** An approval asked of a project's auditors (migration 0009); statuses in @iot/contracts/audits. */
export interface AuditRecordsTable {
  id: Generated<number>;
  audit_type: number;
  audit_status: number;
  relation_id: number;
  project_id: number;
  content: string;
  submitted_by: number | null;
  submitted_at: number;
  audited_by: number | null;
  audited_at: number | null;
  reason: string;
}

/** A proposed correction of one gateway indicator over a time range (migration 0009). */
export interface DataRepairsTable {
  id: Generated<number>;
  project_id: number;
  gateway_id: number;
  gateway_indicator_id: number;
  start_time: number;
  stop_time: number;
  mode: string;
  /** JSON: {points: [{ts, value|null}]} or {rule: {kind, value}}. */
  proposal: string;
  description: string;
  audit_status: number;
  submitted_by: number | null;
  submitted_at: number;
  audited_by: number | null;
  audited_at: number | null;
  reason: string;
  applied_count: number | null;
}

/** Per approved repair and time: the value it replaced (absent 1: none) and the one it wrote (new_absent 1: deleted). */
export interface TelemetryRepairOriginalsTable {
  repair_id: number;
  gateway_indicator_id: number;
  ts: number;
  num_value: number | null;
  text_value: string | null;
  absent: number;
  new_num_value: number | null;
  new_text_value: string | null;
  new_absent: number;
}
