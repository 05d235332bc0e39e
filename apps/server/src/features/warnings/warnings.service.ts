import type { PageQuery } from '@iot/contracts';
import {
  type BulkRuleBody,
  bulkRuleBody,
  type HandleStatus,
  type RuleBody,
  WATER_QUALITY_TEMPLATES,
  type WarningListQuery,
  WarningMessages,
  type WaterQualityApplyBody,
} from '@iot/contracts/warnings';
import { badRequest, notFound } from '../../platform/errors.js';
import type { WarningEngine } from './engine.js';
import type { WarningAnalysisRepository } from './warning-analysis.repository.js';
import type { NewRule, WarningsRepository } from './warnings.repository.js';

type RuleFields = Omit<RuleBody, 'gatewayIndicatorId' | 'gatewayId'>;

function ruleColumns(
  projectId: number,
  fields: RuleFields,
): Omit<NewRule, 'gateway_id' | 'gateway_indicator_id' | 'created_at'> {
  return {
    project_id: projectId,
    name: fields.name,
    kind: fields.kind,
    level: fields.level,
    low: fields.low,
    high: fields.high,
    value: fields.value,
    rate_per_minute: fields.ratePerMinute,
    offline_minutes: fields.offlineMinutes,
    delay_seconds: fields.delaySeconds,
    delay_count: fields.delayCount,
    hysteresis: fields.hysteresis,
    schedule: fields.schedule ? JSON.stringify(fields.schedule) : null,
    mode_ids:
      fields.modeIds.length > 0 ? JSON.stringify([...new Set(fields.modeIds)].sort((a, b) => a - b)) : null,
    enabled: fields.enabled ? 1 : 0,
    equipment_fault: fields.equipmentFault ? 1 : 0,
    camera_ids: fields.cameraIds.length > 0 ? [...new Set(fields.cameraIds)].join(',') : null,
    auto_capture: fields.autoCapture && fields.cameraIds.length > 0 ? 1 : 0,
  };
}

/** Warning rules of a project and its warnings: list, handle, analyse. */
export class WarningsService {
  constructor(
    private readonly repository: WarningsRepository,
    private readonly analysisRepository: WarningAnalysisRepository,
    private readonly engine: WarningEngine,
  ) {}

  listRules(projectId: number, query: PageQuery & { gatewayId?: number; keyword?: string }) {
    return this.repository.listRules(projectId, query);
  }

  /** Where a rule attaches: a gateway indicator of the project, or (offline) a gateway of it. */
  private async targets(
    projectId: number,
    gatewayIndicatorIds: number[],
    gatewayIds: number[],
    offline: boolean,
  ) {
    if (offline) {
      const found = await this.repository.gatewaysInProject(projectId, gatewayIds);
      if (found.length !== new Set(gatewayIds).size || gatewayIds.length === 0)
        throw badRequest(WarningMessages.GATEWAY_NOT_IN_PROJECT);
      return found.map((g) => ({ gateway_id: g.id, gateway_indicator_id: null }));
    }
    const found = await this.repository.indicatorsInProject(projectId, gatewayIndicatorIds);
    if (found.length !== new Set(gatewayIndicatorIds).size || gatewayIndicatorIds.length === 0)
      throw badRequest(WarningMessages.INDICATOR_NOT_IN_PROJECT);
    return found.map((gi) => ({ gateway_id: gi.gateway_id, gateway_indicator_id: gi.id }));
  }

  /** The modes a rule is limited to must be the project's (模式管理). */
  private async checkModes(projectId: number, modeIds: number[]) {
    const ids = [...new Set(modeIds)];
    if (ids.length > 0 && (await this.repository.modesInProject(projectId, ids)) !== ids.length)
      throw badRequest(WarningMessages.MODE_NOT_IN_PROJECT);
  }

  /** The cameras a rule names must be the project's (视频监控). */
  private async checkCameras(projectId: number, cameraIds: number[]) {
    const ids = [...new Set(cameraIds)];
    if (ids.length > 0 && (await this.repository.camerasInProject(projectId, ids)) !== ids.length)
      throw badRequest(WarningMessages.CAMERA_NOT_IN_PROJECT);
  }

  async createRule(projectId: number, body: RuleBody) {
    await this.checkModes(projectId, body.modeIds);
    await this.checkCameras(projectId, body.cameraIds);
    const [target] = await this.targets(
      projectId,
      body.gatewayIndicatorId ? [body.gatewayIndicatorId] : [],
      body.gatewayId ? [body.gatewayId] : [],
      body.kind === 'offline',
    );
    const [id] = await this.repository.insertRules([
      { ...ruleColumns(projectId, body), ...target!, created_at: Date.now() },
    ]);
    this.engine.rulesChanged();
    return (await this.repository.rule(projectId, id!))!;
  }

