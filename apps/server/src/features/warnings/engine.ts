import { type RuleKind, type RuleSchedule, thresholdText, type Warning } from '@iot/contracts/warnings';
import type { FastifyBaseLogger } from 'fastify';
import { NORMAL, type RuleDefinition, step } from './evaluate.js';
import type { RuleStatesRepository, RuleWork, StoredRuleState } from './rule-states.repository.js';
import type { RuleRow, WarningRow, WarningsRepository } from './warnings.repository.js';

export interface WarningEvent {
  type: 'raised' | 'released';
  warning: Warning;
}

type StoredState = StoredRuleState;
type Point = { gatewayIndicatorId: number; ts: number; value: number | string };
type Work = RuleWork;

function definition(rule: RuleRow): RuleDefinition {
  return {
    kind: rule.kind as RuleKind,
    low: rule.low,
    high: rule.high,
    value: rule.value,
    ratePerMinute: rule.rate_per_minute,
    delaySeconds: rule.delay_seconds,
    delayCount: rule.delay_count,
    hysteresis: rule.hysteresis,
    schedule: rule.schedule ? (JSON.parse(rule.schedule) as RuleSchedule) : null,
  };
}

/**
 * Rules limited to modes whose gateway's site is now in another mode (decision 0040). A site
 * without a current mode limits nothing. Read per batch, only when a rule of it is limited.
 */
async function outOfMode(
  repository: WarningsRepository,
  rules: Pick<RuleRow, 'id' | 'gateway_id' | 'mode_ids'>[],
): Promise<Set<number>> {
  const limited = rules.filter((r) => r.mode_ids !== null);
  if (limited.length === 0) return new Set();
  const modes = await repository.gatewayModes([...new Set(limited.map((r) => r.gateway_id))]);
  const out = new Set<number>();
  for (const rule of limited) {
    const mode = modes.get(rule.gateway_id) ?? null;
    if (mode !== null && !(JSON.parse(rule.mode_ids!) as number[]).includes(mode)) out.add(rule.id);
  }
  return out;
}

function newWarning(rule: RuleRow, ts: number, value: string): Omit<WarningRow, 'id'> {
  return {
    project_id: rule.project_id,
    gateway_id: rule.gateway_id,
    gateway_indicator_id: rule.gateway_indicator_id,
    rule_id: rule.id,
    kind: rule.kind,
    level: rule.level,
    value,
    threshold: thresholdText({ ...definition(rule), offlineMinutes: rule.offline_minutes }),
    started_at: ts,
    released_at: null,
    release_value: null,
    handle_status: 'unhandled',
    handled_by: null,
    handled_at: null,
    // The rule's cameras as they are now: a later edit of the rule leaves this warning's alone.
    camera_ids: rule.camera_ids,
    auto_capture: rule.auto_capture,
  };
}

/**
 * The warning engine (docs/decisions/0018-warning-engine.md): stored values go through the rules
 * of their gateway indicator in time order, one batch at a time; rule states and warnings are
 * written together, so a restart continues where it stopped and the same values always raise
 * the same warnings. Offline rules are checked by a sweep against the gateways' presence.
 */
export class WarningEngine {
  /** gateway indicator id → its enabled rules (dropped whenever rules change). */
  private rules = new Map<number, RuleRow[]>();
  private queue: Promise<void> = Promise.resolve();
  /** Points waiting for the evaluation queued next; every message arriving meanwhile joins it. */
  private pending: Point[] = [];
  private pendingRun: Promise<void> | null = null;
  private readonly listeners: ((event: WarningEvent) => void)[] = [];

  constructor(
    private readonly repository: WarningsRepository,
    private readonly states: RuleStatesRepository,
    private readonly log: FastifyBaseLogger,
  ) {}

  onEvent(listener: (event: WarningEvent) => void): void {
    this.listeners.push(listener);
  }

  rulesChanged(): void {
    this.rules = new Map();
  }

  /**
   * Stored points, in any order; evaluated after everything queued before them. Messages that
   * arrive while an evaluation runs are evaluated together in the next one (one read of the rule
   * states and one transaction for all of them), so the engine keeps up with any ingest rate.
   */
  evaluate(points: Point[]): Promise<void> {
    if (points.length === 0) return this.queue;
    for (const point of points) this.pending.push(point);
    if (!this.pendingRun) {
      this.pendingRun = this.queue = this.queue
        .then(() => {
          const batch = this.pending;
          this.pending = [];
          this.pendingRun = null;
          return this.run(batch);
        })
        .catch((error: unknown) => this.log.error({ err: error }, 'warning evaluation failed'));
    }
    return this.pendingRun;
  }

  /** Waits for every queued evaluation (shutdown, tests). */
  drain(): Promise<void> {
    return this.queue;
  }

  private async rulesOf(ids: number[]): Promise<Map<number, RuleRow[]>> {
    const missing = ids.filter((id) => !this.rules.has(id));
    if (missing.length > 0) {
      const rows = await this.repository.enabledRulesOf(missing);
      for (const id of missing) this.rules.set(id, []);
      for (const row of rows) this.rules.get(row.gateway_indicator_id!)?.push(row);
    }
    return new Map(ids.map((id) => [id, this.rules.get(id) ?? []]));
  }

