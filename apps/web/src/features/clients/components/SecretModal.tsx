import type { ClientWithSecret } from '@iot/contracts/clients';
import { Alert, Descriptions, Modal, Typography } from 'antd';

/** The secret, shown this once: the server keeps only its hash. */
export function SecretModal({ client, onClose }: { client: ClientWithSecret | null; onClose(): void }) {
  return (
    <Modal
      open={client !== null}
      title="客户端密钥"
      okText="我已保存"
      cancelButtonProps={{ style: { display: 'none' } }}
      closable={false}
      maskClosable={false}
      onOk={onClose}
      destroyOnHidden
    >
      {client && (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ margin: '12px 0' }}
            message="密钥只显示这一次，关闭后无法再次查看；遗失时请重置密钥。"
          />
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="clientId">
              <Typography.Text copyable>{client.clientId}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="clientSecret">
              <Typography.Text copyable code data-testid="client-secret">
                {client.clientSecret}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Modal>
  );
}
