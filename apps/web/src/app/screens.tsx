import { Spin } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';
import { UnderConstruction } from '../components/UnderConstruction';

/**
 * Menu component keys → lazily loaded screens. A key without a screen yet shows the honest
 * 建设中 page naming what will be there; screens join this map as their issues land.
 */
const SCREENS: Record<string, ComponentType> = {
  'users/UserCenter': lazy(() =>
    import('../features/users/pages/UserCenter').then((m) => ({ default: m.UserCenter })),
  ),
  'projects/MyProjects': lazy(() =>
    import('../features/projects/pages/MyProjects').then((m) => ({ default: m.MyProjects })),
  ),
  'users/Users': lazy(() => import('../features/users/pages/Users').then((m) => ({ default: m.Users }))),
  'roles/Roles': lazy(() => import('../features/roles/pages/Roles').then((m) => ({ default: m.Roles }))),
  'memberships/Members': lazy(() =>
    import('../features/memberships/pages/Members').then((m) => ({ default: m.Members })),
  ),
};

export function Screen({ component, title }: { component: string; title: string }) {
  const Component = SCREENS[component];
  if (!Component) return <UnderConstruction title={title} component={component} />;
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
      <Component />
    </Suspense>
  );
}
