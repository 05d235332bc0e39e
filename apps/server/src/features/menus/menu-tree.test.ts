import { describe, expect, it } from 'vitest';
import { buildMenuTree } from './menu-tree.js';

describe('buildMenuTree', () => {
  it('keeps granted entries with their bits under their containers, and drops empty containers', () => {
    const granted = new Map([
      ['router-realTimeData', 1],
      ['router-warningList', 3],
    ]);
    const tree = buildMenuTree(4, (menu) => granted.get(menu.code) ?? 0, { groupId: 7 });
    expect(tree.map((e) => e.code)).toEqual(['router-monitor', 'router-warning']);
    expect(tree[0]?.children.map((e) => [e.code, e.permission, e.groupId])).toEqual([
      ['router-realTimeData', 1, 7],
    ]);
    expect(tree[1]?.children.map((e) => [e.code, e.permission])).toEqual([['router-warningList', 3]]);
  });

  it('never hands out bits an entry does not have', () => {
    const tree = buildMenuTree(4, () => 31);
    const realTime = tree.flatMap((e) => e.children).find((e) => e.code === 'router-realTimeData');
    expect(realTime?.permission).toBe(1);
  });

  it('keeps hidden entries, flagged, so they route but do not show', () => {
    const tree = buildMenuTree(4, () => 31);
    expect(tree.find((e) => e.code === 'router-toolSet')?.hidden).toBe(true);
  });
});
