import type { Generated } from 'kysely';

/** The tables of warnings and messages (migrations 0010, 0011); part of `Database` in schema.ts. */
/** Warning rules and what the engine keeps (migration 0010). */
export interface WarningRulesTable {
  id: Generated<number>;
  project_id: number;
  gateway_id: number;
  gateway_indicator_id: number | null;
  name: string;
  kind: string;
  level: number;
  low: number | null;
  high: number | null;
  value: string | null;
  rate_per_minute: number | null;
  offline_minutes: number | null;
  delay_seconds: number;
  delay_count: number;
  hysteresis: number;
  schedule: string | null;
  enabled: number;
  created_at: number;
  /** JSON array of the mode ids the rule is limited to; null: every mode (migration 0019). */
  mode_ids: string | null;
  /** 1: the rule's warnings are equipment malfunctions (migration 0037). */
  equipment_fault: number;
  /** Comma-separated camera ids; null: none (migration 0050). */
  camera_ids: string | null;
  /** 1: snapshot those cameras when the rule fires (migration 0050). */
  auto_capture: Generated<number>;
}

export interface WarningRuleStatesTable {
  rule_id: number;
  phase: string;
  since_ts: number | null;
  count: number;
  last_value: number | null;
  last_ts: number | null;
  warning_id: number | null;
}

export interface WarningsTable {
  id: Generated<number>;
  project_id: number;
  gateway_id: number;
  gateway_indicator_id: number | null;
  rule_id: number | null;
  kind: string;
  level: number;
  value: string;
  threshold: string;
  started_at: number;
  released_at: number | null;
  release_value: string | null;
  handle_status: string;
  handled_by: number | null;
  handled_at: number | null;
  /** The rule's cameras when it fired, comma-separated (migration 0050). */
  camera_ids: string | null;
  auto_capture: Generated<number>;
}

export interface WarningHandlesTable {
  id: Generated<number>;
  warning_id: number;
  user_id: number | null;
  status: string;
  note: string;
  created_at: number;
}

/** Messages per recipient, recipient settings, templates, webhooks and their deliveries (migration 0011). */
export interface MessagesTable {
  id: Generated<number>;
  user_id: number;
  project_id: number | null;
  type: string;
  title: string;
  content: string;
  headers: string;
  relation_id: number | null;
  created_at: number;
  read_at: number | null;
}

export interface MessageRecipientsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  types: string;
  levels: string;
  role_ids: string;
  user_ids: string;
  sms: number;
  voice: number;
  enabled: number;
  /** 1: also whoever is on duty when the message goes out (migration 0032). */
  on_duty: number;
  created_at: number;
}

export interface MessageTemplatesTable {
  project_id: number;
  type: string;
  title: string;
  content: string;
  updated_at: number;
}

export interface WebhooksTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  url: string;
  secret: string;
  types: string;
  levels: string;
  enabled: number;
  created_at: number;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  event: string;
  payload: string;
  status: string;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: number | null;
  created_at: number;
  delivered_at: number | null;
}
