import { connect } from 'node:net';

/** The machine's Mosquitto (127.0.0.1:1883) stands in for an external broker cluster in tests. */
export const MOSQUITTO_URL = 'mqtt://127.0.0.1:1883';

/** Whether that broker answers; tests that need it are skipped on a machine without one. */
export function mosquittoReachable(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: 1883 });
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
