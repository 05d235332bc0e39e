import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Picks a time-range preset on a monitoring screen by its label (e.g. 最近24小时). Retried: a
 * dropdown still closing can swallow the first click.
 */
export async function chooseTimePreset(page: Page, title: string): Promise<void> {
  const preset = page.getByLabel('时间范围', { exact: true });
  const shown = () => preset.locator('xpath=ancestor::*[contains(@class,"ant-select")][1]').textContent();
  await expect
    .poll(async () => {
      if ((await shown())?.includes(title)) return true;
      await preset.click();
      await page
        .locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) [title="${title}"]`)
        .click({ timeout: 2000 })
        .catch(() => page.keyboard.press('Escape'));
      return false;
    })
    .toBe(true);
}

/** Presses 查询 and waits for the chart's answer. */
export async function queryChart(page: Page): Promise<void> {
  const answered = page.waitForResponse((r) => r.url().endsWith('/gateways/chart'));
  await page.getByRole('button', { name: /^查\s?询$/ }).click();
  await answered;
}

/**
 * Ticks gateway indicators in a monitoring screen's picker. Each title is found by typing it into
 * the search, as a user would (a node at the foot of a long tree needs the page scrolled, and a
 * click during that scroll can land beside it), and ticks one more node of that title: a title
 * given twice ticks two gateways' indicators of that name.
 */
export async function pickIndicators(page: Page, titles: string[], label = '选择指标'): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  for (const [index, title] of titles.entries()) {
    await input.fill(title.replace(/（.*/, ''));
    const named = page.locator(`.ant-select-tree-node-content-wrapper[title="${title}"]`);
    const ticked = dropdown.locator('.ant-select-tree-treenode-checkbox-checked', { has: named });
    const unticked = dropdown.locator(
      '.ant-select-tree-treenode:not(.ant-select-tree-treenode-checkbox-checked)',
      {
        has: named,
      },
    );
    const wanted = titles.slice(0, index + 1).filter((t) => t === title).length;
    await expect
      .poll(() => dropdown.locator('.ant-select-tree-treenode', { has: named }).count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(wanted)
      .catch(async (error: Error) => {
        // Say what the picker showed instead: the tree, the search typed, the dropdowns open.
        const shown = await page
          .locator('.ant-select-dropdown')
          .evaluateAll((all) => all.map((d) => `${d.className}: ${(d.textContent ?? '').slice(0, 600)}`));
        const typed = await input.inputValue().catch(() => '?');
        throw new Error(
          `${error.message}\n「${title}」 not in the picker; search "${typed}"; ${shown.join(' | ')}`,
        );
      });
    const before = await ticked.count();
    await expect
      .poll(
        async () => {
          if ((await ticked.count()) > before) return true;
          await unticked.first().locator('.ant-select-tree-node-content-wrapper').click();
          await ticked
            .nth(before)
            .waitFor({ timeout: 1500 })
            .catch(() => undefined);
          return (await ticked.count()) > before;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
  }
  await page.keyboard.press('Escape');
  await dropdown.waitFor({ state: 'detached' }).catch(() => page.keyboard.press('Escape'));
}
