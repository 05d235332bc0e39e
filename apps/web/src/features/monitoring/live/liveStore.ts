/** One live value as the socket pushed it. */
export interface LivePoint {
  value: number | string;
  ts: number;
}

type Listener = () => void;

/**
 * Live values keyed `gateway:metric`, outside React state: socket messages are queued and applied
 * once per animation frame, and only the listeners of keys that changed are told, so a screen of
 * 200 indicators updating every second re-renders 200 cells, not the whole table per message.
 */
export class LiveStore {
  private readonly values = new Map<string, LivePoint>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly anyListeners = new Set<Listener>();
  private queue: { gateway: string; params: Record<string, number | string>; ts: number }[] = [];
  private frame: number | null = null;
  private version = 0;

  /** The current value of a key (stable object until it changes). */
  get(key: string): LivePoint | undefined {
    return this.values.get(key);
  }

  /** Every key seen so far. */
  keys(): string[] {
    return [...this.values.keys()];
  }

  /** Increases whenever any value changes (for views that list keys). */
  getVersion = (): number => this.version;

  subscribe(key: string, listener: Listener): () => void {
    const set = this.listeners.get(key) ?? new Set<Listener>();
    this.listeners.set(key, set);
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(key);
    };
  }

  subscribeAll = (listener: Listener): (() => void) => {
    this.anyListeners.add(listener);
    return () => this.anyListeners.delete(listener);
  };

  /** Queues a notify; applied on the next animation frame together with the others. */
  push(data: { gateway: string; params: Record<string, number | string>; ts: number }): void {
    this.queue.push(data);
    if (this.frame !== null) return;
    const schedule =
      typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible'
        ? requestAnimationFrame
        : (callback: () => void) => setTimeout(callback, 16) as unknown as number;
    this.frame = schedule(() => this.flush());
  }

  /** Applies the queued messages now and tells the listeners of changed keys. */
  flush(): void {
    this.frame = null;
    const queued = this.queue;
    this.queue = [];
    const changed = new Set<string>();
    for (const { gateway, params, ts } of queued) {
      for (const [metric, value] of Object.entries(params)) {
        const key = `${gateway}:${metric}`;
        const previous = this.values.get(key);
        if (previous && previous.ts > ts) continue;
        if (previous && previous.ts === ts && previous.value === value) continue;
        this.values.set(key, { value, ts });
        changed.add(key);
      }
    }
    if (changed.size === 0) return;
    this.version++;
    for (const key of changed) for (const listener of this.listeners.get(key) ?? []) listener();
    for (const listener of this.anyListeners) listener();
  }

  /** Forgets the values of gateways no longer watched. */
  drop(gateways: string[]): void {
    const gone = new Set(gateways);
    let changed = false;
    for (const key of this.values.keys()) {
      if (gone.has(key.slice(0, key.indexOf(':')))) {
        this.values.delete(key);
        changed = true;
        for (const listener of this.listeners.get(key) ?? []) listener();
      }
    }
    if (changed) {
      this.version++;
      for (const listener of this.anyListeners) listener();
    }
  }
}
