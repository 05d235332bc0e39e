import { AggType } from '@iot/contracts/cameras';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';
import type { Gb28181DevicesTable } from '../../../platform/db/schema-gb28181.js';
import type { SipRemote } from './sip-transport.js';

export type GbDeviceRow = Selectable<Gb28181DevicesTable>;

export interface CatalogItem {
  channelId: string;
  name: string;
  manufacturer: string;
  model: string;
  status: string;
}

/** Registered GB28181 devices and their catalog channels (migration 0051). */
export class GbDevicesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Whether a project other than this one has the device as its own camera (not a shared one). */
  async ownedElsewhere(deviceId: string, projectId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('cameras')
      .select('id')
      .where('agg_type', '=', AggType.GB28181)
      .where('device_serial', '=', deviceId)
      .where('share_owner_id', 'is', null)
      .where('project_id', '<>', projectId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  device(deviceId: string): Promise<GbDeviceRow | undefined> {
    return this.db
      .selectFrom('gb28181_devices')
      .selectAll()
      .where('device_id', '=', deviceId)
      .executeTakeFirst();
  }

  /** A REGISTER accepted: where the device is, until when; online from now. */
  async register(
    deviceId: string,
    remote: SipRemote,
    localAddress: string,
    expiresAt: number,
  ): Promise<void> {
    const now = Date.now();
    const fields = {
      transport: remote.transport,
      host: remote.host,
      port: remote.port,
      local_address: localAddress,
      registered_at: now,
      expires_at: expiresAt,
      keepalive_at: now,
      online: 1,
      updated_at: now,
    };
    await this.db
      .insertInto('gb28181_devices')
      .values({ device_id: deviceId, ...fields })
      .onConflict((oc) => oc.column('device_id').doUpdateSet(fields))
      .execute();
  }

  /** Expires 0: the registration ends now (a late keepalive is refused and the device must register again). */
  async unregister(deviceId: string): Promise<void> {
    const now = Date.now();
    await this.db
      .updateTable('gb28181_devices')
      .set({ online: 0, expires_at: now, updated_at: now })
      .where('device_id', '=', deviceId)
      .execute();
  }

  async setOffline(deviceId: string): Promise<void> {
    await this.db
      .updateTable('gb28181_devices')
      .set({ online: 0, updated_at: Date.now() })
      .where('device_id', '=', deviceId)
      .execute();
  }

  /**
   * A keepalive from a registered device: online again, and its address refreshed (a NAT mapping
   * may have moved). False when the device is unknown or its registration has run out.
   */
  async keepalive(deviceId: string, remote: SipRemote): Promise<boolean> {
    const now = Date.now();
    const result = await this.db
      .updateTable('gb28181_devices')
      .set({
        keepalive_at: now,
        online: 1,
        transport: remote.transport,
        host: remote.host,
        port: remote.port,
        updated_at: now,
      })
      .where('device_id', '=', deviceId)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Online devices whose registration ran out or whose last keepalive is older than `silentSince`. */
  async lapsed(now: number, silentSince: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('gb28181_devices')
      .select('device_id')
      .where('online', '=', 1)
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('keepalive_at', '<', silentSince)]))
      .execute();
    return rows.map((r) => r.device_id);
  }

  /** The cameras that name this device show its state (every project's). */
  async setCamerasOnline(deviceId: string, online: boolean): Promise<void> {
    await this.db
      .updateTable('cameras')
      .set({ is_online: online ? 1 : 0, online_checked_at: Date.now() })
      .where('agg_type', '=', AggType.GB28181)
      .where('device_serial', '=', deviceId)
      .execute();
  }

  async setInfo(
    deviceId: string,
    info: { name: string; manufacturer: string; model: string; firmware: string },
  ) {
    await this.db
      .updateTable('gb28181_devices')
      .set({ ...info, updated_at: Date.now() })
      .where('device_id', '=', deviceId)
      .execute();
  }

  /**
   * Stores a catalog: known channels are updated, new ones numbered after the highest so far (a
   * camera's channelNo keeps meaning the same channel), channels no longer listed are kept (a
   * device answering part of its catalog must not renumber the rest).
   */
  async saveCatalog(deviceId: string, items: CatalogItem[]): Promise<void> {
    const now = Date.now();
    await this.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('gb28181_channels')
        .select(['channel_id', 'channel_no'])
        .where('device_id', '=', deviceId)
        .execute();
      const known = new Map(existing.map((c) => [c.channel_id, c.channel_no]));
      let next = Math.max(0, ...existing.map((c) => c.channel_no)) + 1;
      const sorted = [...items].sort((a, b) => a.channelId.localeCompare(b.channelId));
      for (const item of sorted) {
        const fields = {
          name: item.name.slice(0, 128),
          manufacturer: item.manufacturer.slice(0, 64),
          model: item.model.slice(0, 64),
          status: item.status.slice(0, 8),
          updated_at: now,
        };
        if (known.has(item.channelId)) {
          await trx
            .updateTable('gb28181_channels')
            .set(fields)
            .where('device_id', '=', deviceId)
            .where('channel_id', '=', item.channelId)
            .execute();
          continue;
        }
        known.set(item.channelId, next);
        await trx
          .insertInto('gb28181_channels')
          .values({ device_id: deviceId, channel_id: item.channelId, channel_no: next++, ...fields })
          .execute();
      }
      await trx
        .updateTable('gb28181_devices')
        .set({ catalog_at: now })
        .where('device_id', '=', deviceId)
        .execute();
    });
  }

  channels(deviceId: string) {
    return this.db
      .selectFrom('gb28181_channels')
      .select(['channel_no', 'channel_id', 'name', 'manufacturer', 'model', 'status'])
      .where('device_id', '=', deviceId)
      .orderBy('channel_no')
      .execute();
  }
}