  /** One rule on each chosen gateway indicator (or gateway, for offline); answers how many. */
  async createRules(projectId: number, body: BulkRuleBody) {
    await this.checkModes(projectId, body.modeIds);
    await this.checkCameras(projectId, body.cameraIds);
    const targets = await this.targets(
      projectId,
      body.gatewayIndicatorIds,
      body.gatewayIds,
      body.kind === 'offline',
    );
    const now = Date.now();
    const ids = await this.repository.insertRules(
      targets.map((target) => ({ ...ruleColumns(projectId, body), ...target, created_at: now })),
    );
    this.engine.rulesChanged();
    return { created: ids.length };
  }

  /**
   * The water-quality template on the chosen gateways only: each chosen limit becomes one rule on
   * every indicator of those gateways whose data identification is the limit's key, unless it
   * already has a rule of that kind (so applying twice adds nothing). Answers how many it made.
   */
  async applyWaterQuality(projectId: number, body: WaterQualityApplyBody) {
    const gatewayIds = [...new Set(body.gatewayIds)];
    const found = await this.repository.gatewaysInProject(projectId, gatewayIds);
    if (found.length !== gatewayIds.length) throw badRequest(WarningMessages.GATEWAY_NOT_IN_PROJECT);
    const limits = WATER_QUALITY_TEMPLATES.filter((t) => body.keys.includes(t.key));
    const indicators = await this.repository.indicatorsByKeys(
      gatewayIds,
      limits.map((l) => l.key),
    );
    const now = Date.now();
    const rows = limits.flatMap((limit) => {
      const targets = indicators.filter(
        (gi) => gi.key === limit.key.toLowerCase() && !gi.kinds.has(limit.kind),
      );
      if (targets.length === 0) return [];
      // Each limit is a bulk rule on its indicators; the schema gives the fields not named their defaults.
      const rule = bulkRuleBody.parse({
        gatewayIndicatorIds: targets.map((gi) => gi.id),
        name: limit.name,
        kind: limit.kind,
        level: body.level,
        low: limit.low,
        high: limit.high,
      });
      return targets.map((gi) => ({
        ...ruleColumns(projectId, rule),
        gateway_id: gi.gatewayId,
        gateway_indicator_id: gi.id,
        created_at: now,
      }));
    });
    const ids = await this.repository.insertRules(rows);
    if (ids.length > 0) this.engine.rulesChanged();
    return { created: ids.length };
  }

  async updateRule(projectId: number, id: number, body: RuleBody) {
    if (!(await this.repository.rule(projectId, id))) throw notFound(WarningMessages.RULE_NOT_FOUND);
    await this.checkModes(projectId, body.modeIds);
    await this.checkCameras(projectId, body.cameraIds);
    const [target] = await this.targets(
      projectId,
      body.gatewayIndicatorId ? [body.gatewayIndicatorId] : [],
      body.gatewayId ? [body.gatewayId] : [],
      body.kind === 'offline',
    );
    await this.repository.updateRule(id, { ...ruleColumns(projectId, body), ...target! });
    this.engine.rulesChanged();
    return (await this.repository.rule(projectId, id))!;
  }

  async deleteRule(projectId: number, id: number) {
    if (!(await this.repository.rule(projectId, id))) throw notFound(WarningMessages.RULE_NOT_FOUND);
    await this.repository.deleteRule(id);
    this.engine.rulesChanged();
  }

  listWarnings(projectId: number, query: WarningListQuery) {
    return this.repository.listWarnings(projectId, query);
  }

  async warning(projectId: number, id: number) {
    const warning = await this.repository.warning(projectId, id);
    if (!warning) throw notFound(WarningMessages.WARNING_NOT_FOUND);
    return { ...warning, handles: await this.repository.handles(id) };
  }

  async handle(projectId: number, ids: number[], userId: number, status: HandleStatus, note: string) {
    const changed = await this.repository.handle(projectId, ids, userId, status, note);
    if (changed.length === 0) throw notFound(WarningMessages.WARNING_NOT_FOUND);
    return { handled: changed.length };
  }

  analysis(projectId: number, range: { startTime: number; stopTime: number }) {
    return this.analysisRepository.counts(projectId, range);
  }
}
