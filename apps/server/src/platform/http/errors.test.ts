import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { rethrowDatabaseError } from '../db/outage.js';
import { badRequest } from '../errors.js';
import { installErrorHandler, isApiPath } from './errors.js';

describe('error renderer', () => {
  it('answers an unexpected error with 40000 and the request id, never its internals', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { stream: { write: (line: string) => lines.push(line) } } });
    installErrorHandler(app);
    app.get('/boom', async () => {
      throw new Error('database password is hunter2');
    });
    app.get('/spec', async () => {
      throw badRequest('名称已存在', { field: 'name' });
    });
    const boom = await app.inject({ method: 'GET', url: '/boom' });
    expect(boom.statusCode).toBe(500);
    const body = boom.json() as { code: number; message: string; data: { requestId: string } };
    expect(body).toMatchObject({ code: 40000, message: '系统异常,请联系管理员!' });
    expect(boom.body).not.toContain('hunter2');
    expect(lines.some((line) => line.includes(body.data.requestId) && line.includes('hunter2'))).toBe(true);

    const spec = await app.inject({ method: 'GET', url: '/spec' });
    expect(spec.statusCode).toBe(400);
    expect(spec.json()).toEqual({ code: 40000, message: '名称已存在', data: { field: 'name' } });
    await app.close();
  });

  it('answers 503 with a clear message while the database is away, and only then', async () => {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    const refused = () =>
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    // As the PostgreSQL driver hands it over (connect.ts marks it) …
    app.get('/database', async () => {
      try {
        throw refused();
      } catch (error) {
        rethrowDatabaseError(error);
      }
    });
    // … and a failure with the same code from somewhere else (a webhook's address).
    app.get('/elsewhere', async () => {
      throw refused();
    });
    const away = await app.inject({ method: 'GET', url: '/database' });
    expect(away.statusCode).toBe(503);
    expect(away.headers['retry-after']).toBe('5');
    expect(away.json()).toEqual({ code: 40000, message: '数据库暂时不可用，请稍后再试', data: null });
    const elsewhere = await app.inject({ method: 'GET', url: '/elsewhere' });
    expect(elsewhere.statusCode).toBe(500);
    await app.close();
  });

  it('knows API paths from web routes', () => {
    expect(isApiPath('/iot/users')).toBe(true);
    expect(isApiPath('/data-server/api/v2/x')).toBe(true);
    expect(isApiPath('/openapi.json')).toBe(true);
    expect(isApiPath('/login')).toBe(false);
    expect(isApiPath('/iotx')).toBe(false);
  });
});
