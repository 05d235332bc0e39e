import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  GatewayTypesTable,
  LabelLinksTable,
  LabelsTable,
  ModesTable,
  OperationLogsTable,
  SystemSettingsTable,
  UnitsTable,
} from './schema-administration.js';
import type { AiModelsTable } from './schema-ai-models.js';
import type {
  MessageRecipientsTable,
  MessagesTable,
  MessageTemplatesTable,
  WarningHandlesTable,
  WarningRuleStatesTable,
  WarningRulesTable,
  WarningsTable,
  WebhookDeliveriesTable,
  WebhooksTable,
} from './schema-alerts.js';
import type { ChatFilesTable, ChatMessagesTable, ChatsTable } from './schema-assistant.js';
import type {
  CameraAccountsTable,
  CameraPresetsTable,
  CameraSnapshotsTable,
  CamerasTable,
} from './schema-cameras.js';
import type { DutyChangesTable, DutyRotationsTable, DutyShiftsTable } from './schema-duty.js';
import type {
  EquipmentBindingsTable,
  EquipmentRunDaysTable,
  EquipmentRunStateTable,
  EquipmentTable,
} from './schema-equipment.js';
import type { Gb28181ChannelsTable, Gb28181DevicesTable } from './schema-gb28181.js';
import type {
  MaintenancePlanRunsTable,
  MaintenancePlansTable,
  MaintenancePlanTargetsTable,
  WorkOrderAssigneesTable,
  WorkOrderEventsTable,
  WorkOrdersTable,
} from './schema-maintenance.js';
import type { EquipmentFaultStateTable, MalfunctionsTable } from './schema-malfunctions.js';
import type { CellMissesTable, CellTowersTable, MapLocationsTable } from './schema-maps.js';
import type { PurchaseOrdersTable, PurchasePackagesTable } from './schema-purchases.js';
import type { ShareItemsTable, ShareLinksTable, SharesTable, ShareUsesTable } from './schema-sharing.js';
import type {
  AuditRecordsTable,
  DataRepairsTable,
  ManualEntriesTable,
  TelemetryDirtyHoursTable,
  TelemetryHourlyTable,
  TelemetryRepairOriginalsTable,
  TelemetryTable,
} from './schema-telemetry.js';

export type {
  GatewayTypesTable,
  LabelLinksTable,
  LabelsTable,
  ModesTable,
  OperationLogsTable,
  SystemSettingsTable,
  UnitsTable,
} from './schema-administration.js';
export type {
  MessageRecipientsTable,
  MessagesTable,
  MessageTemplatesTable,
  WarningHandlesTable,
  WarningRuleStatesTable,
  WarningRulesTable,
  WarningsTable,
  WebhookDeliveriesTable,
  WebhooksTable,
} from './schema-alerts.js';
export type { DutyChangesTable, DutyRotationsTable, DutyShiftsTable } from './schema-duty.js';
export type {
  MaintenancePlanRunsTable,
  MaintenancePlansTable,
  MaintenancePlanTargetsTable,
  WorkOrderAssigneesTable,
  WorkOrderEventsTable,
  WorkOrdersTable,
} from './schema-maintenance.js';
export type {
  AuditRecordsTable,
  DataRepairsTable,
  ManualEntriesTable,
  TelemetryDirtyHoursTable,
  TelemetryHourlyTable,
  TelemetryRepairOriginalsTable,
  TelemetryTable,
} from './schema-telemetry.js';

/**
 * Table types. Flags are integers 0/1 and times are epoch milliseconds on both dialects,
 * so one set of queries serves SQLite and PostgreSQL alike.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  mobile: string | null;
  password_hash: string | null;
  realname: string;
  avatar: string;
  company: string;
  province: string;
  city: string;
  district: string;
  current_user_application: string;
  theme: string;
  status: string;
  expire_at: number | null;
  failed_login_count: number;
  locked: number;
  is_read_guide: number;
  message_setting: string;
  created_at: number;
  updated_at: number;
}

export interface UserBindingsTable {
  platform: string;
  external_id: string;
  user_id: number;
}

export interface OauthClientsTable {
  id: Generated<number>;
  client_id: string;
  secret_hash: string;
  name: string;
  user_id: number;
  enabled: number;
  created_at: number;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  client_id: string;
  login_way: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  expires_at: number;
  used_at: number | null;
}

export interface PhoneCodesTable {
  id: Generated<number>;
  mobile: string;
  purpose: string;
  code_hash: string;
  expires_at: number;
  used_at: number | null;
  attempts: number;
  created_at: number;
}

export interface GatewayFirmsTable {
  id: Generated<number>;
  name: string;
  identification_code: string;
  created_at: number;
}

export interface CorporationsTable {
  id: Generated<number>;
  name: string;
  owner: string;
  owner_mobile: string;
  logo_url: string;
  axis_rule: string;
  created_at: number;
}

/** Projects, areas and sites: one tree per project, project_id naming the root on every node. */
export interface GroupsTable {
  id: Generated<number>;
  parent_id: number | null;
  project_id: number | null;
  name: string;
  group_type: string;
  site_type: string | null;
  sort: number;
  created_at: number;
  /** 1 for a monitoring point (migration 0007, docs/decisions/0015-monitoring-points.md). */
  is_monitor: Generated<number>;
  /** A site's current operating mode and since when (migration 0019). */
  mode_id: number | null;
  mode_changed_at: number | null;
}

