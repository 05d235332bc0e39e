import { createServer, type Server, type Socket } from 'node:net';
import { generate, type Packet, parser as packetParser } from 'mqtt-packet';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { MqttSession } from './session.js';

const PROTOCOL = { protocolVersion: 5 } as const;

/**
 * A broker that is alive but slow to answer pings: it accepts the session, then streams QoS 1
 * PUBLISHes and never sends PINGRESP (as a broker does whose PINGRESP waits behind a backlog).
 */
async function busyBroker() {
  const sockets: Socket[] = [];
  let connections = 0;
  let pings = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    sockets.push(socket);
    const parser = packetParser(PROTOCOL);
    let stream: NodeJS.Timeout | undefined;
    socket.on('data', (chunk) => parser.parse(chunk));
    socket.on('close', () => clearInterval(stream));
    socket.on('error', () => {});
    parser.on('packet', (packet: Packet) => {
      if (packet.cmd === 'connect')
        socket.write(generate({ cmd: 'connack', reasonCode: 0, sessionPresent: false }, PROTOCOL));
      if (packet.cmd === 'subscribe') {
        socket.write(generate({ cmd: 'suback', messageId: packet.messageId, granted: [1] }, PROTOCOL));
        let id = 0;
        stream = setInterval(() => {
          id = (id % 65_535) + 1;
          socket.write(
            generate(
              {
                cmd: 'publish',
                topic: 'gateways/s1/telemetry',
                payload: '{}',
                qos: 1,
                dup: false,
                retain: false,
                messageId: id,
              },
              PROTOCOL,
            ),
          );
        }, 50);
      }
      if (packet.cmd === 'pingreq') pings += 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `mqtt://127.0.0.1:${port}`,
    get connections() {
      return connections;
    },
    get pings() {
      return pings;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('MqttSession keep-alive', () => {
  let cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.reverse()) await step();
    cleanup = [];
  });

  it('keeps a connection whose broker sends packets but answers pings late', async () => {
    const broker = await busyBroker();
    cleanup.push(broker.close);
    let received = 0;
    const session = new MqttSession({
      url: broker.url,
      clientId: 'node-1',
      sessionExpirySeconds: 60,
      receiveMaximum: 100,
      keepaliveSeconds: 1,
      subscriptions: ['gateways/+/telemetry'],
      onMessage: async () => {
        received += 1;
      },
      log: pino({ level: 'silent' }),
    });
    await session.start();
    cleanup.push(() => session.close());
    // Three keep-alive periods: with pings judged by PINGRESP alone it reconnected after two.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(broker.pings).toBeGreaterThanOrEqual(2);
    expect(received).toBeGreaterThan(20);
    expect(broker.connections).toBe(1);
  });
});
