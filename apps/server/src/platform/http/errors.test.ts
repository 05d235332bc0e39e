import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
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

  it('knows API paths from web routes', () => {
    expect(isApiPath('/iot/users')).toBe(true);
    expect(isApiPath('/data-server/api/v2/x')).toBe(true);
    expect(isApiPath('/openapi.json')).toBe(true);
    expect(isApiPath('/login')).toBe(false);
    expect(isApiPath('/iotx')).toBe(false);
  });
});
