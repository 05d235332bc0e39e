import { type SignInWay, type SystemSettings, systemSettings } from '@iot/contracts/system';
import { DEFAULT_THEME, type Theme } from '@iot/contracts/users';
import type { Kysely } from 'kysely';
import { type ClusterBus, defineChannel } from '../../platform/cluster-bus.js';
import type { Database } from '../../platform/db/schema.js';
import { readSystemSetting, writeSystemSetting } from '../../platform/db/system-settings.js';
import { NodeCache } from '../../platform/node-cache.js';

const KEY = 'system';

/** 系统配置 changed: every node forgets its copy before the change's request answers. */
const settingsChannel = defineChannel('system-settings', () => ({}), { confirmed: true });

/**
 * 系统配置 (docs/decisions/0039): read on every sign-in, sign-in page and public system-info call,
 * so each node keeps a copy (docs/decisions/0030-per-node-caches.md), forgotten on every node when
 * a change is saved.
 */
export class SystemSettingsService {
  private readonly cache: NodeCache<string, SystemSettings>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly defaults: { systemName: string },
    private readonly cluster: ClusterBus,
  ) {
    this.cache = new NodeCache(cluster, { ttlMs: 30_000, maxEntries: 1 });
    cluster.subscribe(settingsChannel, () => this.cache.clear());
  }

  /** The stored settings, missing or unreadable fields taking their defaults. */
  async get(): Promise<SystemSettings> {
    return (await this.cache.get(KEY, () => this.read())) as SystemSettings;
  }

  private async read(): Promise<SystemSettings> {
    const fallback: SystemSettings = {
      systemName: this.defaults.systemName,
      loginTitle: '',
      loginSubtitle: '',
      logoUrl: '',
      defaultTheme: DEFAULT_THEME,
      signInWays: ['password', 'sms'],
      guideForNewUsers: true,
    };
    const stored = systemSettings.partial().safeParse((await readSystemSetting(this.db, KEY)) ?? {});
    return stored.success ? { ...fallback, ...stripUndefined(stored.data) } : fallback;
  }

  async update(settings: SystemSettings): Promise<SystemSettings> {
    await writeSystemSetting(this.db, KEY, settings);
    await this.cluster.publish(settingsChannel, {});
    return this.get();
  }

  async isSignInWayOn(way: SignInWay): Promise<boolean> {
    return (await this.get()).signInWays.includes(way);
  }

  async defaultTheme(): Promise<Theme> {
    return (await this.get()).defaultTheme;
  }
}

function stripUndefined<T extends object>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as Partial<T>;
}
