import type { MenuEntry } from '@iot/contracts/menus';
import type { SystemInfo } from '@iot/contracts/system';
import type { LoginInfo as LoginInfoAnswer } from '@iot/contracts/users';
import { http, tokenRequest } from '../../api/http';
import { clearSession, getSession, setTokens } from '../../app/session';

/** The login info as the web reads it: the contract's answer, with the menus typed. */
export type LoginInfo = Omit<LoginInfoAnswer, 'frontMenus'> & { frontMenus: Record<string, MenuEntry[]> };

/** GET /iot/system/info: 系统配置 as the sign-in page reads it (decision 0039). */
export type { SystemInfo } from '@iot/contracts/system';

export async function loginWithPassword(username: string, password: string): Promise<void> {
  const answer = await tokenRequest({ grant_type: 'password', username, password });
  setTokens(answer.access_token, answer.refresh_token);
}

export async function loginWithSms(mobile: string, smscode: string): Promise<void> {
  const answer = await tokenRequest({ grant_type: 'sms', username: mobile, smscode });
  setTokens(answer.access_token, answer.refresh_token);
}

export async function loginWithClientCredentials(clientId: string, clientSecret: string): Promise<void> {
  const answer = await tokenRequest({ grant_type: 'client_credentials', clientId, clientSecret });
  setTokens(answer.access_token, answer.refresh_token);
}

export function sendPhoneCode(mobile: string): Promise<string> {
  return http.post<string>(
    '/iot/users/phoneCode',
    { mobile, mobileCodeType: 'login' },
    { anonymous: true, quiet: true },
  );
}

/** Answers whether a token handed over in the address is live (route guard step 2). */
export async function checkToken(token: string): Promise<boolean> {
  const response = await fetch(`/iot/oauth/check_token?token=${encodeURIComponent(token)}`, {
    method: 'POST',
  });
  const body = (await response.json()) as { active?: boolean };
  return body.active === true;
}

/** Ends the server session, then forgets everything local. */
export async function logout(): Promise<void> {
  const session = getSession();
  if (session) {
    await http
      .post(`/iot/exit?accessToken=${encodeURIComponent(session.token)}&loginWayEnumOp=web`, undefined, {
        quiet: true,
      })
      .catch(() => undefined);
  }
  clearSession();
}

export const fetchLoginInfo = () => http.get<LoginInfo>('/iot/users/current/loginInfo');
export const fetchSystemInfo = () =>
  http.get<SystemInfo>('/iot/system/info', { anonymous: true, quiet: true });
export const fetchMenus = (type: string, id?: number) =>
  http.get<MenuEntry[]>('/iot/users/current/menus', { params: { type, id } });
export const checkHasMenus = (type: string, id: number) =>
  http.get<boolean>('/iot/users/current/menus', { params: { type, id, checkHas: true } });
