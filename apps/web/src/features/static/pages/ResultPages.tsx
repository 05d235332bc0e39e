import { Button, Result } from 'antd';
import { Link } from 'react-router';

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

export function UnauthorizedPage() {
  return (
    <div className="centered-page">
      <Result
        status="403"
        title="401"
        subTitle="身份认证失败或没有访问权限，请重新登录"
        extra={
          <Link to="/login">
            <Button type="primary">重新登录</Button>
          </Link>
        }
      />
    </div>
  );
}
