import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.js';
import { loadOrCreateSecrets } from './secrets.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'secret-box-'));
  dirs.push(dir);
  return dir;
}

describe('SecretBox', () => {
  const key = Buffer.alloc(32, 7).toString('base64url');

  it('seals differently each time and opens to the plain text', () => {
    const box = new SecretBox(key);
    const a = box.seal('sk-abc');
    const b = box.seal('sk-abc');
    expect(a).not.toBe(b);
    expect(a).not.toContain('sk-abc');
    expect(box.open(a)).toBe('sk-abc');
    expect(box.open(b)).toBe('sk-abc');
  });

  it('refuses another key, an altered text and a short key', () => {
    const sealed = new SecretBox(key).seal('sk-abc');
    expect(() => new SecretBox(Buffer.alloc(32, 8).toString('base64url')).open(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('sk-abd').toString('base64url');
    expect(() => new SecretBox(key).open(parts.join('.'))).toThrow();
    expect(() => new SecretBox('c2hvcnQ')).toThrow(/32 bytes/);
  });
});

describe('loadOrCreateSecrets', () => {
  it('adds the data key to an older secrets file and keeps it across starts', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'secrets.json'), JSON.stringify({ tokenSigningKey: 'old-signing-key' }));
    const first = loadOrCreateSecrets(dir, {});
    expect(first.tokenSigningKey).toBe('old-signing-key');
    expect(Buffer.from(first.dataEncryptionKey, 'base64url')).toHaveLength(32);
    expect(loadOrCreateSecrets(dir, {})).toEqual(first);
    const stored = JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8')) as Record<string, string>;
    expect(stored).toEqual(first);
  });

  it('stores nothing that was configured', () => {
    const dir = tempDir();
    const configured = {
      tokenSigningKey: 'given',
      dataEncryptionKey: Buffer.alloc(32, 1).toString('base64url'),
    };
    expect(loadOrCreateSecrets(dir, configured)).toEqual(configured);
    expect(() => readFileSync(path.join(dir, 'secrets.json'))).toThrow();
  });
});
