import type { FastifyBaseLogger } from 'fastify';
import { DEMO_ACCOUNTS } from '../seed.js';
import type { PlatformClient } from './provision.js';

/**
 * Work orders of the demo plant's equipment, so the equipment detail's 工单 and 维保记录 tabs and the
 * site home's 未完成工单 show something (decision 0051): the pump's closed malfunction became an
 * order that was done and accepted (a 维保记录), the blower's ongoing one an order still to allocate.
 * Made through the API like the malfunctions, on any start while the pump has no order; a failure is
 * logged, never stops the demo.
 */
export async function stockDemoEquipmentWork(
  client: PlatformClient,
  operator: PlatformClient,
  projectId: number,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    const group = `/iot/groups/${projectId}`;
    const pieces = await client.call<{ id: number; code: string }[]>(
      'GET',
      `${group}/malfunctions/equipmentOptions`,
    );
    const idOf = (code: string) => pieces.find((p) => p.code === code)?.id;
    const pump = idOf('TS-02');
    const blower = idOf('GF-01');
    if (pump === undefined) return;
    if (
      (await client.call<{ total: number }>('GET', `${group}/workOrders?equipmentId=${pump}&size=1`)).total >
      0
    )
      return;
    const people = await client.call<{ id: number; username: string }[]>(
      'GET',
      `${group}/workOrders/assigneeOptions`,
    );
    const worker = people.find((p) => p.username === DEMO_ACCOUNTS.operator.username)?.id;
    const firstOf = async (equipmentId: number, state: string) =>
      (
        await client.call<{ list: { id: number; workOrder: unknown }[] }>(
          'GET',
          `${group}/malfunctions?equipmentId=${equipmentId}&state=${state}&size=1`,
        )
      ).list[0];
    const closed = await firstOf(pump, 'closed');
    if (closed && !closed.workOrder && worker !== undefined) {
      const order = await client.call<{ id: number }>(
        'POST',
        `${group}/malfunctions/${closed.id}/workOrder`,
        {
          title: '2号提升泵机械密封更换',
          priority: 1,
          assigneeIds: [worker],
        },
      );
      const step = (who: PlatformClient, action: string, body: object = { note: '' }) =>
        who.call('PUT', `${group}/workOrders/${order.id}/${action}`, body);
      await step(operator, 'start');
      await step(operator, 'submitResolved', {
        checklist: [
          { item: '机械密封更换', ok: true },
          { item: '试运行无渗漏', ok: true },
        ],
        measurements: [{ name: '运行电流', value: 38.6, unit: 'A' }],
        result: '更换机械密封与O型圈，试运行 30 分钟无渗漏，电流平稳',
      });
      // Nobody checks their own work: the administrator accepts the operator's.
      await step(client, 'acceptPass', { note: '现场确认无渗漏' });
    }
    if (blower !== undefined) {
      const open = await firstOf(blower, 'open');
      if (open && !open.workOrder)
        await client.call('POST', `${group}/malfunctions/${open.id}/workOrder`, {});
    }
    log.info('demo equipment work orders made');
  } catch (error) {
    log.warn({ err: error }, 'demo equipment work orders not made');
  }
}
