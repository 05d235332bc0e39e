import { WarningOutlined } from '@ant-design/icons';
import { Alert, Descriptions, Modal, Typography } from 'antd';

export interface ShownSecret {
  serialNumber: string;
  secret: string;
  /** Printed on the device label; only answered when the gateway is created. */
  bindCode?: string;
  title: string;
}

/**
 * The device secret, shown this once (after create or rotation): the server keeps only its hash,
 * so closing the dialog loses it for good.
 */
export function SecretModal({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  return (
    <Modal
      open={shown !== null}
      title={shown?.title}
      onCancel={onClose}
      onOk={onClose}
      okText="我已妥善保存"
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
      destroyOnHidden
      width={620}
    >
      {shown && (
        <>
          <Alert
            type="warning"
            showIcon
            icon={<WarningOutlined />}
            title="设备密钥只显示这一次"
            description="平台只保存密钥的摘要，关闭此窗口后无法再次查看。请立即复制并交给设备厂商写入设备；遗失后只能重置密钥（旧密钥随即失效）。"
            style={{ marginBottom: 16 }}
          />
          <Descriptions column={1} bordered size="small" styles={{ label: { width: 110 } }}>
            <Descriptions.Item label="序列号">{shown.serialNumber}</Descriptions.Item>
            <Descriptions.Item label="设备密钥">
              <Typography.Text code copyable={{ text: shown.secret }} data-testid="device-secret">
                {shown.secret}
              </Typography.Text>
            </Descriptions.Item>
            {shown.bindCode && (
              <Descriptions.Item label="绑定码">
                <Typography.Text code copyable={{ text: shown.bindCode }} data-testid="bind-code">
                  {shown.bindCode}
                </Typography.Text>
              </Descriptions.Item>
            )}
          </Descriptions>
        </>
      )}
    </Modal>
  );
}
