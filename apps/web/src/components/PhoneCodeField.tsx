import { SafetyOutlined } from '@ant-design/icons';
import { PHONE_CODE_REQUIRED } from '@iot/contracts';
import { Button, Form, Input, Space } from 'antd';
import { useEffect, useState } from 'react';

/** Seconds before another code may be asked for (the server refuses sooner ones too). */
const RESEND_SECONDS = 60;

/** A resend countdown: `start()` after a code was sent; counts down to 0 once a second. */
export function useResendCountdown(): [countdown: number, start: () => void] {
  const [countdown, setCountdown] = useState(0);
  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);
  return [countdown, () => setCountdown(RESEND_SECONDS)];
}

/** The phone-code input with its 获取验证码 button, as sign-in and password reset both use it. */
export function PhoneCodeField(props: {
  name: string;
  placeholder: string;
  countdown: number;
  sending: boolean;
  /** May reject (e.g. the phone field's validation failed): the field already shows why. */
  onSend(): unknown;
}) {
  return (
    <Form.Item>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item
          name={props.name}
          noStyle
          rules={[{ required: true, whitespace: true, message: PHONE_CODE_REQUIRED }]}
        >
          <Input size="large" prefix={<SafetyOutlined />} placeholder={props.placeholder} maxLength={6} />
        </Form.Item>
        <Button
          size="large"
          onClick={() => void Promise.resolve(props.onSend()).catch(() => undefined)}
          loading={props.sending}
          disabled={props.countdown > 0}
          style={{ width: 128 }}
        >
          {props.countdown > 0 ? `${props.countdown} 秒后重发` : '获取验证码'}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
