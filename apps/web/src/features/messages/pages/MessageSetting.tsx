import { Card } from 'antd';
import { MessageSettingForm } from '../components/MessageSettingForm';

/** 消息设置 (router-messageSetting): the user's own message settings. */
export function MessageSetting() {
  return (
    <Card title="消息设置">
      <MessageSettingForm />
    </Card>
  );
}
