import { describe, expect, it } from 'vitest';
import { ToolBudget } from './tool-budget.js';

/** Busy-waits: a synchronous SQLite query holds the event loop just like this. */
function blockFor(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
}

describe('ToolBudget', () => {
  it('runs a lone question at once, from its burst', async () => {
    const budget = new ToolBudget(0.1, 200, () => true);
    const started = performance.now();
    await budget.run(async () => blockFor(20));
    expect(performance.now() - started).toBeLessThan(60);
  });

  it('holds a crowd of tool runs to its share of the time, one at a time', async () => {
    const budget = new ToolBudget(0.2, 20, () => true);
    let running = 0;
    let most = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 10 }, () =>
        budget.run(async () => {
          running += 1;
          most = Math.max(most, running);
          blockFor(10);
          await Promise.resolve();
          running -= 1;
        }),
      ),
    );
    const elapsed = performance.now() - started;
    // 100 ms of work at a 20 % share, less the 20 ms burst: at least ~400 ms of wall time.
    expect(elapsed).toBeGreaterThan(350);
    expect(most).toBe(1);
  });

  it('passes a failure to its caller and goes on with the next', async () => {
    const budget = new ToolBudget(0.5, 50, () => true);
    await expect(budget.run(async () => Promise.reject(new Error('查询失败')))).rejects.toThrow('查询失败');
    await expect(budget.run(async () => 'next')).resolves.toBe('next');
  });

  it('does not wait at all with the whole share', async () => {
    const budget = new ToolBudget(1, 0, () => true);
    let order = '';
    await Promise.all([budget.run(async () => (order += 'a')), budget.run(async () => (order += 'b'))]);
    expect(order).toBe('ab');
  });

  it('does not hold tools back while nothing waits to be stored', async () => {
    let contended = false;
    const budget = new ToolBudget(0.1, 0, () => contended);
    const started = performance.now();
    for (let i = 0; i < 5; i++) await budget.run(async () => blockFor(20));
    // Held to 10 %, these 100 ms of work would take a second.
    expect(performance.now() - started).toBeLessThan(600);
    contended = true;
    await budget.run(async () => blockFor(20));
    const second = performance.now();
    await budget.run(async () => {});
    // 20 ms of work at a 10 % share: the next run waits ~200 ms.
    expect(performance.now() - second).toBeGreaterThan(150);
  });

  it('lets the questions queued under load go on once devices stop sending', async () => {
    let contended = true;
    const budget = new ToolBudget(0.1, 0, () => contended);
    // 20 ms each at a 10 % share: ten of them would take about two seconds of wall time.
    const queued = Array.from({ length: 10 }, () => budget.run(async () => blockFor(20)));
    await new Promise((resolve) => setTimeout(resolve, 250));
    const quiet = performance.now();
    contended = false;
    await Promise.all(queued);
    expect(performance.now() - quiet).toBeLessThan(700);
  });
});
