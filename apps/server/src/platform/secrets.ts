import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Secrets {
  /** HS256 key of the access tokens, base64url. */
  tokenSigningKey: string;
}

/**
 * Secrets that were not configured are generated on first start and kept in DATA_DIR
 * (mode 0600), so restarts keep sessions valid and nothing secret lives in the repository.
 */
export function loadOrCreateSecrets(dataDir: string, configured: Partial<Secrets>): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  const secrets: Secrets = {
    tokenSigningKey:
      configured.tokenSigningKey ?? stored.tokenSigningKey ?? randomBytes(48).toString('base64url'),
  };
  if (!configured.tokenSigningKey && stored.tokenSigningKey !== secrets.tokenSigningKey) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify({ ...stored, tokenSigningKey: secrets.tokenSigningKey }, null, 2), {
      mode: 0o600,
    });
  }
  return secrets;
}
