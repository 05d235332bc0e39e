import { Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { checkToken, loginWithClientCredentials } from '../features/auth/api';
import { rememberRoute, setTokens, useSession } from '../platform/session';

type Handover =
  | { kind: 'token'; accessToken: string; refreshToken: string }
  | { kind: 'client'; id: string; secret: string };

function handoverFrom(search: URLSearchParams): Handover | null {
  const accessToken = search.get('accessToken');
  if (accessToken) return { kind: 'token', accessToken, refreshToken: search.get('refreshToken') ?? '' };
  const id = search.get('clientId');
  const secret = search.get('clientSecret');
  return id && secret ? { kind: 'client', id, secret } : null;
}

/**
 * The route guard of spec core §2 for every route that needs a user (public routes sit outside
 * it, step 1): an accessToken in the query is checked and kept with its refreshToken (step 2);
 * clientId and clientSecret sign in by client credentials (step 3); otherwise a stored session is
 * required, else the index (step 4). A failed hand-over goes to /401 (step 5).
 */
export function Guard() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const [handover] = useState(() => handoverFrom(new URLSearchParams(location.search)));
  const [checking, setChecking] = useState(handover !== null);

  // The hand-over runs once, for the address the app was opened with; later navigation must not
  // repeat it (a late second run would navigate back over a redirect made in between).
  const [initial] = useState(() => ({ pathname: location.pathname, search: location.search }));
  const started = useRef(false);
  useEffect(() => {
    if (!handover || started.current) return;
    started.current = true;
    const clean = () => {
      // Credentials leave the address bar once used.
      const search = new URLSearchParams(initial.search);
      for (const key of ['accessToken', 'refreshToken', 'clientId', 'clientSecret']) search.delete(key);
      const query = search.toString();
      navigate(`${initial.pathname}${query ? `?${query}` : ''}`, { replace: true });
      setChecking(false);
    };
    const attempt =
      handover.kind === 'token'
        ? checkToken(handover.accessToken).then((active) => {
            if (!active) throw new Error('inactive token');
            setTokens(handover.accessToken, handover.refreshToken);
          })
        : loginWithClientCredentials(handover.id, handover.secret);
    attempt.then(clean, () => navigate('/401', { replace: true }));
  }, [handover, initial, navigate]);

  useEffect(() => {
    if (session && !checking) rememberRoute(location.pathname + location.search);
  }, [session, checking, location.pathname, location.search]);

  if (checking) return <Spin fullscreen tip="正在验证身份…" />;
  if (!session) return <Navigate to="/index" replace />;
  return <Outlet />;
}
