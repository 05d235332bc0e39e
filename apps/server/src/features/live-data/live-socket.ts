import type { Duplex } from 'node:stream';
import { Messages } from '@iot/contracts';
import { type LiveCommand, type LiveMessage, liveCommand, liveSocketQuery } from '@iot/contracts/live-data';
import type { FastifyBaseLogger } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import { type AccessChange, accessChannel } from '../../platform/auth/access.cache.js';
import type { AccessService, AuthContext } from '../../platform/auth/access.service.js';
import type { LiveBus } from '../../platform/bus.js';
import type { ClusterBus } from '../../platform/cluster-bus.js';
import { isDatabaseUnavailable } from '../../platform/db/outage.js';
import { type GatewayConfigChange, gatewayConfigChannel } from '../../platform/gateway-config.js';
import { refuseUpgrade, type UpgradeRouter } from '../../platform/http/upgrade.js';
import type { LiveDataService } from './live-data.service.js';

/** A socket whose client has not caught up past this many bytes misses values until it does. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Closed after this long without any message from the client (it pings every 15 s). */
const IDLE_CLOSE_CODE = 4008;
/** Closed because the session behind the token was signed out, revoked or its account disabled. */
const SESSION_ENDED_CODE = 4001;

export interface LiveSocketServer {
  close(): Promise<void>;
}

/** A subscribed socket and the connection under it (corked while a burst of notifications is written). */
interface Watcher {
  ws: WebSocket;
  socket: Duplex;
}

/** One socket's caller and what it watches, re-judged when ownership or access changes. */
interface Session {
  watcher: Watcher;
  auth: AuthContext | null;
  token: string | undefined;
  subscribed: Set<number>;
}

/**
 * `/data-server/ws` (spec core §4, §7): ping → pong; subscribe to gateways (optionally with their
 * last data) → notify messages with new values; unsubscribe. Each socket sees only the gateways
 * its user may read — judged at subscription and again whenever that may have changed: a gateway
 * bound, unbound, transferred or deleted, a membership or role changed, a session ended (on any
 * node: both arrive over the cluster bus).
 */