  private async run(points: Point[]): Promise<void> {
    // Each gateway indicator's values in time order.
    const series = new Map<number, Point[]>();
    for (const point of points) {
      const list = series.get(point.gatewayIndicatorId);
      if (list) list.push(point);
      else series.set(point.gatewayIndicatorId, [point]);
    }
    const rulesById = await this.rulesOf([...series.keys()]);
    const rules = [...rulesById.values()].flat();
    if (rules.length === 0) return;
    for (const list of series.values()) list.sort((a, b) => a.ts - b.ts);
    const out = await outOfMode(this.repository, rules);
    await this.apply(
      rules.map((r) => r.id),
      (states) => this.decideValues(rules, series, states, out),
    );
  }

  /** The rules' new states and warnings for the series, from their states before. */
  private decideValues(
    rules: RuleRow[],
    series: Map<number, Point[]>,
    states: Map<number, StoredState>,
    outOfModeIds: Set<number>,
  ): Work {
    const work: Work = { raise: [], release: [], states: new Map() };
    for (const rule of rules) {
      const def = { ...definition(rule), inMode: !outOfModeIds.has(rule.id) };
      let state: StoredState = states.get(rule.id) ?? { ...NORMAL, warningId: null };
      const before = state;
      for (const point of series.get(rule.gateway_indicator_id!) ?? []) {
        const result = step(def, state, point);
        state = { ...result.state, warningId: state.warningId };
        const t = result.transition;
        if (t?.type === 'raise') {
          work.raise.push({ ruleId: rule.id, warning: newWarning(rule, t.ts, String(t.value)) });
          // The id comes with the commit; a release in the same batch finds it there.
          state.warningId = -1;
        } else if (t?.type === 'release') {
          if (state.warningId === -1) {
            // Raised and released within one batch: the warning is written already released.
            const pending = work.raise.findLast((r) => r.ruleId === rule.id);
            if (pending) {
              pending.warning.released_at = t.ts;
              pending.warning.release_value = String(t.value);
            }
          } else if (state.warningId !== null) {
            work.release.push({
              ruleId: rule.id,
              warningId: state.warningId,
              at: t.ts,
              value: String(t.value),
            });
          }
          state.warningId = null;
        }
      }
      if (state !== before) work.states.set(rule.id, state);
    }
    return work;
  }

  /** Decides and writes in one transaction per batch (serialised per rule across nodes), then tells. */
  private async apply(ruleIds: number[], decide: (states: Map<number, StoredState>) => Work): Promise<void> {
    const { raised, released } = await this.states.evaluate(ruleIds, (states) => {
      const work = decide(states);
      for (const s of work.states.values()) if (s.warningId === -1) s.warningId = null;
      return work;
    });
    if (raised.length === 0 && released.length === 0) return;
    const warnings = new Map(
      (await this.repository.warningsById([...raised, ...released])).map((w) => [w.id, w]),
    );
    for (const id of raised) this.tell({ type: 'raised', warning: warnings.get(id)! });
    for (const id of raised)
      if (warnings.get(id)?.releasedAt) this.tell({ type: 'released', warning: warnings.get(id)! });
    for (const id of released) this.tell({ type: 'released', warning: warnings.get(id)! });
  }

  private tell(event: WarningEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.log.error({ err: error }, 'warning listener failed');
      }
    }
  }

  /**
   * Offline rules: a gateway silent for longer than the rule's minutes raises; one that is
   * online again releases. Runs in the same queue as value evaluation.
   */
  sweepOffline(now = Date.now()): Promise<void> {
    this.queue = this.queue
      .then(async () => {
        const rules = await this.repository.offlineRules();
        if (rules.length === 0) return;
        const out = await outOfMode(this.repository, rules);
        await this.apply(
          rules.map((r) => r.id),
          (states) => offlineStep(rules, states, now, out),
        );
      })
      .catch((error: unknown) => this.log.error({ err: error }, 'offline warning sweep failed'));
    return this.queue;
  }
}

/** Offline rules' new states and warnings from their gateways' presence at `now`. */
function offlineStep(
  rules: Awaited<ReturnType<WarningsRepository['offlineRules']>>,
  states: Map<number, StoredState>,
  now: number,
  outOfModeIds: Set<number>,
): Work {
  const work: Work = { raise: [], release: [], states: new Map() };
  for (const rule of rules) {
    const state: StoredState = states.get(rule.id) ?? { ...NORMAL, warningId: null };
    const online = rule.online_status === 'online';
    const lastSeen = rule.last_seen_at === null ? Number(rule.created_at) : Number(rule.last_seen_at);
    const silentFor = now - Math.max(lastSeen, Number(rule.created_at));
    if (
      state.phase !== 'active' &&
      !online &&
      !outOfModeIds.has(rule.id) &&
      silentFor >= (rule.offline_minutes ?? 0) * 60_000
    ) {
      work.raise.push({ ruleId: rule.id, warning: newWarning(rule, now, '离线') });
      work.states.set(rule.id, {
        ...state,
        phase: 'active',
        sinceTs: lastSeen,
        count: 1,
        warningId: -1,
      });
    } else if (state.phase === 'active' && online) {
      if (state.warningId !== null)
        work.release.push({ ruleId: rule.id, warningId: state.warningId, at: now, value: '在线' });
      work.states.set(rule.id, { ...state, phase: 'normal', sinceTs: null, count: 0, warningId: null });
    }
  }
  return work;
}
