import { type MessageSetting, noticeSeconds } from '@iot/contracts/users';
import { Alert, App, Button, Col, Form, InputNumber, Row, Skeleton, Switch, Typography } from 'antd';
import { LoadError } from '../../../components/LoadState';
import { schemaRule } from '../../../components/schemaRule';
import { useMessageSetting, useSaveMessageSetting } from '../api';

const MESSAGE_KINDS = [
  { label: '监测预警消息', operate: 'warningMessageOperate', voice: 'isWarningVoice' },
  { label: '设备故障消息', operate: 'malfunctionMessageOperate', voice: 'isMalfunctionVoice' },
  { label: '设备保养消息', operate: 'maintenanceMessageOperate', voice: 'isMaintenanceVoice' },
  { label: '其它消息', operate: 'otherMessageOperate', voice: 'isOtherVoice' },
] as const satisfies readonly { label: string; operate: keyof MessageSetting; voice: keyof MessageSetting }[];

/**
 * The signed-in user's message settings (spec core §3): show notices, mute the chime, and per kind
 * how long a notice stays and whether its title is read out. Used by 消息设置 and the user center.
 */
export function MessageSettingForm() {
  const { message: toast } = App.useApp();
  const setting = useMessageSetting();
  const save = useSaveMessageSetting();
  const [form] = Form.useForm<MessageSetting>();
  const showMessage = Form.useWatch('isShowMessage', form) ?? setting.data?.isShowMessage ?? true;

  if (setting.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!setting.data) {
    return <LoadError what="消息设置" error={setting.error} onRetry={setting.refetch} />;
  }
  const stored = setting.data;
  return (
    <Form
      form={form}
      layout="horizontal"
      style={{ maxWidth: 640 }}
      initialValues={stored}
      onFinish={(values) =>
        save.mutate({ ...stored, ...values }, { onSuccess: () => void toast.success('消息设置已保存') })
      }
    >
      <Form.Item
        name="isShowMessage"
        label="显示消息通知"
        valuePropName="checked"
        extra="关闭后不再弹出右下角的消息通知，语音播报也随之失效"
      >
        <Switch />
      </Form.Item>
      <Form.Item name="isMuteMessageSound" label="消息提示音静音" valuePropName="checked">
        <Switch />
      </Form.Item>
      {!showMessage && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="「显示消息通知」已关闭，语音播报开关暂不可用；重新开启后按原设置生效。"
        />
      )}
      <Row gutter={16} style={{ fontWeight: 600, marginBottom: 8 }}>
        <Col span={8}>消息类型</Col>
        <Col span={10}>通知停留时间</Col>
        <Col span={6}>语音播报</Col>
      </Row>
      {MESSAGE_KINDS.map((kind) => (
        <Row gutter={16} key={kind.operate} align="middle">
          <Col span={8} style={{ paddingBottom: 24 }}>
            {kind.label}
          </Col>
          <Col span={10}>
            <Form.Item
              name={kind.operate}
              rules={[{ required: true, message: '请输入停留时间' }, schemaRule(noticeSeconds)]}
            >
              <InputNumber
                min={0}
                max={3600}
                step={1}
                suffix="秒"
                style={{ width: '100%' }}
                aria-label={`${kind.label}停留时间`}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name={kind.voice} valuePropName="checked">
              <Switch disabled={!showMessage} aria-label={`${kind.label}语音播报`} />
            </Form.Item>
          </Col>
        </Row>
      ))}
      <Typography.Paragraph type="secondary">
        停留时间是通知自动关闭前显示的秒数；0 表示不自动关闭，需手动关闭。
      </Typography.Paragraph>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存
      </Button>
    </Form>
  );
}
