import { useLocation } from 'react-router';

/** The screen is shown in the mobile layout (/m/…, decision 0035). */
export function useInMobileLayout(): boolean {
  return /^\/m(\/|$)/.test(useLocation().pathname);
}

/** The address of a desktop route as seen from where the user is: /m keeps the user in /m. */
export function useScreenHref(): (path: string) => string {
  const mobile = useInMobileLayout();
  return (path) => (mobile && path.startsWith('/') ? `/m${path}` : path);
}
