import type { GroupTreeNode } from '@iot/contracts/groups';
import { describe, expect, it } from 'vitest';
import { effluentGateways } from './effluentGateways';

const node = (name: string, gateways: [number, string][], children: GroupTreeNode[] = []): GroupTreeNode => ({
  id: Math.floor(Math.random() * 1e6),
  name,
  parentName: null,
  equipmentId: null,
  equipmentName: null,
  groupLevelName: '',
  isMonitor: false,
  children,
  gatewayIndicators: gateways.map(([gatewayId, gatewayAlias], i) => ({
    id: gatewayId * 100 + i,
    gatewayId,
    gatewayAlias,
    alias: 'COD',
    dataIdentification: 'cod',
  })),
});

describe('the water-quality template’s default gateways', () => {
  it('are those named 出水 or in a group named so, never the influent ones', () => {
    const tree = [
      node(
        '示范项目',
        [],
        [
          node('进水区', [
            [1, '格栅间网关'],
            [2, '进水泵房网关'],
          ]),
          node('出水区', [], [node('在线监测站', [[3, '在线监测站网关']])]),
          node('生化区', [
            [4, '1号出水口'],
            [5, '二沉池网关'],
          ]),
        ],
      ),
    ];
    expect(effluentGateways(tree).sort()).toEqual([3, 4]);
    expect(effluentGateways([node('进水区', [[1, '格栅间网关']])])).toEqual([]);
  });
});
