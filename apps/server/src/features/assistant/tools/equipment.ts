import {
  type BindingRole,
  BindingRoleNames,
  deriveEquipmentStatus,
  EQUIPMENT_STATUSES,
  EquipmentStatusNames,
  type ManualStatus,
} from '@iot/contracts/equipment';
import { containsText } from '../../../platform/db/search.js';
import type { AssistantTool } from '../provider.js';
import { asArgs, chinaTime, containedIn, round, type ToolDeps, text } from './common.js';

/** Most pieces one answer describes in detail. */
const MAX_DETAILED = 20;

export function equipmentTools({ db }: ToolDeps): AssistantTool[] {
  const equipmentStatus: AssistantTool = {
    category: 'equipment',
    name: 'equipment_status',
    description:
      '查询本项目工艺设备的当前状态（运行、停机、故障、检修中、已报废、无信号）：给出设备名称或编号关键字时返回这些设备的状态和信号读数，否则返回各状态的设备数量',
    parameters: {
      type: 'object',
      properties: { keyword: { type: 'string', description: '设备名称或编号关键字（可选），如 1号提升泵' } },
    },
    async run(raw, { projectId, now }) {
      const keyword = text(asArgs(raw).keyword);
      const base = db
        .selectFrom('equipment as e')
        .leftJoin('groups as s', 's.id', 'e.group_id')
        .where('e.project_id', '=', projectId)
        .select(['e.id', 'e.name', 'e.code', 'e.category', 'e.manual_status', 's.name as site']);
      let rows = await (keyword
        ? base.where((eb) => eb.or([containsText('e.name', keyword), containsText('e.code', keyword)]))
        : base
      )
        .orderBy('e.name')
        .orderBy('e.id')
        .execute();
      if (keyword && rows.length === 0)
        rows = await base
          .where((eb) => eb.or([containedIn('e.name', keyword), containedIn('e.code', keyword)]))
          .orderBy('e.name')
          .orderBy('e.id')
          .execute();
      // A name or code said in full wins over those that merely contain it (1号提升泵, not 11号提升泵).
      const exact = keyword
        ? rows.filter((r) => [r.name, r.code].some((n) => n.toLowerCase() === keyword.toLowerCase()))
        : [];
      if (exact.length > 0) rows = exact;
      const detailed = keyword ? rows.slice(0, MAX_DETAILED) : rows;
      const readings = detailed.length
        ? await db
            .selectFrom('equipment_bindings as b')
            .innerJoin('gateway_indicators as gi', 'gi.id', 'b.gateway_indicator_id')
            .innerJoin('gateways as g', (join) =>
              join.onRef('g.id', '=', 'gi.gateway_id').on('g.project_id', '=', projectId),
            )
            .innerJoin('indicators as i', 'i.id', 'gi.indicator_id')
            .leftJoin('last_values as l', 'l.gateway_indicator_id', 'b.gateway_indicator_id')
            .select([
              'b.equipment_id',
              'b.role',
              'i.unit',
              'i.decimal_places',
              'gi.decimal_places as own_decimals',
              'l.ts',
              'l.num_value',
              'l.text_value',
            ])
            .where(
              'b.equipment_id',
              'in',
              detailed.map((r) => r.id),
            )
            .execute()
        : [];
      const pieces = detailed.map((r) => {
        const mine = readings.filter((b) => b.equipment_id === r.id);
        const value = (b: (typeof mine)[number] | undefined) =>
          b?.num_value !== null && b?.num_value !== undefined ? Number(b.num_value) : (b?.text_value ?? null);
        const status = deriveEquipmentStatus({
          manualStatus: r.manual_status as ManualStatus,
          run: value(mine.find((b) => b.role === 'run')),
          fault: value(mine.find((b) => b.role === 'fault')),
        });
        return {
          name: r.name,
          code: r.code,
          category: r.category,
          site: r.site ?? null,
          status,
          statusName: EquipmentStatusNames[status],
          readings: mine
            .filter((b) => b.ts !== null)
            .map((b) => {
              const v = value(b);
              return {
                role: BindingRoleNames[b.role as BindingRole] ?? b.role,
                value: typeof v === 'number' ? round(v, b.own_decimals ?? b.decimal_places) : v,
                unit: b.unit,
                time: chinaTime(Number(b.ts)),
              };
            }),
        };
      });
      const byStatus = EQUIPMENT_STATUSES.map((s) => ({
        status: s,
        label: EquipmentStatusNames[s],
        count: pieces.filter((p) => p.status === s).length,
      })).filter((s) => s.count > 0);
      const data = keyword
        ? { keyword, total: rows.length, equipment: pieces }
        : { keyword: null, total: rows.length, byStatus };
      return {
        data,
        source: `工艺设备监控（设备台账与绑定信号的最新值${keyword ? `，关键字「${keyword}」` : ''}），截至 ${chinaTime(now)}`,
      };
    },
  };
  return [equipmentStatus];
}
