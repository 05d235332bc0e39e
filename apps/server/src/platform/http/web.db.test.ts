import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/server.js';

/** The built web app as the server sends it: precompressed when the browser accepts it, cached by name. */
let t: TestServer;
let dist: string;
const script = `console.log(${JSON.stringify('物联网'.repeat(2000))});`;

/** A raw GET (no automatic decompression), answering status, headers and body bytes. */
function fetchRaw(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      }).on('error', reject);
    },
  );
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'iot-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>平台</title>');
  writeFileSync(path.join(dist, 'assets', 'app-1a2b.js'), script);
  writeFileSync(path.join(dist, 'assets', 'app-1a2b.js.br'), brotliCompressSync(script));
  t = await startServer({ webDist: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the web app', () => {
  it('sends the precompressed asset to a browser that accepts brotli, and caches hashed assets for good', async () => {
    const br = await fetchRaw(`${t.baseUrl}/assets/app-1a2b.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(Buffer.byteLength(script) / 4);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await fetchRaw(`${t.baseUrl}/assets/app-1a2b.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('never caches the page itself, at its own address or as the fallback of a screen', async () => {
    for (const address of ['/', '/projects/groups/1/warningList']) {
      const page = await fetchRaw(`${t.baseUrl}${address}`);
      expect(page.status).toBe(200);
      expect(page.body.toString()).toContain('<title>平台</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });
});
