import { NOTICE_SECONDS } from '@iot/contracts';
import { type MessageSetting, NoticeOperate } from '@iot/contracts/users';
import { Alert, App, Button, Col, Form, Row, Select, Skeleton, Switch, Typography } from 'antd';
import { LoadError } from '../../../components/LoadState';
import { useMessageSetting, useSaveMessageSetting } from '../api';

const MESSAGE_KINDS = [
  { label: '监测预警消息', operate: 'warningMessageOperate', voice: 'isWarningVoice' },
  { label: '设备故障消息', operate: 'malfunctionMessageOperate', voice: 'isMalfunctionVoice' },
  { label: '设备保养消息', operate: 'maintenanceMessageOperate', voice: 'isMaintenanceVoice' },
  { label: '其它消息', operate: 'otherMessageOperate', voice: 'isOtherVoice' },
] as const satisfies readonly { label: string; operate: keyof MessageSetting; voice: keyof MessageSetting }[];

/** Spec feature-areas §3: each kind's operation mode, 0 closing by itself. */
const OPERATE_OPTIONS = [
  { value: NoticeOperate.AUTO_CLOSE, label: '自动关闭' },
  { value: NoticeOperate.STAY, label: '手动关闭' },
];

/**
 * The signed-in user's message settings (spec core §3): show notices, mute the chime, and per kind
 * whether its notices close by themselves and whether its title is read out. Used by 消息设置 and the user center.
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
        <Col span={10}>通知关闭方式</Col>
        <Col span={6}>语音播报</Col>
      </Row>
      {MESSAGE_KINDS.map((kind) => (
        <Row gutter={16} key={kind.operate} align="middle">
          <Col span={8} style={{ paddingBottom: 24 }}>
            {kind.label}
          </Col>
          <Col span={10}>
            <Form.Item name={kind.operate}>
              <Select
                options={OPERATE_OPTIONS}
                style={{ width: '100%' }}
                aria-label={`${kind.label}关闭方式`}
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
        自动关闭：通知显示 {NOTICE_SECONDS}{' '}
        秒后自行关闭；手动关闭：通知一直显示，直到点击关闭。「其它消息」的方式也用于项目即将欠费、套餐到期等提醒。
      </Typography.Paragraph>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存
      </Button>
    </Form>
  );
}
