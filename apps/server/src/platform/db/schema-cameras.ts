import type { Generated } from 'kysely';

/** 视频监控 (migration 0045); part of `Database` in schema.ts. */
export interface CameraAccountsTable {
  id: Generated<number>;
  project_id: number;
  agg_type: number;
  name: string;
  app_key: string;
  /** SecretBox.seal(appSecret); never the secret itself. */
  app_secret_sealed: string;
  base_url: string | null;
  created_at: number;
  updated_at: number;
}

export interface CamerasTable {
  id: Generated<number>;
  project_id: number;
  group_id: number;
  name: string;
  img_url: Generated<string>;
  device_serial: Generated<string>;
  channel_no: Generated<number>;
  agg_type: number;
  video_url: string | null;
  if_encrypt: Generated<number>;
  /** '' or SecretBox.seal(validatecode). */
  validate_code_sealed: Generated<string>;
  camera_account_id: number | null;
  type: Generated<number>;
  show_yuntai_icon: Generated<number>;
  show_talk_icon: Generated<number>;
  share_owner_id: number | null;
  is_online: Generated<number>;
  online_checked_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface CameraPresetsTable {
  id: Generated<number>;
  camera_id: number;
  preset_index: number;
  name: string;
  img_url: Generated<string>;
  created_at: number;
}

export interface CameraSnapshotsTable {
  id: Generated<number>;
  camera_id: number;
  /** 'W' warning, 'M' by hand. */
  flag: string;
  taken_at: number;
  url: string;
}
