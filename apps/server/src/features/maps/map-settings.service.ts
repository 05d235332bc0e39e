import {
  AMAP_BASE_URL,
  MapMessages,
  type MapProviderSettings,
  type mapProviderSettingsBody,
} from '@iot/contracts/maps';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { type ClusterBus, defineChannel } from '../../platform/cluster-bus.js';
import type { Database } from '../../platform/db/schema.js';
import { readSystemSettingOver, writeSystemSetting } from '../../platform/db/system-settings.js';
import { badRequest } from '../../platform/errors.js';
import type { SecretBox } from '../../platform/secret-box.js';
import { AmapMapProvider } from './amap-provider.js';
import { BuiltinMapProvider } from './builtin-provider.js';
import type { Gazetteer } from './gazetteer.js';
import type { MapProvider } from './provider.js';

/** The row of system_settings the map provider's settings live in. */
const KEY = 'map-provider';

interface Stored {
  provider: 'builtin' | 'amap';
  amapKeySealed: string;
  amapBaseUrl: string;
}

const defaults: Stored = { provider: 'builtin', amapKeySealed: '', amapBaseUrl: AMAP_BASE_URL };

/** Map settings changed: every node drops its provider. */
const mapSettingsChannel = defineChannel('map-settings', () => ({}), { confirmed: true });

/**
 * Which map service answers (系统配置 → 地图服务): the built-in gazetteer unless an AMap key is stored.
 * The key is sealed like AI模型 keys (platform/secret-box.ts), opened only to build the adapter.
 */
export class MapSettingsService {
  private current: Promise<MapProvider> | undefined;
  readonly builtin: BuiltinMapProvider;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly box: SecretBox,
    private readonly cluster: ClusterBus,
    gazetteer: Gazetteer,
  ) {
    this.builtin = new BuiltinMapProvider(gazetteer);
    cluster.subscribe(mapSettingsChannel, () => {
      this.current = undefined;
    });
  }

  private read(): Promise<Stored> {
    return readSystemSettingOver(this.db, KEY, defaults);
  }

  async get(): Promise<MapProviderSettings> {
    const stored = await this.read();
    return {
      provider: stored.provider,
      amapKeyConfigured: stored.amapKeySealed !== '',
      amapBaseUrl: stored.amapBaseUrl,
    };
  }

  async update(body: z.output<typeof mapProviderSettingsBody>): Promise<MapProviderSettings> {
    const stored = await this.read();
    const next: Stored = {
      provider: body.provider,
      amapKeySealed: body.amapKey ? this.box.seal(body.amapKey) : stored.amapKeySealed,
      amapBaseUrl: body.amapBaseUrl || stored.amapBaseUrl,
    };
    if (next.provider === 'amap' && !next.amapKeySealed) throw badRequest(MapMessages.amapKeyMissing);
    await writeSystemSetting(this.db, KEY, next);
    await this.cluster.publish(mapSettingsChannel, {});
    return this.get();
  }

  /** The provider answering now. */
  provider(): Promise<MapProvider> {
    this.current ??= this.read().then((stored) =>
      stored.provider === 'amap' && stored.amapKeySealed
        ? new AmapMapProvider(this.box.open(stored.amapKeySealed), stored.amapBaseUrl)
        : this.builtin,
    );
    return this.current;
  }
}
