import type { MenuEntry } from '@iot/contracts/menus';
import type { SystemInfo } from '@iot/contracts/system';
import type { LoginInfo as LoginInfoAnswer } from '@iot/contracts/users';
import { http } from './http';

// What every screen may need to know about the signed-in user and the scopes they reach.

/** The login info as the web reads it: the contract's answer, with the menus typed. */
export type LoginInfo = Omit<LoginInfoAnswer, 'frontMenus'> & { frontMenus: Record<string, MenuEntry[]> };

/** GET /iot/system/info: 系统配置 as the sign-in page reads it (decision 0039). */
export type { SystemInfo } from '@iot/contracts/system';

export const fetchLoginInfo = () => http.get<LoginInfo>('/iot/users/current/loginInfo');
export const fetchSystemInfo = () =>
  http.get<SystemInfo>('/iot/system/info', { anonymous: true, quiet: true });
export const fetchMenus = (type: string, id?: number) =>
  http.get<MenuEntry[]>('/iot/users/current/menus', { params: { type, id } });
export const checkHasMenus = (type: string, id: number) =>
  http.get<boolean>('/iot/users/current/menus', { params: { type, id, checkHas: true } });