export function startLiveSocket(
  upgrades: UpgradeRouter,
  access: AccessService,
  service: LiveDataService,
  bus: LiveBus,
  cluster: ClusterBus,
  log: FastifyBaseLogger,
  idleTimeoutMs: number,
): LiveSocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const watchers = new Map<number, Set<Watcher>>();
  const sessions = new Set<Session>();

  upgrades.on('/data-server/ws', (request, socket, head, url) => {
    const query = liveSocketQuery.safeParse(Object.fromEntries(url.searchParams));
    const anonymous = query.success && (query.data.isAnonymous === 'true' || query.data.isAnonymous === '1');
    const token = query.success ? query.data.token : undefined;
    const authenticate: Promise<AuthContext | null> = token
      ? access.authenticateToken(token)
      : anonymous
        ? Promise.resolve(null)
        : Promise.reject(new Error('no token'));
    authenticate.then(
      (auth) => wss.handleUpgrade(request, socket, head, (ws) => session({ ws, socket }, auth, token)),
      (error: unknown) =>
        // The database being away says nothing about the token: the client tries again shortly.
        isDatabaseUnavailable(error)
          ? refuseUpgrade(socket, 503, 'Service Unavailable')
          : refuseUpgrade(socket, 401, 'Unauthorized'),
    );
  });

  function send(ws: WebSocket, message: LiveMessage | string): void {
    if (ws.readyState === ws.OPEN && ws.bufferedAmount < MAX_BUFFERED_BYTES) {
      ws.send(typeof message === 'string' ? message : JSON.stringify(message));
    }
  }

  /**
   * Notify frames written in one burst (the values of one telemetry commit are published together)
   * leave in one write per socket: its connection is corked at its first frame and uncorked once
   * the burst is over, so a socket watching many gateways costs one system call per burst instead
   * of one per value.
   */
  const corked = new Set<Duplex>();
  function uncorkAll(): void {
    for (const socket of corked) socket.uncork();
    corked.clear();
  }

  function notify(watcher: Watcher, frame: Buffer): void {
    const { ws, socket } = watcher;
    if (ws.readyState !== ws.OPEN || ws.bufferedAmount >= MAX_BUFFERED_BYTES) return;
    if (!corked.has(socket)) {
      if (corked.size === 0) process.nextTick(uncorkAll);
      socket.cork();
      corked.add(socket);
    }
    ws.send(frame, { binary: false });
  }

  function session(watcher: Watcher, auth: AuthContext | null, token: string | undefined): void {
    const { ws } = watcher;
    const subscribed = new Set<number>();
    const state: Session = { watcher, auth, token, subscribed };
    sessions.add(state);
    let idle = setTimeout(() => ws.close(IDLE_CLOSE_CODE, 'ping timeout'), idleTimeoutMs);

    ws.on('message', (data) => {
      clearTimeout(idle);
      idle = setTimeout(() => ws.close(IDLE_CLOSE_CODE, 'ping timeout'), idleTimeoutMs);
      let command: LiveCommand;
      try {
        const parsed = liveCommand.safeParse(JSON.parse(data.toString()));
        if (!parsed.success) return send(ws, { type: 'error', message: '无法识别的指令' });
        command = parsed.data;
      } catch {
        return send(ws, { type: 'error', message: '指令不是 JSON' });
      }
      handle(watcher, state.auth, subscribed, command).catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) {
          log.warn({ err: error }, 'live socket command failed: database unavailable');
          return send(ws, { type: 'error', id: command.id, message: Messages.DATABASE_UNAVAILABLE });
        }
        log.error({ err: error }, 'live socket command failed');
        send(ws, { type: 'error', id: command.id, message: '指令处理失败' });
      });
    });
    ws.on('close', () => {
      clearTimeout(idle);
      sessions.delete(state);
      for (const gatewayId of subscribed) watchers.get(gatewayId)?.delete(watcher);
    });
    ws.on('error', () => ws.terminate());
  }

  async function handle(
    watcher: Watcher,
    auth: AuthContext | null,
    subscribed: Set<number>,
    command: LiveCommand,
  ) {
    const { ws } = watcher;
    if (command.type === 'ping') return send(ws, { type: 'pong', id: command.id });
    const ids = command.gateways.map(Number).filter((id) => Number.isInteger(id) && id > 0);
    if (command.type === 'unsubscribe') {
      for (const id of ids) {
        subscribed.delete(id);
        watchers.get(id)?.delete(watcher);
      }
      return send(ws, { type: 'unsubscribed', id: command.id, gateways: ids.map(String) });
    }
    const readable = await service.readable(auth, ids);
    for (const id of readable) {
      subscribed.add(id);
      const set = watchers.get(id) ?? new Set<Watcher>();
      watchers.set(id, set);
      set.add(watcher);
    }
    const refused = command.gateways.filter((g) => !readable.has(Number(g)));
    send(ws, { type: 'subscribed', id: command.id, gateways: [...readable].map(String), refused });
    if (command.getLastData) {
      for (const [gatewayId, last] of await service.lastData([...readable])) {
        send(ws, { type: 'notify', data: { gateway: String(gatewayId), params: last.params, ts: last.ts } });
      }
    }
  }

  /** Stops sending the gateways (of `only`, or all it watches) that the socket's caller may no longer read. */
  async function rejudge(state: Session, only?: Set<number>): Promise<void> {
    const watched = [...state.subscribed].filter((id) => !only || only.has(id));
    if (watched.length === 0) return;
    const readable = await service.readable(state.auth, watched);
    for (const id of watched) {
      if (readable.has(id)) continue;
      state.subscribed.delete(id);
      watchers.get(id)?.delete(state.watcher);
    }
  }

  /** Closes the socket if its token no longer stands (session revoked, account disabled or expired). */
  async function reauthenticate(state: Session): Promise<void> {
    if (!state.token) return;
    try {
      state.auth = await access.authenticateToken(state.token);
    } catch (error) {
      // The database being away proves nothing; the next change or the token's own checks will tell.
      if (isDatabaseUnavailable(error)) return;
      state.watcher.ws.close(SESSION_ENDED_CODE, 'session ended');
      return;
    }
    await rejudge(state);
  }

  function judgeAll(work: (state: Session) => Promise<void>, what: string): void {
    for (const state of sessions)
      work(state).catch((error: unknown) => log.warn({ err: error }, `live socket: ${what} not re-checked`));
  }

  const stopAccess = cluster.subscribe(accessChannel, (change: AccessChange) => {
    if (change.kind === 'session')
      judgeAll(
        async (state) => (state.auth?.sessionId === change.sessionId ? reauthenticate(state) : undefined),
        'session',
      );
    else if (change.kind === 'user')
      judgeAll(
        async (state) => (state.auth?.userId === change.userId ? reauthenticate(state) : undefined),
        'user',
      );
    else judgeAll((state) => rejudge(state), 'access');
  });

  const stopGatewayChanges = cluster.subscribe(gatewayConfigChannel, (change: GatewayConfigChange) => {
    const only = 'all' in change ? undefined : new Set(change.gatewayIds);
    judgeAll((state) => rejudge(state, only), 'gateway ownership');
  });

  const stopListening = bus.onTelemetry((event) => {
    const sockets = watchers.get(event.gatewayId);
    if (!sockets || sockets.size === 0) return;
    // Encoded once for all its watchers.
    const frame = Buffer.from(
      JSON.stringify({
        type: 'notify',
        data: { gateway: String(event.gatewayId), params: event.params, ts: event.ts },
      } satisfies LiveMessage),
    );
    for (const watcher of sockets) notify(watcher, frame);
  });

  return {
    async close() {
      stopListening();
      stopAccess();
      stopGatewayChanges();
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
