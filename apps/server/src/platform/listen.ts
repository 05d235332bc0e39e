import type { Server } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Listens on `port`; when that port is taken and `tryNextPorts` allows, on the next free one
 * (a default port held by another program on this machine, say Mosquitto on 1883). Answers the
 * port in use. Port 0 picks any free port.
 */
export async function listenWithFallback(
  server: Server,
  options: { port: number; host: string; tryNextPorts?: number; name: string },
  log: FastifyBaseLogger,
): Promise<number> {
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  for (let attempt = 0; ; attempt++) {
    try {
      await listen(options.port === 0 ? 0 : options.port + attempt);
      break;
    } catch (error) {
      const inUse = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (!inUse || attempt >= (options.tryNextPorts ?? 0)) throw error;
      log.warn({ port: options.port + attempt }, `${options.name} port in use, trying the next one`);
    }
  }
  const address = server.address();
  return typeof address === 'object' && address ? address.port : options.port;
}
