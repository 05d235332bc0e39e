import { Button, Result, Space } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../platform/session';

export function NotFoundPage() {
  return (
    <div className="centered-page">
      <Result
        status="404"
        title="404"
        subTitle="页面不存在"
        extra={
          <Link to="/index">
            <Button type="primary">返回首页</Button>
          </Link>
        }
      />
    </div>
  );
}

/** Whether this tab has a page of the app to go back to (react-router counts its history entries). */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return (state?.idx ?? 0) > 0;
}

/**
 * /401. A signed-in user lands here when a page needs a permission their roles lack: that is no
 * sign-in problem, so they are told so and offered the way back, not 重新登录. Without a session
 * (a failed token hand-over) it asks to sign in.
 */
export function UnauthorizedPage() {
  const session = useSession();
  const navigate = useNavigate();
  if (session) {
    return (
      <div className="centered-page">
        <Result
          status="403"
          title="无权访问此页面"
          subTitle="您的账号没有访问此页面的权限。如需使用，请联系管理员为您的角色开通。"
          extra={
            <Space wrap style={{ justifyContent: 'center' }}>
              {canGoBack() && (
                <Button type="primary" onClick={() => navigate(-1)}>
                  返回上一页
                </Button>
              )}
              <Link to="/projects">
                <Button type={canGoBack() ? 'default' : 'primary'}>返回我的项目</Button>
              </Link>
            </Space>
          }
        />
      </div>
    );
  }
  return (
    <div className="centered-page">
      <Result
        status="403"
        title="401"
        subTitle="身份认证失败，请重新登录"
        extra={
          <Link to="/login">
            <Button type="primary">重新登录</Button>
          </Link>
        }
      />
    </div>
  );
}
