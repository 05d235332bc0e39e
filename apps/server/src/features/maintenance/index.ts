import { AuditType } from '@iot/contracts/audits';
import type { Platform } from '../../platform/platform.js';
import type { AuditsService } from '../audits/index.js';
import { equipmentNamed, runTimeSince } from '../equipment/index.js';
import type { Notification } from '../messages/index.js';
import { PlansRepository } from './plans.repository.js';
import { registerPlanRoutes } from './plans.routes.js';
import { type OnDutyResolver, PlansService } from './plans.service.js';
import { RecordsRepository } from './records.repository.js';
import { registerRecordRoutes } from './records.routes.js';
import { RecordsService } from './records.service.js';
import { StatisticsRepository } from './statistics.repository.js';
import { WorkOrdersRepository } from './work-orders.repository.js';
import { registerWorkOrderRoutes } from './work-orders.routes.js';
import { type OverdueNotice, WorkOrdersService } from './work-orders.service.js';

export type { PlansService, WorkOrdersService };

/** How often orders past due are looked for. */
const OVERDUE_SWEEP_MS = 60_000;
/** How often plans are looked at for occurrences due (and their reminders sent). */
const PLAN_SWEEP_MS = 60_000;
export const PLAN_JOB = 'maintenance plans';

/** China time, YYYY-MM-DD HH:mm (message text). */
const chinaTime = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/** 工单管理: work orders, their one transition table, timeline and the overdue job (decision 0050). */
export function maintenanceFeature(
  platform: Platform,
  deps: {
    notify: (notification: Notification) => Promise<void>;
    audits: AuditsService;
    /** Whoever is on duty in a project at a moment (排班管理): plans may assign their orders to them. */
    onDuty: OnDutyResolver;
  },
): { workOrders: WorkOrdersService; plans: PlansService; start(): void } {
  // The assignees (for a pool order, its creator) hear of it as a maintenance message to them alone.
  const notifyOverdue: OverdueNotice = async (order) => {
    if (order.userIds.length === 0) return;
    await deps.notify({
      projectId: order.projectId,
      type: 'maintenance',
      level: null,
      relationId: order.id,
      userIds: order.userIds,
      variables: {
        equipmentName: `工单${order.code}「${order.title}」`,
        time: chinaTime(order.dueAt),
        detail: order.pool ? '工单已逾期，仍无人执行，请尽快分配' : '工单已逾期，请尽快处理',
      },
    });
  };
  const orders = new WorkOrdersRepository(platform.db, platform.dialect);
  const workOrders = new WorkOrdersService(orders, platform.access, notifyOverdue, deps.audits);
  deps.audits.register(AuditType.WORK_ORDER, workOrders.auditHandler());
  registerWorkOrderRoutes(platform.router, workOrders, platform.files);
  // 维保记录 and 维保统计: read-only views of the same orders (decision 0055).
  registerRecordRoutes(
    platform.router,
    new RecordsService(new RecordsRepository(platform.db), new StatisticsRepository(platform.db), orders),
  );
  platform.jobs.every(
    OVERDUE_SWEEP_MS,
    'work orders overdue',
    async () => void (await workOrders.markOverdue()),
    {
      oneNode: true,
    },
  );
  // 保养计划 (decision 0052): generation is idempotent by its unique key, so oneNode only saves work.
  const plans = new PlansService(
    new PlansRepository(platform.db, platform.dialect),
    deps.audits,
    deps.notify,
    deps.onDuty,
    (projectId, ids) => equipmentNamed(platform.db, projectId, ids),
    (projectId, ids, since) => runTimeSince(platform.db, projectId, ids, since),
  );
  registerPlanRoutes(platform.router, plans);
  platform.jobs.every(
    PLAN_SWEEP_MS,
    PLAN_JOB,
    async () => {
      await plans.generate();
      await plans.sendNotices();
    },
    { oneNode: true },
  );
  return {
    workOrders,
    plans,
    // Catch-up on start (after the seed): occurrences missed while no server ran are generated now, once.
    start: () => void platform.jobs.run(PLAN_JOB),
  };
}
