import type { BindingRole, EquipmentInput } from '@iot/contracts/equipment';
import type { FastifyBaseLogger } from 'fastify';
import type { PlatformClient } from './provision.js';

/** One piece of the demo plant: its site, and which of the site gateway's keys it is bound to. */
interface DemoPiece extends Omit<EquipmentInput, 'groupId' | 'bindings'> {
  site: string;
  signals?: Partial<Record<BindingRole, string>>;
}

/** The demo plant's equipment (decision 0051): pumps, blowers and rakes bound to the simulator's signals. */
export const DEMO_EQUIPMENT: DemoPiece[] = [
  {
    site: '格栅间',
    name: '1号回转式格栅机',
    code: 'GS-01',
    category: '格栅机',
    model: 'HF-1000',
    manufacturer: '江苏天雨环保',
    serialNumber: 'HF2023-0817',
    installDate: '2023-06-18',
    warrantyEnd: '2026-06-18',
    ratedCapacity: 1.5,
    ratedUnit: 'kW',
    signals: { run: 'rake' },
  },
  {
    site: '进水泵房',
    name: '1号潜水提升泵',
    code: 'TS-01',
    category: '泵',
    model: 'WQ300-15-22',
    manufacturer: '南方泵业',
    serialNumber: 'NF22-30011',
    installDate: '2022-09-01',
    warrantyEnd: '2025-09-01',
    ratedCapacity: 900,
    ratedUnit: 'm³/h',
    signals: { run: 'pump', current: 'current', flow: 'flow' },
  },
  {
    site: '进水泵房',
    name: '2号潜水提升泵',
    code: 'TS-02',
    category: '泵',
    model: 'WQ300-15-22',
    manufacturer: '南方泵业',
    serialNumber: 'NF22-30012',
    installDate: '2022-09-01',
    warrantyEnd: '2025-09-01',
    ratedCapacity: 900,
    ratedUnit: 'm³/h',
    manualStatus: 'maintenance',
    remark: '机械密封渗漏，返厂检修中',
  },
  {
    site: 'AAO生化池',
    name: '1号磁悬浮鼓风机',
    code: 'GF-01',
    category: '风机',
    model: 'MBL-150',
    manufacturer: '磁谷科技',
    serialNumber: 'MG2023-1502',
    installDate: '2023-03-12',
    warrantyEnd: '2028-03-12',
    ratedCapacity: 150,
    ratedUnit: 'kW',
    signals: { run: 'blower' },
  },
  {
    site: '二沉池',
    name: '1号回流污泥泵',
    code: 'HL-01',
    category: '泵',
    model: 'QJB-W4',
    manufacturer: '蓝深集团',
    serialNumber: 'LS-W4-2207',
    installDate: '2022-07-20',
    warrantyEnd: '2025-07-20',
    ratedCapacity: 400,
    ratedUnit: 'm³/h',
    signals: { run: 'returnPump' },
  },
  {
    site: '二沉池',
    name: '周边传动刮泥机',
    code: 'GN-01',
    category: '刮泥机',
    model: 'ZBG-30',
    manufacturer: '宜兴泉溪',
    installDate: '2021-11-05',
    ratedCapacity: 0.75,
    ratedUnit: 'kW',
  },
  {
    site: '消毒池',
    name: '紫外线消毒模块',
    code: 'XD-01',
    category: '消毒设备',
    model: 'UV-K2000',
    manufacturer: '福建新大陆',
    installDate: '2023-01-10',
    warrantyEnd: '2026-01-10',
  },
  {
    site: '在线监测站',
    name: 'COD在线分析仪',
    code: 'FX-01',
    category: '在线仪表',
    model: 'CODmax plus sc',
    manufacturer: '哈希',
    serialNumber: 'HACH-7719',
    installDate: '2023-05-06',
    warrantyEnd: '2025-05-06',
  },
];

/**
 * The demo project's equipment, made through the API as its administrator would, bound to the
 * demo gateways' signals, on any start while the project has none (so an install set up before
 * the ledger existed gets it too). A failure is logged, never stops the demo.
 */
export async function stockDemoEquipment(
  client: PlatformClient,
  projectId: number,
  gateways: { site: string; indicatorIds: Record<string, number> }[],
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    const base = `/iot/groups/${projectId}/equipment`;
    if ((await client.call<{ total: number }>('GET', `${base}?size=1`)).total > 0) return;
    const tree = await client.call<{ children: { children: { id: number; name: string }[] }[] }>(
      'GET',
      `/iot/groups/${projectId}/tree`,
    );
    const sites = new Map(tree.children.flatMap((area) => area.children).map((s) => [s.name, s.id]));
    for (const { site, signals = {}, ...piece } of DEMO_EQUIPMENT) {
      const keys = gateways.find((g) => g.site === site)?.indicatorIds ?? {};
      const bindings = Object.entries(signals).flatMap(([role, key]) =>
        keys[key] ? [{ role: role as BindingRole, gatewayIndicatorId: keys[key] }] : [],
      );
      await client.call('POST', base, { ...piece, groupId: sites.get(site) ?? null, bindings });
    }
    log.info({ equipment: DEMO_EQUIPMENT.length }, 'demo equipment made');
  } catch (error) {
    log.warn({ err: error }, 'demo equipment not made');
  }
}
