import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Flex, Typography } from 'antd';
import { useState } from 'react';
import { http } from '../../../api/http';
import { GatewayPicker } from '../../remote-control/index';

const { Text } = Typography;

/** A command to copy, under its caption. */
function Code({ caption, children }: { caption: string; children: string }) {
  return (
    <div style={{ marginBottom: 12 }}>
      <Flex justify="space-between" align="center">
        <Text type="secondary">{caption}</Text>
        <Text copyable={{ text: children }} />
      </Flex>
      <pre
        style={{
          margin: '4px 0 0',
          padding: '8px 12px',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
          background: 'var(--ant-color-fill-quaternary, rgba(127, 127, 127, 0.08))',
          border: '1px solid var(--ant-color-border-secondary, rgba(127, 127, 127, 0.2))',
          borderRadius: 6,
        }}
      >
        {children}
      </pre>
    </div>
  );
}

/**
 * 传感器接入: how a device connects (decision 0008): the broker's address and port, its topics with
 * the gateway's serial number, and examples for MQTT (native and ThingsBoard-compatible) and HTTP.
 */
export function SensorAccess({ projectId }: { projectId: number }) {
  const { data: system } = useQuery({
    queryKey: ['sensorAccess', 'systemInfo'],
    queryFn: () => http.get<{ mqttPort: number }>('/iot/system/info', { anonymous: true }),
  });
  const [gatewayId, setGatewayId] = useState(0);
  const [serial, setSerial] = useState('');
  const host = window.location.hostname;
  const port = system?.mqttPort ?? 1883;
  const sn = serial || '{序列号}';
  const origin = window.location.origin;

  return (
    <Flex vertical gap={16}>
      <Alert
        type="info"
        showIcon
        title="设备使用网关自己的凭证接入：创建网关（或重置密钥）时显示一次的密钥。原生协议以序列号为用户名、密钥为密码；兼容 ThingsBoard 的设备以密钥为访问令牌。MQTT 客户端 ID 须为序列号，或“序列号:后缀”（同时保持多条连接时用）。"
      />
      <Flex gap={12} align="center" wrap>
        <span>示例网关</span>
        <GatewayPicker
          projectId={projectId}
          value={gatewayId}
          width={320}
          onChange={(id) => {
            setGatewayId(id);
            setSerial('');
          }}
          onPicked={(gateway) => setSerial(gateway.serialNumber)}
        />
        <Text type="secondary">选择网关后，下面的示例填入它的序列号</Text>
      </Flex>
      <Descriptions bordered size="small" column={1} styles={{ label: { width: 180 } }}>
        <Descriptions.Item label="MQTT 服务器">
          <Text copyable data-testid="mqtt-address">{`${host}:${port}`}</Text>
        </Descriptions.Item>
        <Descriptions.Item label="MQTT 客户端 ID">
          <Text copyable>{sn}</Text>，或 {`${sn}:后缀`}
        </Descriptions.Item>
        <Descriptions.Item label="上报主题（原生）">
          <Text copyable>{`gateways/${sn}/telemetry`}</Text>
        </Descriptions.Item>
        <Descriptions.Item label="指令主题（订阅）">
          <Text copyable>{`gateways/${sn}/commands`}</Text>
        </Descriptions.Item>
        <Descriptions.Item label="指令应答主题">
          <Text copyable>{`gateways/${sn}/commands/ack`}</Text>
        </Descriptions.Item>
        <Descriptions.Item label="ThingsBoard 兼容主题">
          上报 v1/devices/me/telemetry；指令 v1/devices/me/rpc/request/+；应答 v1/devices/me/rpc/response/
          {'{id}'}
        </Descriptions.Item>
        <Descriptions.Item label="HTTP 上报">
          <Text copyable>{`POST ${origin}/api/v1/{密钥}/telemetry`}</Text>
        </Descriptions.Item>
        <Descriptions.Item label="数据格式">
          {'{"标识": 值}'}、{'{"ts": 毫秒时间戳, "values": {…}}'}{' '}
          或它们的数组；键为网关指标的数据标识，值按指标类型校验。
        </Descriptions.Item>
      </Descriptions>
      <Card size="small" title="示例">
        <Code caption="原生协议（用户名 = 序列号，密码 = 密钥）">{`mosquitto_pub -h ${host} -p ${port} -i ${sn} -u ${sn} -P '{密钥}' -t gateways/${sn}/telemetry -q 1 -m '{"cod": 38.2, "ph": 7.1}'`}</Code>
        <Code caption="接收指令并应答">{`mosquitto_sub -h ${host} -p ${port} -i ${sn}:sub -u ${sn} -P '{密钥}' -t gateways/${sn}/commands -q 1
# 收到 {"id": 12, "metric": "valve", "value": 1} 后执行，并用另一个客户端 ID 应答：
mosquitto_pub -h ${host} -p ${port} -i ${sn}:ack -u ${sn} -P '{密钥}' -t gateways/${sn}/commands/ack -q 1 -m '{"id": 12, "success": true}'`}</Code>
        <Code caption="ThingsBoard 兼容（用户名 = 密钥，无密码）">{`mosquitto_pub -h ${host} -p ${port} -i ${sn} -u '{密钥}' -t v1/devices/me/telemetry -q 1 -m '{"ts": ${Date.now()}, "values": {"cod": 38.2}}'`}</Code>
        <Code caption="HTTP">{`curl -H 'content-type: application/json' -d '{"cod": 38.2}' ${origin}/api/v1/{密钥}/telemetry`}</Code>
      </Card>
    </Flex>
  );
}
