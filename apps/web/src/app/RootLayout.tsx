import { App as AntApp } from 'antd';
import { Outlet } from 'react-router';
import { useLoginInfo } from '../platform/queries';
import { useSession } from '../platform/session';
import { isTheme, ThemeScope } from '../platform/themes';
import { HttpFeedbackBridge } from './HttpFeedbackBridge';

/**
 * The theme of a page: the route's own when it sets one (a nested ThemeScope), else the user's,
 * else light (spec core §1).
 */
export function RootLayout() {
  const session = useSession();
  const { data: info } = useLoginInfo();
  const userTheme = session ? (info?.theme ?? session.theme) : undefined;
  const theme = isTheme(userTheme) ? userTheme : 'light';
  return (
    <ThemeScope theme={theme}>
      <AntApp>
        <HttpFeedbackBridge />
        <Outlet />
      </AntApp>
    </ThemeScope>
  );
}
