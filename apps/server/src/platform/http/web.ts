import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { Messages, ResultCode } from '@iot/contracts';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './errors.js';

/**
 * Serves the built web app (with history-API fallback to index.html) when it exists; until the
 * web client is built, a minimal page that says what runs here and where the API is described.
 */
export async function serveWeb(app: FastifyInstance, webDist: string, systemName: string): Promise<void> {
  const hasWebApp = existsSync(path.join(webDist, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // The build writes .br and .gz beside each asset (apps/web/precompress.ts).
      preCompressed: true,
      setHeaders(reply, file) {
        // Hashed names change with their content: cache them for good; the page itself, never.
        reply.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || request.method !== 'GET') {
      return reply.status(404).send({ code: ResultCode.ERROR, message: Messages.NOT_FOUND, data: null });
    }
    if (hasWebApp) return reply.sendFile('index.html');
    return reply.type('text/html; charset=utf-8').send(minimalPage(systemName));
  });
}

function minimalPage(systemName: string): string {
  const escaped = systemName.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>${escaped}</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2937}
code{background:#f3f4f6;padding:.1rem .3rem;border-radius:4px}</style></head>
<body><h1>${escaped}</h1>
<p>服务端已运行。网页客户端尚未构建：构建后（<code>npm start</code>）将在此处提供登录与各功能页面。</p>
<p>接口说明：<a href="/openapi.json">/openapi.json</a>（OpenAPI 3）。登录：<code>POST /iot/oauth/token</code>。</p>
</body></html>`;
}
