import { describe, expect, it } from 'vitest';
import { FINAL_STATUSES, TASK_STATUSES, TaskStatus, TRANSITIONS, transitionFor } from './transitions.js';

describe('the work-order transition table', () => {
  it('numbers the statuses as the spec does', () => {
    expect(TASK_STATUSES).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });

  it('has at most one row per action and state, none out of a final status, and reaches every status', () => {
    const keys = TRANSITIONS.map((r) => `${r.action}:${r.from}:${r.submitted ?? '*'}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(TRANSITIONS.filter((r) => FINAL_STATUSES.includes(r.from))).toEqual([]);
    const reached = new Set<number>([
      TaskStatus.NEEDS_AUDIT,
      TaskStatus.TO_BE_ALLOCATED,
      TaskStatus.TO_BE_IMPLEMENTED,
    ]);
    for (const row of TRANSITIONS) reached.add(row.to);
    expect([...reached].sort((a, b) => a - b)).toEqual(TASK_STATUSES);
  });

  it('keeps the overdue move to the job alone', () => {
    for (const row of TRANSITIONS)
      expect(row.who.some((w) => w.kind === 'system')).toBe(row.action === 'overdue');
    expect(transitionFor('overdue', TaskStatus.EXECUTING, true)).toBeUndefined();
    expect(transitionFor('overdue', TaskStatus.EXECUTING, false)?.to).toBe(TaskStatus.OVERDUE);
  });
});
