import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for OpenCelliD's cell API, speaking its documented shape:
 * `GET /cell/get?key=&mcc=&mnc=&lac=&cellid=&format=json` answers
 * `{lat, lon, mcc, mnc, lac, cellid, averageSignalStrength, range, samples, changeable, radio}`, or
 * `{error, code}`: 1 "Cell not found", 2 for a key it does not accept.
 */
export interface FakeOpenCellid {
  baseUrl: string;
  /** Every request's path and query, in order. */
  requests: { path: string; query: Record<string, string> }[];
  /** While true every request fails with HTTP 503 (the service down). */
  failing: boolean;
  close(): Promise<void>;
}

export interface FakeCell {
  mcc: number;
  mnc: number;
  lac: number;
  cellid: number;
  lat: number;
  lon: number;
  range: number;
}

export async function startFakeOpenCellid(key: string, cells: FakeCell[]): Promise<FakeOpenCellid> {
  const requests: FakeOpenCellid['requests'] = [];
  const fake = { failing: false } as FakeOpenCellid;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, query });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    if (fake.failing) return send(503, { error: 'Service unavailable', code: 5 });
    if (url.pathname !== '/cell/get') return send(404, { error: 'Not found', code: 404 });
    if (query.key !== key) return send(200, { error: 'Invalid API key', code: 2 });
    const cell = cells.find(
      (c) =>
        String(c.mcc) === query.mcc &&
        String(c.mnc) === query.mnc &&
        String(c.lac) === query.lac &&
        String(c.cellid) === query.cellid,
    );
    if (!cell) return send(200, { error: 'Cell not found', code: 1 });
    return send(200, {
      ...cell,
      averageSignalStrength: -85,
      samples: 12,
      changeable: 1,
      radio: 'LTE',
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
