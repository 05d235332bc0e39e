import type { GroupTreeIndicator, GroupTreeNode } from '@iot/contracts/groups';
import { describe, expect, it } from 'vitest';
import { INDICATORS_PER_POINT, MAX_KEY_POINTS, pickKeyPoints } from './KeyPoints';

const indicator = (id: number): GroupTreeIndicator => ({
  id,
  gatewayId: 1,
  gatewayAlias: '一号站',
  alias: `指标${id}`,
  dataIdentification: `m${id}`,
});
const node = (id: number, isMonitor: boolean, indicators: number[]): GroupTreeNode => ({
  id,
  name: `分组${id}`,
  parentName: null,
  equipmentId: null,
  equipmentName: null,
  groupLevelName: '站点',
  isMonitor,
  children: [],
  gatewayIndicators: indicators.map(indicator),
});

describe('pickKeyPoints', () => {
  it('takes the monitoring points that have indicators, at most four each', () => {
    const picked = pickKeyPoints([node(1, false, [1, 2]), node(2, true, [3, 4, 5, 6, 7]), node(3, true, [])]);
    expect(picked.fromMonitors).toBe(true);
    expect(picked.points.map((p) => p.node.id)).toEqual([2]);
    expect(picked.points[0]!.indicators.map((i) => i.id)).toHaveLength(INDICATORS_PER_POINT);
  });

  it('falls back to groups with indicators while no monitoring point is marked', () => {
    const nodes = [0, 1, 2, 3, 4, 5].map((id) => node(id, false, id === 0 ? [] : [id]));
    const picked = pickKeyPoints(nodes);
    expect(picked.fromMonitors).toBe(false);
    expect(picked.points.map((p) => p.node.id)).toEqual([1, 2, 3, 4].slice(0, MAX_KEY_POINTS));
  });

  it('answers nothing for a tree without indicators', () => {
    expect(pickKeyPoints([node(1, true, [])]).points).toEqual([]);
  });
});
