import {
  CellMessages,
  type CellSettings,
  type cellSettingsBody,
  DEFAULT_CELL_MNC,
  OPENCELLID_BASE_URL,
} from '@iot/contracts/maps';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { type ClusterBus, defineChannel } from '../../platform/cluster-bus.js';
import type { Database } from '../../platform/db/schema.js';
import { readSystemSettingOver, writeSystemSetting } from '../../platform/db/system-settings.js';
import { badRequest } from '../../platform/errors.js';
import type { SecretBox } from '../../platform/secret-box.js';
import { type CellResolver, OpenCellidResolver } from './cell-resolver.js';

/** The row of system_settings base-station positioning's settings live in. */
const KEY = 'cell-location';

interface Stored {
  online: 'none' | 'opencellid';
  keySealed: string;
  baseUrl: string;
  mnc: number;
}

const defaults: Stored = {
  online: 'none',
  keySealed: '',
  baseUrl: OPENCELLID_BASE_URL,
  mnc: DEFAULT_CELL_MNC,
};

/** Cell settings or the cell table changed: every node forgets the cells it looked up. */
export const cellsChannel = defineChannel('map-cells', () => ({}), { confirmed: true });

/**
 * 系统配置 → 基站定位: the MNC assumed when a gateway reports none, and the online service asked for
 * cells the imported table lacks. Its key is sealed like the AMap key, opened only to build the adapter.
 */
export class CellSettingsService {
  /** What lookups use, read once per node until the settings change. */
  private active: Promise<{ online: CellResolver | null; mnc: number }> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly box: SecretBox,
    private readonly cluster: ClusterBus,
  ) {
    cluster.subscribe(cellsChannel, () => {
      this.active = undefined;
    });
  }

  private read(): Promise<Stored> {
    return readSystemSettingOver(this.db, KEY, defaults);
  }

  async get(): Promise<CellSettings> {
    const stored = await this.read();
    return {
      online: stored.online,
      keyConfigured: stored.keySealed !== '',
      baseUrl: stored.baseUrl,
      mnc: stored.mnc,
    };
  }

  async update(body: z.output<typeof cellSettingsBody>): Promise<CellSettings> {
    const stored = await this.read();
    const next: Stored = {
      online: body.online,
      keySealed: body.key ? this.box.seal(body.key) : stored.keySealed,
      baseUrl: body.baseUrl || stored.baseUrl,
      mnc: body.mnc,
    };
    if (next.online === 'opencellid' && !next.keySealed) throw badRequest(CellMessages.keyMissing);
    await writeSystemSetting(this.db, KEY, next);
    await this.cluster.publish(cellsChannel, {});
    return this.get();
  }

  /** The online resolver (null when none is configured) and the MNC of gateways reporting none. */
  current(): Promise<{ online: CellResolver | null; mnc: number }> {
    this.active ??= this.read().then((stored) => ({
      online:
        stored.online === 'opencellid' && stored.keySealed
          ? new OpenCellidResolver(this.box.open(stored.keySealed), stored.baseUrl)
          : null,
      mnc: stored.mnc,
    }));
    return this.active;
  }
}