export interface ProjectsTable {
  group_id: number;
  corporation_id: number | null;
  project_type_id: number | null;
  group_display_name: string;
  logo_url: string;
  pay_status: string;
  can_entry_data: number;
  can_manage_gateway_data: number;
  enable_monitor: number;
  gateway_indicator_select_style: number;
  gateway_style: number;
  can_unbind_gateway: number;
  can_change_bind_gateway: number;
  axis_rule: string;
  menu_name: string;
  set_meal_end_at: number | null;
  access_gateway_indicator_max_num: number;
  send_messages_total_num: number;
  send_voices_total_num: number;
  chat_messages_limit: number;
  /** SMS and voice calls sent (migration 0024): the quota columns above count down. */
  messages_sent_num: Generated<number>;
  voices_sent_num: Generated<number>;
  /** Assistant questions asked (migration 0040), against chat_messages_limit. */
  chat_messages_used: Generated<number>;
  is_template: number;
  is_demo: number;
  /** Days raw points are kept (0: for good); hourly rollups `rollup_retention_days` (0: for good). */
  raw_retention_days: Generated<number>;
  rollup_retention_days: Generated<number>;
  /** Raw points before this time were purged by retention; their hours are no longer recomputed. */
  raw_purged_before: Generated<number>;
}

export interface RolesTable {
  id: Generated<number>;
  scope_type: string;
  /** 0 for the system scope. */
  scope_id: number;
  name: string;
  description: string;
  builtin: string | null;
  created_at: number;
}

export interface RoleFunctionsTable {
  role_id: number;
  menu_code: string;
  permission: number;
}

export interface MembershipsTable {
  scope_type: string;
  scope_id: number;
  user_id: number;
  role_id: number;
  created_at: number;
}

export interface CustomDomainConfigsTable {
  id: Generated<number>;
  domain_name: string;
  login_system_name: string;
  logo_url: string;
  created_at: number;
}

export interface GatewaysTable {
  id: Generated<number>;
  serial_number: string;
  alias: string;
  type: string;
  model: string;
  iccid: string;
  batch_or_contract: string;
  firm_id: number | null;
  project_id: number | null;
  group_id: number | null;
  secret_hash: string;
  bind_code: string;
  online_status: string;
  clock_status: string | null;
  last_seen_at: number | null;
  unknown_key_count: number;
  rejected_value_count: number;
  modbus_config: string;
  created_at: number;
  /** The 网关类型 it was created or imported with (migration 0021). */
  gateway_type_id: number | null;
}

export interface IndicatorsTable {
  id: Generated<number>;
  project_id: number | null;
  firm_id: number | null;
  name: string;
  type: string;
  unit: string;
  decimal_places: number;
  /** JSON array of {value, label}. */
  enums: string;
  created_at: number;
}

export interface GatewayIndicatorsTable {
  id: Generated<number>;
  gateway_id: number;
  indicator_id: number;
  alias: string;
  data_identification: string;
  io_type: string;
  /** Overrides the indicator's decimal places when set. */
  decimal_places: number | null;
  is_auto_reposition: number;
  reposition_delay: number;
  /** JSON: slaveId, functionCode, address, dataType, byteOrder. */
  modbus: string;
  created_at: number;
}

/** What happened to a gateway: created, bound, unbound, changeBind, transfer, secretRotated. */
export interface GatewayEntryRecordsTable {
  id: Generated<number>;
  gateway_id: number;
  action: string;
  project_id: number | null;
  target_project_id: number | null;
  group_id: number | null;
  user_id: number | null;
  created_at: number;
}

