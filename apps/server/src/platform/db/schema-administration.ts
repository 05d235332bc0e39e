import type { Generated } from 'kysely';

/** The tables of the administration features (migrations 0017–0021); part of `Database` in schema.ts. */
/** One write through the API, sign-in or sign-out (migration 0017). */
export interface OperationLogsTable {
  id: Generated<number>;
  at: number;
  kind: string;
  user_id: number | null;
  username: string;
  project_id: number | null;
  method: string;
  route: string;
  summary: string;
  target: string;
  code: number;
  status: number;
  ip: string;
  user_agent: string;
}

/** A named system setting, its value JSON read through the contract's schema (migration 0018). */
export interface SystemSettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

/** 网关类型 of a firm or a project (migration 0021, docs/decisions/0042-gateway-types.md). */
export interface GatewayTypesTable {
  id: Generated<number>;
  firm_id: number | null;
  project_id: number | null;
  name: string;
  type: string;
  model: string;
  description: string;
  /** JSON array of template indicators. */
  indicators: string;
  /** JSON Modbus settings or null. */
  modbus_settings: string | null;
  created_at: number;
}

/** Catalogues (migration 0019, docs/decisions/0040-units-labels-modes.md). */
export interface UnitsTable {
  id: Generated<number>;
  /** Null for a built-in unit. */
  project_id: number | null;
  name: string;
  description: string;
  category: string;
  created_at: number;
}

export interface LabelsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  color: string;
  description: string;
  created_at: number;
}

export interface LabelLinksTable {
  label_id: number;
  target_type: string;
  target_id: number;
}

export interface ModesTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  color: string;
  description: string;
  sort: number;
  created_at: number;
}
