import { type Page, Permission } from '@iot/contracts';
import type { FromWarningBody, WorkOrderDetail } from '@iot/contracts/maintenance';
import {
  combineReliability,
  type EquipmentReliability,
  MALFUNCTION_MENU,
  type Malfunction,
  type MalfunctionEquipmentOption,
  type MalfunctionEvent,
  type MalfunctionListQuery,
  MalfunctionMessages,
  type MalfunctionOrigin,
  MalfunctionOriginNames,
  type ReliabilityQuery,
  type ReliabilityReport,
  type ReportBody,
  reliability,
} from '@iot/contracts/malfunctions';
import type { Warning } from '@iot/contracts/warnings';
import type { FastifyBaseLogger } from 'fastify';
import type { AccessService, AuthContext } from '../../platform/auth/access.service.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { Notification } from '../messages/index.js';
import type { MalfunctionRow, MalfunctionsRepository, SignalOutcome } from './malfunctions.repository.js';

/** Epoch ms as China time, YYYY-MM-DD HH:mm:ss (message and order text). */
const chinaTime = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

const WORK_ORDER_MENU = 'router-maintenanceTaskList';
const CREATE = 8;

/** What the feature tells: messages to people, and the project's live topic. */
export interface MalfunctionOutlets {
  notify(notification: Notification): Promise<void>;
  publish(projectId: number, event: MalfunctionEvent): void;
}

/** The work-order side of 转工单 (features/maintenance). */
export interface OrderMaker {
  fromMalfunction(
    auth: AuthContext,
    projectId: number,
    malfunctionId: number,
    body: FromWarningBody & { title: string; groupId: number | null; equipmentId: number },
  ): Promise<WorkOrderDetail>;
}

