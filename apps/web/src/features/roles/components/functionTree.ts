import { Permission, type ScopeType } from '@iot/contracts';
import { MENU_CATALOGUE, type MenuDefinition, SCOPE_SUB_SYSTEMS } from '@iot/contracts/menus';
import type { RoleFunction } from '@iot/contracts/roles';
import { SUB_SYSTEM_LABELS } from '../scopeApi';

/** A role's functions while editing: menu code → bitmask. */
export type FunctionMasks = Record<string, number>;

/** One row of the function editor: an entry that can be granted, or a group of them. */
export interface FunctionRow {
  key: string;
  title: string;
  /** The entry itself (leaf rows only). */
  entry?: MenuDefinition;
  /** Every grantable entry at or below this row. */
  leaves: MenuDefinition[];
  children?: FunctionRow[];
}

const grantable = (menu: MenuDefinition) => Boolean(menu.component || menu.linkUrl);

function leafRow(menu: MenuDefinition): FunctionRow {
  return { key: menu.code, title: menu.title, entry: menu, leaves: [menu] };
}

/** The catalogue entries of one sub-system, grouped under their containers, in catalogue order. */
function subSystemRows(subSystem: number): FunctionRow[] {
  const entries = MENU_CATALOGUE.filter((menu) => menu.subSystem === subSystem);
  const rows: FunctionRow[] = [];
  const containers = new Map<string, FunctionRow>();
  for (const menu of entries) {
    if (!grantable(menu)) {
      const row: FunctionRow = { key: menu.code, title: menu.title, leaves: [], children: [] };
      containers.set(menu.code, row);
      rows.push(row);
      continue;
    }
    const container = menu.parent ? containers.get(menu.parent) : undefined;
    if (container) {
      container.children!.push(leafRow(menu));
      container.leaves.push(menu);
    } else rows.push(leafRow(menu));
  }
  return rows.filter((row) => row.leaves.length > 0);
}

/** The rows a role of this scope type can hold; several sub-systems each get a group row. */
export function functionRows(scopeType: ScopeType): FunctionRow[] {
  const subSystems = SCOPE_SUB_SYSTEMS[scopeType];
  if (subSystems.length === 1) return subSystemRows(subSystems[0]!);
  return subSystems.map((subSystem) => {
    const children = subSystemRows(subSystem);
    return {
      key: `sub-system-${subSystem}`,
      title: SUB_SYSTEM_LABELS[subSystem] ?? `子系统 ${subSystem}`,
      leaves: children.flatMap((row) => row.leaves),
      children,
    };
  });
}

/** Every grantable entry of the scope type. */
export function scopeEntries(scopeType: ScopeType): MenuDefinition[] {
  return functionRows(scopeType).flatMap((row) => row.leaves);
}

/**
 * Sets or clears one bit. Any other bit needs 查看 (a screen one cannot open is no use), so it
 * brings 查看 along; clearing 查看 clears the whole entry.
 */
export function withBit(mask: number, entry: MenuDefinition, bit: number, on: boolean): number {
  if (!on) return bit === Permission.READ ? 0 : mask & ~bit;
  return (mask | bit | (entry.bits & Permission.READ)) & entry.bits;
}

/** A role's stored functions as editor masks, keeping only entries of the scope and their bits. */
export function toMasks(scopeType: ScopeType, functions: RoleFunction[]): FunctionMasks {
  const allowed = new Map(scopeEntries(scopeType).map((menu) => [menu.code, menu.bits]));
  const masks: FunctionMasks = {};
  for (const fn of functions) {
    const bits = (allowed.get(fn.code) ?? 0) & fn.permission;
    if (bits) masks[fn.code] = bits;
  }
  return masks;
}

/** Masks as the server takes them: zero permissions left out. */
export function toFunctions(masks: FunctionMasks): RoleFunction[] {
  return Object.entries(masks)
    .filter(([, permission]) => permission > 0)
    .map(([code, permission]) => ({ code, permission }));
}

/** Every bit of every entry: what the built-in administrator holds. */
export function allMasks(scopeType: ScopeType): FunctionMasks {
  return Object.fromEntries(scopeEntries(scopeType).map((menu) => [menu.code, menu.bits]));
}

/** How many entries a role grants something on. */
export function grantedCount(scopeType: ScopeType, functions: RoleFunction[]): number {
  return Object.keys(toMasks(scopeType, functions)).length;
}
