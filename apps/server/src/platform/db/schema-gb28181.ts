import type { Generated } from 'kysely';

/** GB28181 devices and their catalog channels (migration 0051); part of `Database` in schema.ts. */
export interface Gb28181DevicesTable {
  device_id: string;
  transport: string;
  host: string;
  port: number;
  local_address: string;
  registered_at: number;
  expires_at: number;
  keepalive_at: number;
  online: Generated<number>;
  name: Generated<string>;
  manufacturer: Generated<string>;
  model: Generated<string>;
  firmware: Generated<string>;
  catalog_at: number | null;
  updated_at: number;
}

export interface Gb28181ChannelsTable {
  id: Generated<number>;
  device_id: string;
  channel_no: number;
  channel_id: string;
  name: Generated<string>;
  manufacturer: Generated<string>;
  model: Generated<string>;
  status: Generated<string>;
  updated_at: number;
}
