import { http, tokenRequest } from '../../api/http';
import { clearSession, getSession, setTokens } from '../../platform/session';

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
