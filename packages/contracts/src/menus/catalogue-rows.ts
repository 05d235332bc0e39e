/** The shape of menu entries and the helpers that build rows of them (catalogue.ts, project-menus.ts). */
import { ALL_PERMISSIONS, Permission, type SubSystem } from '../common/permissions.js';

/**
 * One entry of the menu catalogue. The catalogue is code, not data: a screen exists when the web
 * app ships its component, so the two are versioned together. Roles store (code, bits) pairs.
 */
export interface MenuDefinition {
  /** Stable numeric id; never reuse one. */
  id: number;
  /** Route code name, e.g. router-projectGateway: the key roles and route permissions use. */
  code: string;
  title: string;
  subSystem: SubSystem;
  /** Code of the container entry this one sits under. */
  parent?: string;
  /** Path segment below the scope's prefix (spec core §2 prefixes are added by the web app). */
  path: string;
  /** Key of the lazily loaded screen; absent on a container. */
  component?: string;
  icon?: string;
  hidden?: boolean;
  linkUrl?: string;
  customType?: string;
  /** Bits that mean something on this entry; a role can hold no others here. */
  bits: number;
}

export const R = Permission.READ;
export const RU = Permission.READ | Permission.UPDATE;
export const RUD = Permission.READ | Permission.UPDATE | Permission.DELETE;
export const CRUD = Permission.READ | Permission.UPDATE | Permission.DELETE | Permission.CREATE;
export const ALL = ALL_PERMISSIONS;

type Options = Partial<
  Pick<MenuDefinition, 'component' | 'icon' | 'hidden' | 'linkUrl' | 'customType' | 'parent'>
>;

export function group(
  subSystem: SubSystem,
  parent: string | undefined,
  startId: number,
  rows: Row[],
): MenuDefinition[] {
  return rows.map(([code, title, path, bits, options], index) => ({
    id: startId + index,
    code,
    title,
    subSystem,
    path,
    bits,
    ...(parent ? { parent } : {}),
    ...options,
  }));
}
type Row = [code: string, title: string, path: string, bits: number, options?: Options];

export function container(
  id: number,
  subSystem: SubSystem,
  code: string,
  title: string,
  path: string,
  icon: string,
): MenuDefinition {
  return { id, code, title, subSystem, path, icon, bits: R };
}
