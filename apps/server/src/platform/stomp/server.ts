import { Messages } from '@iot/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import type { AccessService, AuthContext } from '../auth/access.service.js';
import { isDatabaseUnavailable } from '../db/outage.js';
import type { UpgradeRouter } from '../http/upgrade.js';
import { type Frame, FrameError, FrameReader, MAX_FRAME_BYTES, serialize } from './frames.js';

/** What the application decides: who may subscribe where. */
export interface StompRules {
  canSubscribe(auth: AuthContext, destination: string): Promise<boolean>;
}

export interface StompServer {
  /** Sends `body` (JSON) to every subscription on `destination`, on this node; answers how many got it. */
  deliver(destination: string, body: unknown, headers?: Record<string, string>): number;
  /** Checks every session's token again: a revoked, deactivated or expired account is told and closed. */
  recheckSessions(): Promise<void>;
  /** The same for one user's sessions on this node (their account or sessions just changed). */
  recheckUser(userId: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * What the spec's web client reads in the socket's body when its account stops working
 * (feature-areas §8: "Socket body 'account is deactivate' …").
 */
export const ACCOUNT_NOTICES: Record<string, string> = {
  [Messages.ACCOUNT_DEACTIVATED]: 'account is deactivate',
  [Messages.ACCOUNT_EXPIRED_OPERATION]: 'account is expired',
};

/** The heart-beat this server offers and asks for, in ms (STOMP negotiates the larger of each pair). */
const HEART_BEAT = 10_000;

interface Session {
  ws: WebSocket;
  token: string | undefined;
  auth: AuthContext | null;
  /** subscription id → destination */
  subscriptions: Map<string, string>;
  lastReceived: number;
  timers: NodeJS.Timeout[];
  /** Set by the first ERROR or DISCONNECT: nothing more is handled or sent but the close. */
  ending: boolean;
}

/**
 * STOMP 1.2 over WebSocket at `/socket?token=…` (docs/decisions/0017-stomp-socket.md): CONNECT
 * (or STOMP), SUBSCRIBE, UNSUBSCRIBE, DISCONNECT, receipts and heart-beats. The server only
 * pushes: clients subscribe where the rules allow and get MESSAGE frames; SEND, transactions and
 * malformed frames answer ERROR and close, as STOMP requires.
 */
export function startStompServer(
  upgrades: UpgradeRouter,
  access: AccessService,
  rules: StompRules,
  log: FastifyBaseLogger,
): StompServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const sessions = new Set<Session>();
  let messageId = 0;

  upgrades.on('/socket', (request, socket, head, url) => {
    const token = url.searchParams.get('token') ?? undefined;
    wss.handleUpgrade(request, socket, head, (ws) => open(ws, token));
  });

  function write(session: Session, frame: Frame): void {
    if (!session.ending && session.ws.readyState === session.ws.OPEN) session.ws.send(serialize(frame));
  }

  /**
   * The account stopped working (deactivated or expired): the spec's text is the body of a MESSAGE
   * on each of the session's subscriptions (the message channel the client listens to), then of
   * the ERROR that ends the session (decision 0044).
   */
  function closeAccount(session: Session, notice: string): void {
    for (const [id, destination] of session.subscriptions) {
      messageId += 1;
      write(session, {
        command: 'MESSAGE',
        headers: {
          subscription: id,
          'message-id': String(messageId),
          destination,
          'content-type': 'text/plain',
        },
        body: notice,
      });
    }
    fail(session, notice, notice);
  }

  /** ERROR, then close: a STOMP server must close the connection after an ERROR frame. */
  function fail(session: Session, message: string, detail = '', receipt?: string): void {
    write(session, {
      command: 'ERROR',
      headers: { message, 'content-type': 'text/plain', ...(receipt ? { 'receipt-id': receipt } : {}) },
      body: detail,
    });
    end(session);
  }

  function end(session: Session): void {
    session.ending = true;
    for (const timer of session.timers) clearInterval(timer);
    sessions.delete(session);
    // Let the ERROR or RECEIPT go out before the close.
    setTimeout(() => session.ws.close(1000), 50).unref();
  }

  /**
   * The database is away: the connection is cut without an ERROR or a close frame, which clients
   * (stompjs, the web app) take as a network failure and reconnect after their delay — an ERROR
   * would end them for good (decision 0027).
   */
  function dropForRetry(session: Session, error: unknown): void {
    log.warn({ err: error }, 'stomp session dropped: database unavailable');
    session.ending = true;
    for (const timer of session.timers) clearInterval(timer);
    sessions.delete(session);
    session.ws.terminate();
  }

  function open(ws: WebSocket, token: string | undefined): void {
    const session: Session = {
      ws,
      token,
      auth: null,
      subscriptions: new Map(),
      lastReceived: Date.now(),
      timers: [],
      ending: false,
    };
    const reader = new FrameReader();
    // A client that never says CONNECT is closed.
    const connectTimer = setTimeout(() => {
      if (!session.auth) fail(session, 'CONNECT expected');
    }, 10_000);
    session.timers.push(connectTimer);
    let queue = Promise.resolve();
    ws.on('message', (data: Buffer) => {
      session.lastReceived = Date.now();
      let frames: (Frame | null)[];
      try {
        frames = reader.push(data);
      } catch (error) {
        fail(session, 'malformed frame', error instanceof FrameError ? error.message : '');
        return;
      }
      // Frames are handled in order, one at a time (CONNECT and SUBSCRIBE wait for the database).
      for (const frame of frames) {
        if (frame)
          queue = queue.then(() =>
            sessions.has(session) || !session.auth ? handle(session, frame) : undefined,
          );
      }
      queue = queue.catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) return dropForRetry(session, error);
        log.error({ err: error }, 'stomp frame failed');
        fail(session, 'server error');
      });
    });
    ws.on('close', () => {
      clearTimeout(connectTimer);
      for (const timer of session.timers) clearInterval(timer);
      sessions.delete(session);
    });
    ws.on('error', () => ws.terminate());
  }

  async function handle(session: Session, frame: Frame): Promise<void> {
    const receipt = frame.headers.receipt;
    if (!session.auth) {
      if (frame.command !== 'CONNECT' && frame.command !== 'STOMP') return fail(session, 'CONNECT expected');
      return connect(session, frame);
    }
    switch (frame.command) {
      case 'SUBSCRIBE': {
        const { id, destination } = frame.headers;
        if (!id || !destination) return fail(session, 'SUBSCRIBE needs id and destination', '', receipt);
        if (!(await rules.canSubscribe(session.auth, destination))) {
          return fail(session, `无权订阅 ${destination}`, '', receipt);
        }
        session.subscriptions.set(id, destination);
        break;
      }
      case 'UNSUBSCRIBE':
        if (!frame.headers.id) return fail(session, 'UNSUBSCRIBE needs id', '', receipt);
        session.subscriptions.delete(frame.headers.id);
        break;
      case 'ACK':
      case 'NACK':
        // Subscriptions are ack:auto; acknowledgements have nothing to settle.
        break;
      case 'DISCONNECT':
        if (receipt) write(session, { command: 'RECEIPT', headers: { 'receipt-id': receipt }, body: '' });
        return end(session);
      default:
        return fail(
          session,
          `${frame.command} is not supported`,
          'this endpoint only pushes messages',
          receipt,
        );
    }
    if (receipt) write(session, { command: 'RECEIPT', headers: { 'receipt-id': receipt }, body: '' });
  }

  async function connect(session: Session, frame: Frame): Promise<void> {
    const versions = (frame.headers['accept-version'] ?? '1.0').split(',');
    if (!versions.includes('1.2')) {
      write(session, { command: 'ERROR', headers: { version: '1.2', message: 'STOMP 1.2 only' }, body: '' });
      return end(session);
    }
    // The token comes in the address (the spec's client) or as a bearer header of CONNECT.
    const bearer = frame.headers.Authorization ?? frame.headers.authorization;
    const token = session.token ?? (bearer?.startsWith('Bearer ') ? bearer.slice(7) : frame.headers.passcode);
    if (!token) return fail(session, 'token required');
    try {
      session.auth = await access.authenticateToken(token);
      session.token = token;
    } catch (error) {
      if (isDatabaseUnavailable(error)) return dropForRetry(session, error);
      const notice = error instanceof Error ? ACCOUNT_NOTICES[error.message] : undefined;
      return notice ? closeAccount(session, notice) : fail(session, 'invalid token');
    }
    const [cx = 0, cy = 0] = (frame.headers['heart-beat'] ?? '0,0').split(',').map(Number);
    const sendEvery = cy > 0 ? Math.max(HEART_BEAT, cy) : 0;
    const expectEvery = cx > 0 ? Math.max(HEART_BEAT, cx) : 0;
    write(session, {
      command: 'CONNECTED',
      headers: { version: '1.2', 'heart-beat': `${HEART_BEAT},${HEART_BEAT}`, server: 'iot-platform' },
      body: '',
    });
    sessions.add(session);
    if (sendEvery > 0) {
      session.timers.push(
        setInterval(() => {
          if (session.ws.readyState === session.ws.OPEN) session.ws.send('\n');
        }, sendEvery),
      );
    }
    if (expectEvery > 0) {
      // A client silent for twice its heart-beat is gone.
      session.timers.push(
        setInterval(() => {
          if (Date.now() - session.lastReceived > 2 * expectEvery) {
            for (const timer of session.timers) clearInterval(timer);
            sessions.delete(session);
            session.ws.terminate();
          }
        }, expectEvery),
      );
    }
  }

  /** Checks the tokens of the chosen sessions: a revoked, deactivated or expired account is told and closed. */
  const recheck = async (chosen: (session: Session) => boolean) => {
    for (const session of [...sessions]) {
      if (!session.token || !chosen(session)) continue;
      try {
        await access.authenticateToken(session.token);
      } catch (error) {
        // Nothing is known about the account while the database is away: the next re-check decides.
        if (isDatabaseUnavailable(error)) continue;
        const notice = error instanceof Error ? ACCOUNT_NOTICES[error.message] : undefined;
        if (notice) closeAccount(session, notice);
        else fail(session, 'token expired');
      }
    }
  };

  return {
    deliver(destination, body, headers = {}) {
      const text = JSON.stringify(body);
      let count = 0;
      for (const session of sessions) {
        for (const [id, subscribed] of session.subscriptions) {
          if (subscribed !== destination) continue;
          messageId += 1;
          write(session, {
            command: 'MESSAGE',
            headers: {
              subscription: id,
              'message-id': String(messageId),
              destination,
              'content-type': 'application/json',
              ...headers,
            },
            body: text,
          });
          count += 1;
        }
      }
      return count;
    },
    recheckSessions: () => recheck(() => true),
    recheckUser: (userId) => recheck((session) => session.auth?.userId === userId),
    async close() {
      for (const session of sessions) {
        for (const timer of session.timers) clearInterval(timer);
        session.ws.terminate();
      }
      sessions.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
