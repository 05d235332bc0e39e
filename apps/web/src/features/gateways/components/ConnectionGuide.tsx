import type { Gateway } from '@iot/contracts/gateways';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Typography } from 'antd';
import { gatewaysApi } from '../api';

const { Paragraph, Text, Title } = Typography;

/**
 * What a device maker needs to connect this gateway (decision 0008): the broker address, the
 * credential rules, the topics, and commands to try it with. The secret itself is never shown
 * here; it is handed out once at creation or rotation.
 */
export function ConnectionGuide({ gateway }: { gateway: Gateway }) {
  const { data: system } = useQuery({
    queryKey: ['gateways', 'systemInfo'],
    queryFn: gatewaysApi.systemInfo,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const host = location.hostname;
  const port = system?.mqttPort ?? 1883;
  const serial = gateway.serialNumber;
  const telemetry = `gateways/${serial}/telemetry`;
  const example = `mosquitto_pub -h ${host} -p ${port} -q 1 \\
  -i ${serial} -u '${serial}' -P '<设备密钥>' \\
  -t '${telemetry}' \\
  -m '{"<数据标识>": 7.2}'`;
  const tbExample = `mosquitto_pub -h ${host} -p ${port} -q 1 \\
  -i ${serial} -u '<设备密钥>' -t 'v1/devices/me/telemetry' -m '{"<数据标识>": 7.2}'`;
  const httpExample = `curl -X POST '${location.origin}/api/v1/<设备密钥>/telemetry' \\
  -H 'Content-Type: application/json' -d '{"<数据标识>": 7.2}'`;

  return (
    <div data-testid="connection-guide">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="设备密钥只在创建网关或重置密钥时显示一次，平台不保存明文。遗失时请“重置密钥”，旧密钥随即失效。"
      />
      <Descriptions column={{ xs: 1, md: 2 }} bordered size="small" styles={{ label: { width: 140 } }}>
        <Descriptions.Item label="MQTT 服务器">
          <Text copyable>{`${host}:${port}`}</Text>
        </Descriptions.Item>
        <Descriptions.Item label="协议">MQTT 3.1.1，TCP，QoS 0 或 1</Descriptions.Item>
        <Descriptions.Item label="用户名">
          <Text copyable>{serial}</Text>（序列号）
        </Descriptions.Item>
        <Descriptions.Item label="密码">设备密钥</Descriptions.Item>
        <Descriptions.Item label="客户端 ID">
          <Text copyable>{serial}</Text>，或“序列号:后缀”（如 {serial}:2，同时保持多条连接时用）
        </Descriptions.Item>
        <Descriptions.Item label="上报主题">
          <Text copyable>{telemetry}</Text>
        </Descriptions.Item>
        <Descriptions.Item label="指令主题（订阅）">
          <Text copyable>{`gateways/${serial}/commands`}</Text>
        </Descriptions.Item>
        <Descriptions.Item label="指令应答主题">
          <Text copyable>{`gateways/${serial}/commands/ack`}</Text>
        </Descriptions.Item>
        <Descriptions.Item label="数据格式">
          <Text code>{'{"数据标识": 值}'}</Text>、<Text code>{'{"ts": 毫秒, "values": {…}}'}</Text>{' '}
          或它们的数组
        </Descriptions.Item>
      </Descriptions>
      <Paragraph type="secondary" style={{ marginTop: 12 }}>
        数据标识须与网关指标的“数据标识”一致；未知的标识和类型不符的数值会被拒绝并计数（见“被拒数据”），其余照常保存。
        带 ts 的数据按设备时间保存，设备时钟偏差过大时网关会显示时钟异常。设备只能发布和订阅自己的主题。
        客户端 ID 不是序列号（或“序列号:后缀”）的连接会被拒绝（标识符被拒），同一客户端 ID
        的新连接会顶替旧连接。
      </Paragraph>
      <Title level={5}>用 mosquitto_pub 试发一条数据</Title>
      <Paragraph>
        <pre style={{ margin: 0 }}>
          <Text copyable={{ text: example }}>{example}</Text>
        </pre>
      </Paragraph>
      <Title level={5}>兼容 ThingsBoard 的设备</Title>
      <Paragraph type="secondary">
        以设备密钥作为访问令牌：MQTT 用户名填设备密钥、密码留空，客户端 ID 同样填序列号（或“序列号:后缀”；
        留空则由服务器分配，仅限内置 MQTT 服务），发布到 v1/devices/me/telemetry，指令在
        v1/devices/me/rpc/request/+；或通过 HTTP 上报。
      </Paragraph>
      <Paragraph>
        <pre style={{ margin: 0 }}>
          <Text copyable={{ text: tbExample }}>{tbExample}</Text>
        </pre>
      </Paragraph>
      <Paragraph>
        <pre style={{ margin: 0 }}>
          <Text copyable={{ text: httpExample }}>{httpExample}</Text>
        </pre>
      </Paragraph>
    </div>
  );
}
