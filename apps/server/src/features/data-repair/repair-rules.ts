import { decimalProblem, MEASURED_VALUE } from '@iot/contracts';
import {
  NUMERIC_RULES,
  type RepairChange,
  RepairMessages,
  type RepairPoint,
  type RepairRule,
  type RepairValue,
  type StoredPoint,
} from '@iot/contracts/data-repair';
import { indicatorValueRule } from '@iot/contracts/indicators';
import { badRequest } from '../../platform/errors.js';
import { normaliseValue } from '../telemetry/index.js';
import type { ValueRule } from './data-repair.repository.js';

/** The stored points a proposal works on: those in the range (ascending) and the nearest outside it. */
export interface StoredRange {
  points: StoredPoint[];
  before: StoredPoint | null;
  after: StoredPoint | null;
}

export interface Proposal {
  mode: 'points' | 'rule';
  points?: RepairPoint[] | undefined;
  rule?: RepairRule | undefined;
}

const isNumeric = (rule: ValueRule) => rule.type === 'float' || rule.type === 'integer';

function normalised(rule: ValueRule, raw: unknown, label: string): RepairValue {
  const result = normaliseValue(rule, raw);
  if (!result.ok) throw badRequest(`${label}无效：${result.reason}`);
  return result.value;
}

/**
 * A value a person typed for a numeric indicator meets the decimal rule (spec core §5) with the
 * indicator's decimals, rather than being rounded silently; then it is normalised like telemetry.
 */
function typed(rule: ValueRule, raw: unknown, label: string): RepairValue {
  const problem = isNumeric(rule)
    ? decimalProblem(raw, indicatorValueRule(rule.type, rule.decimalPlaces))
    : null;
  if (problem) throw badRequest(`${label}：${problem}`);
  const result = normaliseValue(rule, raw);
  if (!result.ok) throw badRequest(`${label}无效：${result.reason}`);
  return result.value;
}

/**
 * What a proposal changes in the stored data (docs/decisions/0019-data-repair-and-audits.md):
 * one entry per time whose value changes, with the value before (null: no point) and after
 * (null: deleted). Values are checked and normalised like telemetry; unchanged points are left out.
 */
export function computeChanges(proposal: Proposal, rule: ValueRule, stored: StoredRange): RepairChange[] {
  const current = new Map(stored.points.map((p) => [p.ts, p.value]));
  const changes: RepairChange[] = [];
  const push = (ts: number, after: RepairValue | null) => {
    const before = current.get(ts) ?? null;
    if (before !== after) changes.push({ ts, before, after });
  };

  if (proposal.mode === 'points') {
    (proposal.points ?? []).forEach((point, index) => {
      push(point.ts, point.value === null ? null : typed(rule, point.value, `第${index + 1}个修正点的值`));
    });
    return changes.sort((a, b) => a.ts - b.ts);
  }

  const repairRule = proposal.rule;
  if (!repairRule) throw badRequest(RepairMessages.RULE_REQUIRED);
  if (NUMERIC_RULES.includes(repairRule.kind) && !isNumeric(rule))
    throw badRequest(RepairMessages.NUMERIC_RULE_ONLY);
  switch (repairRule.kind) {
    case 'delete':
      for (const p of stored.points) push(p.ts, null);
      break;
    case 'constant': {
      const value = typed(rule, repairRule.value, '规则的数值');
      for (const p of stored.points) push(p.ts, value);
      break;
    }
    case 'scale':
    case 'offset': {
      const problem = decimalProblem(repairRule.value, MEASURED_VALUE);
      if (problem) throw badRequest(`规则的数值：${problem}`);
      const operand = Number(repairRule.value);
      for (const p of stored.points) {
        const value = Number(p.value);
        const raw = repairRule.kind === 'scale' ? value * operand : value + operand;
        push(p.ts, normalised(rule, raw, '修正后的值'));
      }
      break;
    }
    case 'interpolate': {
      const { before, after } = stored;
      if (!before || !after) throw badRequest(RepairMessages.NO_ANCHORS);
      const from = Number(before.value);
      const to = Number(after.value);
      for (const p of stored.points) {
        const raw = from + ((to - from) * (p.ts - before.ts)) / (after.ts - before.ts);
        push(p.ts, normalised(rule, raw, '插值结果'));
      }
      break;
    }
  }
  return changes;
}
