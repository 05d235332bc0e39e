import { AuditType } from '@iot/contracts/audits';
import type { Platform } from '../../platform/platform.js';
import type { AuditsService } from '../audits/index.js';
import type { Notification } from '../messages/index.js';
import { WorkOrdersRepository } from './work-orders.repository.js';
import { registerWorkOrderRoutes } from './work-orders.routes.js';
import { type OverdueNotice, WorkOrdersService } from './work-orders.service.js';

export type { WorkOrdersService };

/** How often orders past due are looked for. */
const OVERDUE_SWEEP_MS = 60_000;

/** China time, YYYY-MM-DD HH:mm (message text). */
const chinaTime = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/** 工单管理: work orders, their one transition table, timeline and the overdue job (decision 0050). */
export function maintenanceFeature(
  platform: Platform,
  deps: { notify: (notification: Notification) => Promise<void>; audits: AuditsService },
): { workOrders: WorkOrdersService } {
  // The assignees hear of it as a maintenance message addressed to them alone.
  const notifyOverdue: OverdueNotice = async (order) => {
    if (order.assigneeIds.length === 0) return;
    await deps.notify({
      projectId: order.projectId,
      type: 'maintenance',
      level: null,
      relationId: order.id,
      userIds: order.assigneeIds,
      variables: {
        equipmentName: `工单${order.code}「${order.title}」`,
        time: chinaTime(order.dueAt),
        detail: '工单已逾期，请尽快处理',
      },
    });
  };
  const workOrders = new WorkOrdersService(
    new WorkOrdersRepository(platform.db),
    platform.access,
    notifyOverdue,
    deps.audits,
  );
  deps.audits.register(AuditType.WORK_ORDER, workOrders.auditHandler());
  registerWorkOrderRoutes(platform.router, workOrders);
  platform.jobs.every(
    OVERDUE_SWEEP_MS,
    'work orders overdue',
    async () => void (await workOrders.markOverdue()),
    {
      oneNode: true,
    },
  );
  return { workOrders };
}
