import { App as AntApp } from 'antd';
import { Outlet } from 'react-router';
import { HttpFeedbackBridge } from './HttpFeedbackBridge';
import { useLoginInfo } from './queries';
import { useSession } from './session';
import { isTheme, ThemeScope } from './themes';

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
