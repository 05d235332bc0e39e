import type { ScopeType } from '@iot/contracts';
import { type ClusterBus, defineChannel } from '../cluster-bus.js';
import { NodeCache } from '../node-cache.js';
import type { AccessRepository, MembershipBits, SessionState } from './access.repository.js';

/**
 * What changed under the permission checks, said by whoever changed it, after the write committed:
 * - `session`: signed out or revoked (refresh-token replay);
 * - `user`: the account's status, expiry or existence, any of its sessions, or any of its
 *   memberships (the system administrator role included);
 * - `role`: a role's functions, or the role itself;
 * - `group`: a group was deleted;
 * - `all`: a scope was deleted (a project with its tree, roles and members; a firm; a corporation).
 */
export type AccessChange =
  | { kind: 'session'; sessionId: string }
  | { kind: 'user'; userId: number }
  | { kind: 'role'; roleId: number }
  | { kind: 'group'; groupId: number }
  | { kind: 'all' };

const isId = (value: unknown): value is number => Number.isInteger(value);

function parseAccessChange(raw: unknown): AccessChange | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const change = raw as Record<string, unknown>;
  switch (change.kind) {
    case 'session':
      return typeof change.sessionId === 'string'
        ? { kind: 'session', sessionId: change.sessionId }
        : undefined;
    case 'user':
      return isId(change.userId) ? { kind: 'user', userId: change.userId } : undefined;
    case 'role':
      return isId(change.roleId) ? { kind: 'role', roleId: change.roleId } : undefined;
    case 'group':
      return isId(change.groupId) ? { kind: 'group', groupId: change.groupId } : undefined;
    case 'all':
      return { kind: 'all' };
    default:
      return undefined;
  }
}

export const accessChannel = defineChannel('access', parseAccessChange, { confirmed: true });

/**
 * How long a cached session, membership or group entry may be used without an invalidation.
 * Invalidations are what keep it right; this bounds the one case they cannot cover: a change made
 * on a node whose broker link was down (the other nodes resync when it comes back, or after this).
 */
export const ACCESS_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;

/**
 * The access reads with a per-node cache in front (docs/decisions/0030-per-node-caches.md): every
 * authorised request needs the session, the account, the group's project and the membership's
 * bits, and they change rarely. Changes arrive through `changed()` on this node and over the
 * cluster bus from the others.
 */
export class AccessCache {
  private readonly sessions: NodeCache<string, SessionState>;
  /** `membership: null` is kept too (not a member): every membership write announces its user. */
  private readonly memberships: NodeCache<string, { userId: number; membership: MembershipBits | null }>;
  private readonly projects: NodeCache<number, number>;
  private readonly scopes: NodeCache<string, true>;
  private readonly listeners = new Set<(change: AccessChange) => void>();

  constructor(
    private readonly repository: AccessRepository,
    private readonly bus: ClusterBus,
    ttlMs = ACCESS_CACHE_TTL_MS,
  ) {
    const options = { ttlMs, maxEntries: MAX_ENTRIES };
    this.sessions = new NodeCache(bus, options);
    this.memberships = new NodeCache(bus, options);
    this.projects = new NodeCache(bus, options);
    this.scopes = new NodeCache(bus, options);
    bus.subscribe(accessChannel, (change) => {
      this.forget(change);
      for (const listener of this.listeners) listener(change);
    });
  }

  /**
   * Forgets what the change touches on this node before it returns, then tells the other nodes;
   * resolves once the broker has taken the news. Await it after the write has committed, before
   * the request answers.
   */
  changed(change: AccessChange): Promise<void> {
    return this.bus.publish(accessChannel, change);
  }

  /** Told of every change, made on this node or another (after the caches forgot it). */
  onChanged(listener: (change: AccessChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  sessionState(sessionId: string): Promise<SessionState | undefined> {
    return this.sessions.get(sessionId, () => this.repository.sessionState(sessionId));
  }

  async membership(
    userId: number,
    scopeType: ScopeType,
    scopeId: number,
    menuCode: string,
  ): Promise<MembershipBits | undefined> {
    const cached = await this.memberships.get(`${userId}|${scopeType}|${scopeId}|${menuCode}`, async () => ({
      userId,
      membership: (await this.repository.membership(userId, scopeType, scopeId, menuCode)) ?? null,
    }));
    return cached?.membership ?? undefined;
  }

  projectOfGroup(groupId: number): Promise<number | undefined> {
    return this.projects.get(groupId, () => this.repository.projectOfGroup(groupId));
  }

  async scopeExists(scopeType: 'firm' | 'corporation', scopeId: number): Promise<boolean> {
    const found = await this.scopes.get(`${scopeType}|${scopeId}`, async () =>
      (await this.repository.scopeExists(scopeType, scopeId)) ? true : undefined,
    );
    return found === true;
  }

  private forget(change: AccessChange): void {
    switch (change.kind) {
      case 'session':
        this.sessions.delete(change.sessionId);
        return;
      case 'user':
        this.sessions.deleteWhere((session) => session.userId === change.userId);
        this.memberships.deleteWhere((entry) => entry.userId === change.userId);
        return;
      case 'role':
        this.memberships.deleteWhere((entry) => entry.membership?.roleId === change.roleId);
        return;
      case 'group':
        this.projects.delete(change.groupId);
        return;
      case 'all':
        this.sessions.clear();
        this.memberships.clear();
        this.projects.clear();
        this.scopes.clear();
        return;
    }
  }
}
