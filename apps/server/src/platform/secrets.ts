import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Secrets {
  /** HS256 key of the access tokens, base64url. */
  tokenSigningKey: string;
  /** AES-256-GCM key of secrets stored in the database (platform/secret-box.ts), base64url. */
  dataEncryptionKey: string;
}

const GENERATORS: Record<keyof Secrets, () => string> = {
  tokenSigningKey: () => randomBytes(48).toString('base64url'),
  dataEncryptionKey: () => randomBytes(32).toString('base64url'),
};

/**
 * Secrets that were not configured are generated on first start and kept in DATA_DIR
 * (mode 0600), so restarts keep sessions valid and nothing secret lives in the repository.
 */
export function loadOrCreateSecrets(dataDir: string, configured: Partial<Secrets>): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  const secrets = {} as Secrets;
  const toStore: Partial<Secrets> = { ...stored };
  let changed = false;
  for (const name of Object.keys(GENERATORS) as (keyof Secrets)[]) {
    secrets[name] = configured[name] ?? stored[name] ?? GENERATORS[name]();
    if (!configured[name] && stored[name] !== secrets[name]) {
      toStore[name] = secrets[name];
      changed = true;
    }
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(toStore, null, 2), { mode: 0o600 });
  }
  return secrets;
}
