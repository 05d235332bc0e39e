import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Client ids held by servers of this process (tests and benchmarks run several nodes in one). */
const heldHere = new Set<string>();

export interface ClaimedClientId {
  id: string;
  /** Lets another server (or the next start) take the id. */
  release(): void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The MQTT client id of this node on an external broker. The broker keeps the node's session (its
 * shared subscription and the messages queued for it) under this id while the node reconnects or
 * restarts, so it must stay the same across restarts and must never be used by two nodes at once:
 * the broker would hand the session back and forth and each node would lose what the other had in
 * flight. `configured` (MQTT_CLIENT_ID) wins; otherwise an id is generated once and kept in
 * DATA_DIR. Several nodes on one DATA_DIR (one machine) each claim a numbered slot of that id
 * through a lock file naming their process; a lock left by a process that is gone is taken over.
 */
export function claimClientId(dataDir: string, configured: string | undefined): ClaimedClientId {
  if (configured) {
    if (heldHere.has(configured))
      throw new Error(`MQTT client id "${configured}" is already used by another server in this process`);
    heldHere.add(configured);
    return { id: configured, release: () => heldHere.delete(configured) };
  }
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'mqtt-client-id');
  let base = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (!base) {
    base = `iot-server-${randomBytes(6).toString('hex')}`;
    writeFileSync(file, `${base}\n`);
  }
  for (let slot = 1; ; slot++) {
    const id = slot === 1 ? base : `${base}-${slot}`;
    const lock = path.join(dataDir, `mqtt-client-id.${slot}.lock`);
    if (heldHere.has(id)) continue;
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
    } catch {
      const holder = Number(readFileSync(lock, 'utf8'));
      // Our own pid here is a previous run's (a container restarts with the same pid), not a live holder.
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) continue;
      writeFileSync(lock, String(process.pid));
    }
    heldHere.add(id);
    return {
      id,
      release() {
        heldHere.delete(id);
        try {
          if (Number(readFileSync(lock, 'utf8')) === process.pid) unlinkSync(lock);
        } catch {
          // Already gone.
        }
      },
    };
  }
}