const parsePhotos = (text: string): string[] => {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

export function presentMalfunction(r: MalfunctionRow): Malfunction {
  const startedAt = Number(r.started_at);
  const endedAt = r.ended_at === null ? null : Number(r.ended_at);
  return {
    id: r.id,
    projectId: r.project_id,
    equipmentId: r.equipment_id,
    equipmentName: r.equipment_name,
    equipmentCode: r.equipment_code,
    groupId: r.group_id,
    groupName: r.group_name,
    origin: r.origin as MalfunctionOrigin,
    originName: MalfunctionOriginNames[r.origin as MalfunctionOrigin] ?? r.origin,
    gatewayIndicatorId: r.gateway_indicator_id,
    warningId: r.warning_id,
    description: r.description,
    photos: parsePhotos(r.photos),
    reportedBy: r.reported_by === null ? null : { id: r.reported_by, realname: r.reporter_name ?? '' },
    startedAt,
    endedAt,
    durationMs: endedAt === null ? null : endedAt - startedAt,
    closedBy: r.closed_by === null ? null : { id: r.closed_by, realname: r.closer_name ?? '' },
    closeNote: r.close_note,
    workOrder:
      r.order_id === null ? null : { id: r.order_id, code: r.order_code ?? '', status: r.order_status ?? 0 },
    createdAt: Number(r.created_at),
  };
}

/**
 * 设备故障记录 (docs/decisions/0056-malfunctions.md): opened by the fault signal, by a warning rule
 * marked 设备故障, or by hand; closed the same ways; each opening and closing told once.
 */
export class MalfunctionsService {
  constructor(
    private readonly repository: MalfunctionsRepository,
    private readonly access: AccessService,
    private readonly outlets: MalfunctionOutlets,
    private readonly orders: OrderMaker,
    private readonly log: FastifyBaseLogger,
  ) {}

  async list(projectId: number, query: MalfunctionListQuery): Promise<Page<Malfunction>> {
    const groupIds =
      query.siteId !== undefined && query.siteId !== projectId
        ? await this.repository.subtree(projectId, query.siteId)
        : undefined;
    const page = await this.repository.list(projectId, query, groupIds);
    return { ...page, list: page.list.map(presentMalfunction) };
  }

  async detail(projectId: number, id: number): Promise<Malfunction> {
    const row = await this.repository.get(projectId, id);
    if (!row) throw notFound(MalfunctionMessages.NOT_FOUND);
    return presentMalfunction(row);
  }

  async equipmentOptions(projectId: number): Promise<MalfunctionEquipmentOption[]> {
    return (await this.repository.equipment(projectId)).map((e) => ({
      id: e.id,
      name: e.name,
      code: e.code,
      groupId: e.group_id,
      groupName: e.group_name,
    }));
  }

  /** 上报故障: by hand, with photos; told at once. */
  async report(auth: AuthContext, projectId: number, body: ReportBody): Promise<Malfunction> {
    const now = Date.now();
    const [piece] = await this.repository.equipment(projectId, { equipmentId: body.equipmentId });
    if (!piece) throw badRequest(MalfunctionMessages.EQUIPMENT_NOT_FOUND);
    const startedAt = body.startedAt ?? now;
    // A minute of grace for a phone's clock.
    if (startedAt > now + 60_000) throw badRequest(MalfunctionMessages.STARTED_IN_FUTURE);
    const id = await this.repository.insert({
      project_id: projectId,
      equipment_id: piece.id,
      origin: 'manual',
      gateway_indicator_id: null,
      warning_id: null,
      description: body.description,
      photos: JSON.stringify(body.photos),
      reported_by: auth.userId,
      started_at: Math.min(startedAt, now),
      ended_at: null,
      closed_by: null,
      close_note: '',
      created_at: now,
    });
    return (await this.tell('opened', id))!;
  }

  /** 结束: closed by hand (any origin: a broken sensor should not hold a record open). */
  async close(auth: AuthContext, projectId: number, id: number, note: string): Promise<Malfunction> {
    const row = await this.repository.get(projectId, id);
    if (!row) throw notFound(MalfunctionMessages.NOT_FOUND);
    if (row.ended_at !== null) throw conflict(MalfunctionMessages.ALREADY_CLOSED);
    const at = Math.max(Date.now(), Number(row.started_at));
    if (!(await this.repository.close(projectId, id, at, auth.userId, note)))
      throw conflict(MalfunctionMessages.ALREADY_CLOSED);
    return (await this.tell('closed', id))!;
  }

  /**
   * 删除: a wrong manual report, by its reporter or a holder of the delete bit on 设备故障记录, while
   * no work order was made from it (decision 0059). Signal and warning records are the data's own.
   */
  async remove(auth: AuthContext, projectId: number, id: number): Promise<void> {
    const row = await this.repository.get(projectId, id);
    if (!row) throw notFound(MalfunctionMessages.NOT_FOUND);
    if (row.origin !== 'manual') throw conflict(MalfunctionMessages.DELETE_NOT_MANUAL);
    if (row.reported_by !== auth.userId) {
      try {
        await this.access.authorize(
          auth,
          { menu: MALFUNCTION_MENU, bit: Permission.DELETE, scope: 'project' },
          projectId,
        );
      } catch {
        throw forbidden(MalfunctionMessages.DELETE_FORBIDDEN);
      }
    }
    if (row.order_id !== null) throw conflict(MalfunctionMessages.DELETE_HAS_ORDER);
    if (!(await this.repository.deleteManual(projectId, id)))
      throw conflict(MalfunctionMessages.DELETE_HAS_ORDER);
  }

  /** 转工单: one click; the order carries the equipment, its site and what happened. */
  async toWorkOrder(
    auth: AuthContext,
    projectId: number,
    id: number,
    body: FromWarningBody,
  ): Promise<WorkOrderDetail> {
    try {
      await this.access.authorize(auth, { menu: WORK_ORDER_MENU, bit: CREATE, scope: 'project' }, projectId);
    } catch {
      throw forbidden(MalfunctionMessages.NO_ORDER_PERMISSION);
    }
    const m = await this.detail(projectId, id);
    if (m.workOrder) throw conflict(MalfunctionMessages.HAS_ORDER);
    const facts = [
      `故障：${m.equipmentName}（${m.equipmentCode}）`,
      `来源：${m.originName}`,
      `发生时间：${chinaTime(m.startedAt)}`,
      m.endedAt !== null ? `结束时间：${chinaTime(m.endedAt)}` : '',
      m.description ? `描述：${m.description}` : '',
    ]
      .filter(Boolean)
      .join('\n');
    return this.orders.fromMalfunction(auth, projectId, id, {
      ...body,
      title: body.title || `${m.equipmentName} 故障维修`.slice(0, 64),
      groupId: body.groupId ?? m.groupId,
      equipmentId: m.equipmentId,
      description: body.description ? `${body.description}\n${facts}` : facts,
    });
  }

  async reliability(projectId: number, query: ReliabilityQuery): Promise<ReliabilityReport> {
    const now = Date.now();
    const groupIds =
      query.siteId !== undefined && query.siteId !== projectId
        ? await this.repository.subtree(projectId, query.siteId)
        : undefined;
    const pieces = await this.repository.equipment(projectId, {
      ...(query.equipmentId !== undefined ? { equipmentId: query.equipmentId } : {}),
      ...(groupIds ? { groupIds } : {}),
    });
    const range = { from: query.startTime, to: query.stopTime };
    const intervals = await this.repository.intervals(
      pieces.map((p) => p.id),
      range.from,
      range.to,
    );
    const byPiece = new Map<number, { startedAt: number; endedAt: number | null }[]>();
    for (const i of intervals) {
      const list = byPiece.get(i.equipmentId);
      if (list) list.push(i);
      else byPiece.set(i.equipmentId, [i]);
    }
    const items: EquipmentReliability[] = pieces.map((p) => ({
      equipmentId: p.id,
      equipmentName: p.name,
      equipmentCode: p.code,
      groupName: p.group_name,
      ...reliability(range, byPiece.get(p.id) ?? [], now),
    }));
    items.sort((a, b) => b.failures - a.failures || b.downtimeMs - a.downtimeMs);
    return { items, total: combineReliability(items), now };
  }

  /** One fault-signal point of a piece of equipment (the ingest hook, in arrival order). */
  async signal(point: {
    projectId: number;
    equipmentId: number;
    gatewayIndicatorId: number;
    ts: number;
    on: boolean;
  }): Promise<SignalOutcome> {
    const outcome = await this.repository.applySignal(point, '故障信号报警', Date.now());
    if (outcome && 'opened' in outcome) await this.tell('opened', outcome.opened);
    if (outcome && 'closed' in outcome) await this.tell('closed', outcome.closed);
    return outcome;
  }

  /** A warning raised or released by a rule marked 设备故障, on an indicator bound to equipment. */
  async warning(type: 'raised' | 'released', warning: Warning): Promise<void> {
    if (warning.ruleId === null || warning.gatewayIndicatorId === null) return;
    if (type === 'released') {
      const id = await this.repository.closeForWarning(warning.id, warning.releasedAt ?? Date.now());
      if (id !== undefined) await this.tell('closed', id);
      return;
    }
    if (!(await this.repository.ruleIsFault(warning.ruleId))) return;
    const piece = await this.repository.equipmentOfIndicator(warning.projectId, warning.gatewayIndicatorId);
    if (!piece) return;
    const what = [warning.gatewayAlias, warning.indicatorName].filter(Boolean).join(' ');
    const unit = warning.unit ? ` ${warning.unit}` : '';
    const id = await this.repository.insertForWarning({
      project_id: warning.projectId,
      equipment_id: piece.id,
      origin: 'warning',
      gateway_indicator_id: warning.gatewayIndicatorId,
      warning_id: warning.id,
      description: `预警：${what} 当前值 ${warning.value}${unit}（阈值 ${warning.threshold}${unit}）`.slice(
        0,
        500,
      ),
      photos: '[]',
      reported_by: null,
      started_at: warning.startedAt,
      ended_at: null,
      closed_by: null,
      close_note: '',
      created_at: Date.now(),
    });
    if (id === undefined) return;
    await this.tell('opened', id);
    // Raised and released in one batch: the engine tells both; the release finds it open now.
    if (warning.releasedAt !== null) {
      const closed = await this.repository.closeForWarning(warning.id, warning.releasedAt);
      if (closed !== undefined) await this.tell('closed', closed);
    }
  }

  /** 设备故障通知 / 设备故障解除通知 through the messages dispatcher, and the live topic. */
  private async tell(type: 'opened' | 'closed', id: number): Promise<Malfunction | undefined> {
    const row = await this.repository.byId(id);
    if (!row) return undefined;
    const m = presentMalfunction(row);
    this.outlets.publish(m.projectId, { type, malfunction: m });
    const opened = type === 'opened';
    try {
      await this.outlets.notify({
        projectId: m.projectId,
        type: opened ? 'malfunction' : 'malfunctionRelease',
        level: null,
        relationId: m.id,
        variables: {
          equipmentName: m.equipmentName,
          time: chinaTime(opened ? m.startedAt : (m.endedAt ?? m.startedAt)),
          detail: m.description || m.originName,
        },
      });
    } catch (error) {
      this.log.error({ err: error, malfunction: m.id }, 'malfunction notice failed');
    }
    return m;
  }
}
