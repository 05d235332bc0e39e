import type { FastifyBaseLogger } from 'fastify';
import type { PlatformClient } from './provision.js';

const MINUTE = 60_000;

/**
 * The demo plant's malfunction records (decision 0056): one closed (the pump under maintenance,
 * reported hours ago and closed with what was done) and one still open (a blower), so 设备故障记录
 * shows both and MTBF / MTTR have figures. Made on any start while the project has none, after the
 * equipment; a failure is logged, never stops the demo. The demo's signals have no fault signal
 * bound, so no malfunction opens by itself.
 */
export async function stockDemoMalfunctions(
  client: PlatformClient,
  projectId: number,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    const base = `/iot/groups/${projectId}/malfunctions`;
    if ((await client.call<{ total: number }>('GET', `${base}?size=1`)).total > 0) return;
    const pieces = await client.call<{ id: number; code: string }[]>('GET', `${base}/equipmentOptions`);
    const idOf = (code: string) => pieces.find((p) => p.code === code)?.id;
    const now = Date.now();
    const pump = idOf('TS-02');
    if (pump !== undefined) {
      const closed = await client.call<{ id: number }>('POST', base, {
        equipmentId: pump,
        description: '机械密封渗漏，泵坑积水，电流波动',
        startedAt: now - 195 * MINUTE,
      });
      await client.call('PUT', `${base}/${closed.id}/close`, { note: '已停泵隔离，机械密封返厂检修' });
    }
    const blower = idOf('GF-01');
    if (blower !== undefined)
      await client.call('POST', base, {
        equipmentId: blower,
        description: '出口压力波动，轴承振动偏大',
        startedAt: now - 42 * MINUTE,
      });
    log.info('demo malfunctions made');
  } catch (error) {
    log.warn({ err: error }, 'demo malfunctions not made');
  }
}
