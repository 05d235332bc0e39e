import { SubSystem } from '@iot/contracts';
import { MENU_CATALOGUE } from '@iot/contracts/menus';
import type { Theme } from '@iot/contracts/users';
import { Spin } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useParams } from 'react-router';
import { LoginPage } from '../features/auth/pages/LoginPage';
import { IndexPage } from '../features/static/pages/IndexPage';
import { NotFoundPage, UnauthorizedPage } from '../features/static/pages/ResultPages';
import { ThemeScope } from '../platform/themes';
import { Guard } from './Guard';
import { AppLayout } from './layout/AppLayout';
import { MobileLayout } from './layout/MobileLayout';
import { RootLayout } from './RootLayout';
import { ScopeRoutes } from './routes/ScopeRoutes';

const pages = {
  PayOrderPage: lazy(() => import('../features/purchases/index').then((m) => ({ default: m.PayOrderPage }))),
  ChangePasswordPage: lazy(() =>
    import('../features/users/pages/ChangePasswordPage').then((m) => ({ default: m.ChangePasswordPage })),
  ),
  InterfaceDocumentPage: lazy(() =>
    import('../features/static/pages/InterfaceDocumentPage').then((m) => ({
      default: m.InterfaceDocumentPage,
    })),
  ),
  ViewLastDataPage: lazy(() =>
    import('../features/monitoring/pages/ViewLastData').then((m) => ({ default: m.ViewLastData })),
  ),
  ArrearagePage: lazy(() =>
    import('../features/static/pages/ArrearagePage').then((m) => ({ default: m.ArrearagePage })),
  ),
};
const info = (name: keyof typeof import('../features/static/pages/StaticInfoPages')) =>
  lazy(() =>
    import('../features/static/pages/StaticInfoPages').then((m) => ({ default: m[name] as () => ReactNode })),
  );
const staticInfo = {
  UserManualPage: lazy(() =>
    import('../features/static/pages/ManualPages').then((m) => ({ default: m.UserManualPage })),
  ),
  FirmManualPage: lazy(() =>
    import('../features/static/pages/ManualPages').then((m) => ({ default: m.FirmManualPage })),
  ),
  VideoTutorialPage: lazy(() =>
    import('../features/static/video-tutorial/VideoTutorialPage').then((m) => ({
      default: m.VideoTutorialPage,
    })),
  ),
  ExcelConvertPage: lazy(() =>
    import('../features/static/excel-convert/ExcelConvertPage').then((m) => ({
      default: m.ExcelConvertPage,
    })),
  ),
  CloudConfigurationPage: info('CloudConfigurationPage'),
  WarrantyTestPage: info('WarrantyTestPage'),
  SerialKitPage: lazy(() =>
    import('../features/static/serial-kit/SerialKitPage').then((m) => ({ default: m.SerialKitPage })),
  ),
};
const PortalPage = lazy(() =>
  import('../features/static/portals/PortalPage').then((m) => ({ default: m.PortalPage })),
);

function load(node: ReactNode, theme?: Theme): ReactNode {
  const page = <Suspense fallback={<Spin fullscreen />}>{node}</Suspense>;
  return theme ? <ThemeScope theme={theme}>{page}</ThemeScope> : page;
}

/** URLs containing /projects/{n}/ go to /projects/ (spec core §2). */
function ProjectsNumberRedirect() {
  const params = useParams();
  if (!/^\d+$/.test(params.n ?? '')) return <NotFoundPage />;
  return <Navigate to={`/projects/${params['*'] ?? ''}`} replace />;
}

/** Personal sub-systems (user center, my projects, messages, audit) route at the top level. */
const PERSONAL_PATHS = MENU_CATALOGUE.filter((m) =>
  [SubSystem.USER_CENTER, SubSystem.MY_PROJECTS, SubSystem.MESSAGE, SubSystem.AUDIT].some(
    (s) => s === m.subSystem,
  ),
).map((m) => m.path);

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <Navigate to="/index" replace /> },
      { path: 'index', element: <IndexPage /> },
      { path: 'index.html', element: <Navigate to="/index" replace /> },
      { path: 'serialKit', element: load(<staticInfo.SerialKitPage />, 'tech') },
      { path: 'login', element: <LoginPage /> },
      { path: 'changePassword', element: load(<pages.ChangePasswordPage />) },
      { path: '404', element: <NotFoundPage /> },
      { path: '401', element: <UnauthorizedPage /> },
      { path: 'cloudConfiguration', element: load(<staticInfo.CloudConfigurationPage />) },
      { path: 'wscindex', element: load(<PortalPage name="wscindex" />) },
      { path: 'yqindex', element: load(<PortalPage name="yqindex" />) },
      { path: 'nwzwindex', element: load(<PortalPage name="nwzwindex" />) },
      { path: 'viewLastData', element: load(<pages.ViewLastDataPage />, 'tech') },
      { path: 'videotutorial', element: load(<staticInfo.VideoTutorialPage />) },
      { path: 'userManual', element: load(<staticInfo.UserManualPage />) },
      // 新手引导 links the manual at /docs/userManual/ (feature-areas §2).
      { path: 'docs/userManual', element: load(<staticInfo.UserManualPage />) },
      { path: 'interfaceDocument/:subPage?', element: load(<pages.InterfaceDocumentPage />) },
      { path: 'firmManual', element: load(<staticInfo.FirmManualPage />) },
      { path: 'excelConvert', element: load(<staticInfo.ExcelConvertPage />) },
      { path: 'warrantyTestPage', element: load(<staticInfo.WarrantyTestPage />, 'tech') },
      {
        path: 'arrearageProjectPage/:groupId',
        id: 'arrearageProjectPage',
        element: load(<pages.ArrearagePage />),
      },
      {
        element: <Guard />,
        children: [
          { path: 'payOrder/:groupId/:orderId', element: load(<pages.PayOrderPage />) },
          { path: 'm', element: <MobileLayout /> },
          { path: 'm/*', element: <MobileLayout /> },
          { path: 'projects/:n/*', element: <ProjectsNumberRedirect /> },
          {
            element: <AppLayout />,
            children: [
              { path: 'project/:groupId/index/projectHD/hd', element: <ScopeRoutes /> },
              { path: 'projects/groups/:groupId/*', element: <ScopeRoutes /> },
              { path: 'sites/groups/:groupId/*', element: <ScopeRoutes /> },
              { path: 'corporations/groups/:groupId/*', element: <ScopeRoutes /> },
              { path: 'gatewayfirms/:firmId/*', element: <ScopeRoutes /> },
              { path: 'system/*', element: <ScopeRoutes /> },
              ...PERSONAL_PATHS.map((path) => ({ path, element: <ScopeRoutes /> })),
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
