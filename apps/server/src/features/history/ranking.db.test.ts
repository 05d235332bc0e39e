import { type RankingItem, TOO_MANY_INDICATORS } from '@iot/contracts/history';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { createGateway, type TestGateway } from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

let t: TestServer;
let token: string;
/** Three gateways over one day from midnight UTC, a point a minute; a fourth without points. */
const start = Date.UTC(2026, 0, 1);
const DAY = 86_400_000;
const MINUTES = 1440;
let low: TestGateway;
let mid: TestGateway;
let high: TestGateway;
let silent: TestGateway;

const indicators = [
  { key: 'cod', type: 'float' as const, decimals: 1 },
  { key: 'status', type: 'text' as const },
];

async function seed(gw: TestGateway, value: (minute: number) => number) {
  const device = {
    gatewayId: gw.id,
    serialNumber: gw.serialNumber,
    projectId: t.server.seeded.demoProjectId!,
  };
  const entries = Array.from({ length: MINUTES }, (_, i) => ({
    ts: start + i * 60_000,
    values: { cod: value(i), status: 'ok' },
  }));
  await t.server.telemetry.ingest.ingest(device, JSON.stringify(entries), start + DAY);
}

beforeAll(async () => {
  t = await startServer();
  const projectId = t.server.seeded.demoProjectId!;
  low = await createGateway(t, projectId, indicators);
  mid = await createGateway(t, projectId, indicators);
  high = await createGateway(t, projectId, indicators);
  silent = await createGateway(t, projectId, indicators);
  // low: 10 all day except a spike of 500 at noon; mid: 20 ± 15 alternating; high: 30 then 40 from noon.
  await seed(low, (i) => (i === 720 ? 500 : 10));
  await seed(mid, (i) => (i % 2 === 0 ? 5 : 35));
  await seed(high, (i) => (i < 720 ? 30 : 40));
  token = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)).access;
});
afterAll(() => t.close());

const rank = (body: Record<string, unknown>, as = token) =>
  t.request<RankingItem[]>('POST', '/data-server/api/v2/gateways/ranking', {
    token: as,
    body: {
      gatewayIds: [low.id, mid.id, high.id, silent.id],
      metrics: ['cod'],
      startTime: start,
      stopTime: start + DAY,
      ...body,
    },
  });

const order = (items: RankingItem[]) =>
  items.map((i) => [
    { [low.id]: 'low', [mid.id]: 'mid', [high.id]: 'high', [silent.id]: 'silent' }[i.gateway],
    i.value,
  ]);

describe('ranking', () => {
  it('ranks gateways by their average over a day, highest first, series without points last', async () => {
    const answer = await rank({ statistic: 'avg', order: 'desc' });
    expect(answer.body.code).toBe(20000);
    expect(order(answer.body.data)).toEqual([
      ['high', 35],
      ['mid', 20],
      ['low', (10 * 1439 + 500) / 1440],
      ['silent', null],
    ]);
    expect(answer.body.data[0]).toEqual({ gateway: String(high.id), metric: 'cod', value: 35, count: 1440 });
    expect(answer.body.data[3]).toEqual({ gateway: String(silent.id), metric: 'cod', value: null, count: 0 });
  });

  it('ranks ascending and by each statistic, reading the hourly rollups once they are computed', async () => {
    await t.server.history.recomputeRollups();
    const cases: [string, 'asc' | 'desc', unknown[]][] = [
      [
        'max',
        'desc',
        [
          ['low', 500],
          ['high', 40],
          ['mid', 35],
          ['silent', null],
        ],
      ],
      [
        'min',
        'asc',
        [
          ['mid', 5],
          ['low', 10],
          ['high', 30],
          ['silent', null],
        ],
      ],
      [
        'range',
        'desc',
        [
          ['low', 490],
          ['mid', 30],
          ['high', 10],
          ['silent', null],
        ],
      ],
      [
        'first',
        'asc',
        [
          ['mid', 5],
          ['low', 10],
          ['high', 30],
          ['silent', null],
        ],
      ],
      [
        'last',
        'desc',
        [
          ['high', 40],
          ['mid', 35],
          ['low', 10],
          ['silent', null],
        ],
      ],
      [
        'sum',
        'asc',
        [
          ['low', 10 * 1439 + 500],
          ['mid', 20 * 1440],
          ['high', 35 * 1440],
          ['silent', null],
        ],
      ],
    ];
    for (const [statistic, direction, expected] of cases) {
      const answer = await rank({ statistic, order: direction });
      expect([statistic, order(answer.body.data)]).toEqual([statistic, expected]);
    }
    const counted = await rank({ statistic: 'count' });
    expect(counted.body.data.map((i) => i.value)).toEqual([1440, 1440, 1440, null]);
  });

  it('ranks a partial range from raw points, keeps the first `limit`, and gives text series null', async () => {
    // 11:30 to 12:30: high is 30 for 30 minutes then 40; low's spike lifts it only to 18.2.
    const answer = await rank({
      startTime: start + 690 * 60_000,
      stopTime: start + 750 * 60_000,
      statistic: 'avg',
      limit: 2,
    });
    expect(order(answer.body.data)).toEqual([
      ['high', 35],
      ['mid', 20],
    ]);
    const lowest = await rank({
      startTime: start + 690 * 60_000,
      stopTime: start + 750 * 60_000,
      order: 'asc',
      limit: 1,
    });
    expect(order(lowest.body.data)).toEqual([['low', (10 * 59 + 500) / 60]]);
    const text = await rank({ metrics: ['status'], statistic: 'max' });
    expect(text.body.data.every((i) => i.value === null && i.count === 0)).toBe(true);
  });

  it('refuses unreadable gateways, too many series and a reversed range', async () => {
    const admin = (await t.login('admin', ADMIN_PASSWORD)).access;
    const other = await t.request<{ projectGroupId: number }>('POST', '/iot/projects', {
      token: admin,
      body: { name: '排名另一项目' },
    });
    const foreign = await createGateway(t, other.body.data.projectGroupId, indicators);
    expect((await rank({ gatewayIds: [low.id, foreign.id] })).status).toBe(403);

    const many = await createGateway(
      t,
      t.server.seeded.demoProjectId!,
      Array.from({ length: 65 }, (_, i) => ({ key: `k${i}`, type: 'float' as const })),
    );
    const tooMany = await rank({ gatewayIds: [many.id], metrics: undefined });
    expect(tooMany.body).toMatchObject({ code: 40000, message: TOO_MANY_INDICATORS });
    expect(String(tooMany.body.data)).toMatch(/^411:/);

    const reversed = await rank({ stopTime: start - 1 });
    expect(reversed.body.message).toBe('stopTime: 结束时间必须晚于开始时间');
  });
});
