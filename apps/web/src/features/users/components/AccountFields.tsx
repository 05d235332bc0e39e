import { Form, Input } from 'antd';
import {
  mobileRules,
  PASSWORD_HINT,
  passwordRules,
  realnameRules,
  usernameRules,
  VALIDATE_TRIGGERS,
} from './accountRules';

/** The fields of a new account: 账号, 姓名, 手机号 and 初始密码, with the contracts' rules. */
export function AccountFields() {
  return (
    <>
      <Form.Item
        name="username"
        label="账号"
        rules={usernameRules}
        validateFirst
        validateTrigger={VALIDATE_TRIGGERS}
      >
        <Input placeholder="字母、数字和 _ . @ -，3～32位" maxLength={32} autoComplete="off" />
      </Form.Item>
      <Form.Item name="realname" label="姓名" rules={realnameRules} validateFirst>
        <Input placeholder="请输入姓名" maxLength={32} />
      </Form.Item>
      <Form.Item
        name="mobile"
        label="手机号"
        rules={mobileRules()}
        validateFirst
        validateTrigger={VALIDATE_TRIGGERS}
      >
        <Input placeholder="选填，11位手机号" maxLength={11} />
      </Form.Item>
      <Form.Item name="password" label="初始密码" rules={passwordRules} validateFirst>
        <Input.Password placeholder={PASSWORD_HINT} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

/** The new account's values as the server takes them: trimmed, an empty mobile left out. */
export function accountBody(values: {
  username: string;
  realname: string;
  mobile?: string;
  password: string;
}) {
  return {
    username: values.username.trim(),
    realname: values.realname.trim(),
    ...(values.mobile ? { mobile: values.mobile } : {}),
    password: values.password,
  };
}
