import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';

export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer, url: URL) => void;

/**
 * Routes HTTP upgrades (WebSocket handshakes) by path to the socket servers that own them: the
 * live data socket and, later, the STOMP message socket. Other paths are refused.
 */
export class UpgradeRouter {
  private readonly handlers = new Map<string, UpgradeHandler>();

  constructor(app: FastifyInstance) {
    app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const handler = this.handlers.get(url.pathname);
      if (handler) handler(request, socket, head, url);
      else refuseUpgrade(socket, 404, 'Not Found');
    });
  }

  on(path: string, handler: UpgradeHandler): void {
    this.handlers.set(path, handler);
  }
}

export function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