/** A remote-control command and its outcome; status codes in docs/decisions/0010-remote-control.md. */
export interface InstructionRecordsTable {
  id: Generated<number>;
  gateway_id: number;
  gateway_indicator_id: number;
  project_id: number | null;
  user_id: number | null;
  metric: string;
  value: string;
  status: number;
  message: string;
  created_at: number;
  sent_at: number | null;
  acknowledged_at: number | null;
  /** Auto-reposition (migration 0008): the value to return to, when the return is due, what it returns from. */
  reposition_value: string | null;
  reposition_at: number | null;
  reposition_of: number | null;
}

/** A rejected payload of a gateway (migration 0007); only the most recent are kept. */
export interface GatewayRejectionsTable {
  id: Generated<number>;
  gateway_id: number;
  received_at: number;
  topic: string;
  reason: string;
  payload: string;
}

/** The gateway indicators a monitoring point shows (migration 0007). */
export interface GroupGatewayIndicatorsTable {
  group_id: number;
  gateway_indicator_id: number;
}

export interface Database {
  users: UsersTable;
  user_bindings: UserBindingsTable;
  oauth_clients: OauthClientsTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  phone_codes: PhoneCodesTable;
  gateway_firms: GatewayFirmsTable;
  corporations: CorporationsTable;
  groups: GroupsTable;
  projects: ProjectsTable;
  roles: RolesTable;
  role_functions: RoleFunctionsTable;
  memberships: MembershipsTable;
  custom_domain_configs: CustomDomainConfigsTable;
  gateways: GatewaysTable;
  indicators: IndicatorsTable;
  gateway_indicators: GatewayIndicatorsTable;
  gateway_entry_records: GatewayEntryRecordsTable;
  instruction_records: InstructionRecordsTable;
  telemetry: TelemetryTable;
  manual_entries: ManualEntriesTable;
  work_orders: WorkOrdersTable;
  work_order_assignees: WorkOrderAssigneesTable;
  work_order_events: WorkOrderEventsTable;
  equipment: EquipmentTable;
  equipment_bindings: EquipmentBindingsTable;
  equipment_run_state: EquipmentRunStateTable;
  equipment_run_days: EquipmentRunDaysTable;
  maintenance_plans: MaintenancePlansTable;
  maintenance_plan_targets: MaintenancePlanTargetsTable;
  maintenance_plan_runs: MaintenancePlanRunsTable;
  malfunctions: MalfunctionsTable;
  equipment_fault_state: EquipmentFaultStateTable;
  ai_models: AiModelsTable;
  chats: ChatsTable;
  chat_messages: ChatMessagesTable;
  chat_files: ChatFilesTable;
  duty_shifts: DutyShiftsTable;
  duty_rotations: DutyRotationsTable;
  duty_changes: DutyChangesTable;
  warning_rules: WarningRulesTable;
  warning_rule_states: WarningRuleStatesTable;
  warnings: WarningsTable;
  warning_handles: WarningHandlesTable;
  last_values: TelemetryTable;
  gateway_rejections: GatewayRejectionsTable;
  group_gateway_indicators: GroupGatewayIndicatorsTable;
  telemetry_hourly: TelemetryHourlyTable;
  telemetry_dirty_hours: TelemetryDirtyHoursTable;
  audit_records: AuditRecordsTable;
  data_repairs: DataRepairsTable;
  telemetry_repair_originals: TelemetryRepairOriginalsTable;
  messages: MessagesTable;
  message_recipients: MessageRecipientsTable;
  message_templates: MessageTemplatesTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  operation_logs: OperationLogsTable;
  system_settings: SystemSettingsTable;
  units: UnitsTable;
  labels: LabelsTable;
  label_links: LabelLinksTable;
  modes: ModesTable;
  gateway_types: GatewayTypesTable;
  camera_accounts: CameraAccountsTable;
  cameras: CamerasTable;
  camera_presets: CameraPresetsTable;
  camera_snapshots: CameraSnapshotsTable;
  gb28181_devices: Gb28181DevicesTable;
  gb28181_channels: Gb28181ChannelsTable;
  purchase_packages: PurchasePackagesTable;
  purchase_orders: PurchaseOrdersTable;
  shares: SharesTable;
  share_items: ShareItemsTable;
  share_uses: ShareUsesTable;
  share_links: ShareLinksTable;
  map_locations: MapLocationsTable;
  cell_towers: CellTowersTable;
  cell_misses: CellMissesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type GroupRow = Selectable<GroupsTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type RoleRow = Selectable<RolesTable>;
