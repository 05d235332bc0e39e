import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for AMap's web-service API (v3), speaking its documented shapes: every call takes
 * `key` and answers `{status: '1', info: 'OK', infocode: '10000', …}`, or `status '0'` with
 * `INVALID_USER_KEY` / 10001 for a wrong key. Locations are GCJ-02 'lng,lat' strings and empty
 * fields are `[]`, as AMap sends them.
 */
export interface FakeAmap {
  baseUrl: string;
  /** Every request's path and query, in order. */
  requests: { path: string; query: Record<string, string> }[];
  close(): Promise<void>;
}

/** 60 places called 泵站N, in GCJ-02 around Changping. */
const POIS = Array.from({ length: 60 }, (_, i) => ({
  id: `B0${i}`,
  name: `泵站${i + 1}`,
  address: i === 0 ? [] : `回龙观大街${i + 1}号`,
  location: `${(116.3 + i * 0.001).toFixed(6)},40.080000`,
  pname: '北京市',
  cityname: '北京市',
  adname: '昌平区',
  adcode: '110114',
}));

export async function startFakeAmap(key: string): Promise<FakeAmap> {
  const requests: FakeAmap['requests'] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, query });
    const send = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' });
      response.end(JSON.stringify(body));
    };
    if (query.key !== key) return send({ status: '0', info: 'INVALID_USER_KEY', infocode: '10001' });
    const ok = { status: '1', info: 'OK', infocode: '10000' };
    switch (url.pathname) {
      case '/v3/place/text': {
        const hits = POIS.filter((p) => p.name.includes(query.keywords ?? ''));
        const offset = Number(query.offset ?? 20);
        const page = Number(query.page ?? 1);
        return send({
          ...ok,
          count: String(hits.length),
          pois: hits.slice((page - 1) * offset, page * offset),
        });
      }
      case '/v3/assistant/inputtips':
        return send({
          ...ok,
          count: '2',
          tips: [
            {
              id: 'B01',
              name: `${query.keywords}站`,
              district: '北京市昌平区',
              adcode: '110114',
              location: '116.300000,40.080000',
              address: '回龙观',
            },
            // A bus line or a keyword tip has no location: left out.
            { id: [], name: `${query.keywords}路`, district: [], adcode: [], location: [], address: [] },
          ],
        });
      case '/v3/geocode/geo':
        return send({
          ...ok,
          count: '1',
          geocodes: [
            {
              formatted_address: `北京市昌平区${query.address}`,
              province: '北京市',
              city: '北京市',
              district: '昌平区',
              adcode: '110114',
              location: '116.231204,40.220660',
            },
          ],
        });
      case '/v3/geocode/regeo':
        return send({
          ...ok,
          regeocode: {
            formatted_address: '北京市昌平区城北街道政府街19号',
            addressComponent: { province: '北京市', city: [], district: '昌平区', adcode: '110114' },
          },
        });
      case '/v3/config/district':
        return send({
          ...ok,
          count: '1',
          districts: [
            { adcode: '110114', name: '昌平区', center: '116.231204,40.220660', level: 'district' },
          ],
        });
      default:
        response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
